"""A request's program as a function of the tool's arrays: f(x) for x the input's coordinates (1-d)
to the output's coordinates (1-d), through the native translation (translator.py).

The input's index is static (the request gives it), so read and write walk the structure in
Python and the tool sees only its tensors: the same f runs eagerly, under jit, under
tf.function, under vmap.
"""
import json
import sys
import types

import numpy as np

from .adapter_kit import DomainError, Unsupported, number
from .runtime import EagerRuntime, ReplayRuntime, TracedRuntime
from .translator import TranslationError, translate
from .values import NotData, read_value, type_descriptor, write_value


def program_of(request):
    """The request's `json` translation: the program JSON object (or its text)."""
    program = request.get("translations", {}).get("json")
    if isinstance(program, str):
        program = json.loads(program)
    if not isinstance(program, dict) or "main" not in program:
        raise Unsupported("the request has no json translation")
    return program


_LOADED = []


def _module_name():
    """A fresh module name per translation (torch.compile's guards look modules up by name); the
    oldest are dropped from sys.modules."""
    name = "chad_translation_%d" % (len(_LOADED) and int(_LOADED[-1].rsplit("_", 1)[1]) + 1)
    _LOADED.append(name)
    while len(_LOADED) > 16:
        sys.modules.pop(_LOADED.pop(0), None)
    return name


class NativeProgram:
    """The translated program of one request for one backend, checked (eager) or traced."""

    def __init__(self, request, backend, traced, replay=None):
        """traced: comparisons as the tool's conditional; else replay (a list of outcomes): the
        eager run's branches; else eager (checked)."""
        self.request = request
        self.backend = backend
        self.program = program_of(request)
        self.input_type = type_descriptor(self.program["input_type"])
        self.output_type = type_descriptor(self.program["output_type"])
        try:
            self.source = translate(self.program, backend, checked=not traced and replay is None)
        except TranslationError as exc:
            raise Unsupported(str(exc)) from None
        module = types.ModuleType(_module_name())  # importable: torch.compile looks it up
        sys.modules[module.__name__] = module
        namespace = module.__dict__
        try:
            code = compile(self.source, "<%s translation>" % backend.NAME, "exec")
        except (SyntaxError, RecursionError, MemoryError) as exc:
            raise Unsupported("the translation does not compile in Python: %s" % exc) from None
        exec(code, namespace)
        if traced:
            self.runtime = TracedRuntime(backend)
        elif replay is not None:
            self.runtime = ReplayRuntime(backend, replay)
        else:
            self.runtime = EagerRuntime(backend)
        self.main = namespace["build"](self.runtime)
        self.index = request["input"]["index"]
        self.points = [number(c) for c in request["input"]["coords"]]
        self.output_index = None

    def x(self):
        return self.backend.vector(self.points)

    def input_leaves(self):
        """The input as a tuple of the tool's tensors, one per real or array of the input's type
        (0-d for a real), in the order of its coordinates."""
        leaves = []

        def take(start, shape):
            n = int(np.prod(shape)) if shape else 1
            leaves.append(self.backend.leaf(np.array(self.points[start:start + n], dtype=np.float64).reshape(shape)))
            return None
        read_value(self.input_type, self.index, take, [0])
        return tuple(leaves)

    def __call__(self, x):
        """The output's coordinates as one 1-d tensor; sets output_index and output_shapes."""
        take = lambda start, shape: self.backend.take(x, start, shape)
        return self.backend.concat(self._run(take))

    def call_leaves(self, leaves):
        """The output as a tuple of the tool's tensors, one per real or array of the output's type,
        from the input as input_leaves() gives it: no slicing of one input vector, no concatenation
        into one output vector (for a tool that differentiates structures, JAX's pytrees)."""
        remaining = iter(leaves)
        return tuple(self._run(lambda start, shape: next(remaining)))

    def _run(self, take):
        self.runtime.start()
        value = read_value(self.input_type, self.index, take, [0])
        out = self.main(value)
        pieces = []
        try:
            self.output_index = write_value(self.output_type, out, pieces, size=self.backend.size)
        except NotData as exc:
            raise Unsupported("the output holds %s" % exc) from None
        # (a scalar backend's pieces are plain numbers or its own scalars: shape ())
        self.output_shapes = [tuple(p.shape) if hasattr(p, "shape") else () for p in pieces]
        return pieces


def output_of(program):
    """(index, coordinates as floats) of the program at its input, run eagerly (on the input's
    tensors one by one where the backend takes leaves)."""
    if getattr(program.backend, "TAKES_LEAVES", False):
        pieces = program.call_leaves(program.input_leaves())
        coords = [c for piece in pieces for c in program.backend.floats(piece)]
    else:
        coords = program.backend.floats(program(program.x()))
    return program.output_index, coords


__all__ = ["NativeProgram", "output_of", "DomainError", "Unsupported"]

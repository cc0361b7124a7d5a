"""The adapter kit's front for tool authors: give the derivative functions, the kit serves them.

An AD tool of scalars (dual numbers, a tape of scalar nodes, a Taylor arithmetic) is judged with

    from chad_oracle import kit
    kit.serve_scalar_tool("my-tool", "1.0", jvp=my_jvp)      # and/or vjp=, jacobian=, hvp=

where each function gets `f`, the request's program as a Python function from a list of the
tool's numbers (the input's coordinates) to the list of the output's coordinates, and `x`, the
input point (floats):

    jvp(f, x, seed) -> the output's tangent (m floats)         seed: n floats
    vjp(f, x, cotangent) -> the input's cotangent (n floats)   cotangent: m floats
    jacobian(f, x) -> m rows of n floats
    hvp(f, x, cotangent, seed) -> n floats (H_w v; second order, declared only when given)

The tool's numbers need the arithmetic operators (mixed with floats both sides) and `__float__`;
an elementary function (sin, cos, exp, log, sqrt, tanh, log1p, expm1, atan, erf, sigmoid,
softplus: `x.sin()`) or a binary one (`x.pow(y)`, `y.atan2(x)` for atan2(y, x), `x.hypot(y)`) is
declared in the hello exactly when the number class given as `number` has the method of that
name; abs, max and min always are (the number's `x.abs()`, `x.max(y)`, `x.min(y)` when it has
them, else chosen by comparing the primal values, as the program's own comparisons are).
The kit (adapter_kit) does the rest: the protocol loop, hex floats, errors of the protocol's
kinds (kit.Unsupported, kit.DomainError; any other exception is a crash), timing, the declared
fragment and the asks derived from those given (a Jacobian from JVPs, a VJP from the Jacobian).
Tools over whole arrays (JAX, PyTorch, TensorFlow: chad_oracle.modes) subclass
adapter_kit.Mode instead.
"""
from . import adapter_kit
from .adapter_kit import DomainError, Unsupported  # noqa: F401 (the kit's error kinds)
from .backends import scalar_backend
from .modes.native import NativeMode, NativePrepared

ARITHMETIC = ("+", "-", "*", "/", "neg", "sum", "dot", "matvec", "scale", "get", "vec", "<", ">",
              "mean", "prod", "cumsum", "matmul", "transpose", "outer", "^")


class _ScalarPrepared(NativePrepared):
    """One request's program as f(list of numbers) -> list of numbers, at its input point."""

    def setup(self, mode):
        native, self.point = self.f, [float(v) for v in self.x]
        self.program = lambda numbers: list(native(scalar_backend.stack(list(numbers))))

    def primal(self):
        self.program(self.point)


def _scalar_prepared(functions):
    """A Prepared class whose asks are exactly the functions given (the kit derives the rest)."""
    body = {}
    if "jvp" in functions:
        body["jvp"] = lambda self, seeds: [functions["jvp"](self.program, self.point, s) for s in seeds]
    if "vjp" in functions:
        body["vjp"] = lambda self, seeds: [functions["vjp"](self.program, self.point, s) for s in seeds]
    if "jacobian" in functions:
        body["jacobian"] = lambda self: functions["jacobian"](self.program, self.point)
    if "hvp" in functions:
        body["hvp"] = lambda self, w, seeds: [functions["hvp"](self.program, self.point, w, s) for s in seeds]
    return type("ScalarPrepared", (_ScalarPrepared,), body)


def primitives_of(term):
    """The primitives a program JSON's term uses (the `op` of each `prim` node)."""
    found, stack = set(), [term]
    while stack:
        t = stack.pop()
        if isinstance(t, dict):
            if t.get("former") == "prim" and isinstance(t.get("op"), str):
                found.add(t["op"])
            stack.extend(t.values())
        elif isinstance(t, list):
            stack.extend(t)
    return found


class _ScalarMode(NativeMode):
    """A NativeMode over scalar_backend that answers `unsupported` to a program using a primitive
    outside its declared fragment (the backend spells some the tool's numbers do not define)."""

    standalone_script = None
    backend = scalar_backend

    def prepare(self, request):
        from .program import program_of
        outside = sorted(primitives_of(program_of(request)["main"]) - set(self.primitives))
        if outside:
            raise Unsupported("%s does not declare %s" % (self.tool, ", ".join(outside)))
        return NativeMode.prepare(self, request)


def scalar_mode(tool, version, number=None, jvp=None, vjp=None, jacobian=None, hvp=None, name=None,
                precision="float64"):
    """The Mode of a scalar tool (serve it with adapter_kit.main, or use serve_scalar_tool)."""
    functions = {k: v for k, v in (("jvp", jvp), ("vjp", vjp), ("jacobian", jacobian), ("hvp", hvp)) if v}
    if not set(functions) & {"jvp", "vjp", "jacobian"}:
        raise ValueError("a tool needs at least one of jvp, vjp, jacobian")
    asks = adapter_kit.ASKS + (("hvp", "hessian") if hvp else ())
    return type("ScalarMode", (_ScalarMode,), {
        "name": name or tool, "tool": tool, "version": version, "precision": precision,
        "primitives": ARITHMETIC + scalar_backend.declared(number), "asks": asks,
        "prepared_type": _scalar_prepared(functions)})()


def serve_scalar_tool(tool, version, **functions):
    """Serve a scalar tool over standard input and output until `bye` (exits the process)."""
    adapter_kit.main(scalar_mode(tool, version, **functions))

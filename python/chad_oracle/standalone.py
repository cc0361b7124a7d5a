"""Writes a standalone script in one tool's idiom that shows its derivative of a program at a point.

    python -m chad_oracle.standalone --program P.json --index '{"reals": 2}' --coords 0x1p-1,0x1.4p+0 \
        --tool jax [--direction reverse|forward] [--compiled jit] [--enclosure E.json] --out repro.py

The script uses only the tool (and NumPy): the program's native translation (the tool's own
operators), the small runtime of the translation's values (tuples, constructors, folds, thunks),
the input as exact hex floats, and the tool's Jacobian (reverse: jax.jacrev / torch.func.jacrev /
GradientTape.jacobian; forward: jax.jacfwd / torch.func.jacfwd / ForwardAccumulator per column),
compiled as the mode that found it compiles (--compiled: `jit` for JAX, `function` for TensorFlow,
torch.compile's backend `aot_eager` or `inductor` for PyTorch, whose rows then come from
torch.autograd.grad through the compiled function; comparisons take the eager run's branches, where
a traced mode uses the tool's conditional), printed entry by entry against the certified enclosure
when one is given
(E.json: {"jacobian": [[["lo hex", "hi hex"], ...], ...]}, one row per output coordinate; with
"tool_precision" (the same shape) and "precision", an entry inside either enclosure is "inside":
the oracle's rule for a tool computing in that precision), then a VERDICT line.
"""
import argparse
import inspect
import json
import re
import sys

from . import runtime, values
from .translator import translate

BACKENDS = {"jax": "chad_oracle.backends.jax_backend", "torch": "chad_oracle.backends.torch_backend",
            "tf": "chad_oracle.backends.tf_backend"}

JACOBIANS = {
    ("jax", "reverse"): "jax.jacrev(f)(x)", ("jax", "forward"): "jax.jacfwd(f)(x)",
    ("torch", "reverse"): "torch.func.jacrev(f)(x)", ("torch", "forward"): "torch.func.jacfwd(f)(x)",
    ("tf", "reverse"): "tape_jacobian(f, x)", ("tf", "forward"): "forward_jacobian(f, x)",
}
# The same under the tool's compiler, for a mode that compiles (a fault of the compiler alone
# shows only there).
COMPILED = {
    ("jax", "jit", "reverse"): "jax.jit(jax.jacrev(f))(x)", ("jax", "jit", "forward"): "jax.jit(jax.jacfwd(f))(x)",
    ("tf", "function", "reverse"): "tf.function(lambda x: tape_jacobian(f, x))(x)",
    ("tf", "function", "forward"): "tf.function(lambda x: forward_jacobian(f, x))(x)",
    ("torch", "aot_eager", "reverse"): "compiled_jacobian(f, x, 'aot_eager')",
    ("torch", "inductor", "reverse"): "compiled_jacobian(f, x, 'inductor')",
}
TORCH_COMPILED_HELPERS = '''
def compiled_jacobian(f, x, backend):
    """The Jacobian's rows by torch.autograd.grad through torch.compile(f), one backward per output."""
    g = torch.compile(f, backend=backend, dynamic=False)
    x = x.clone().requires_grad_(True)
    y = g(x)
    if not y.requires_grad:  # an output that does not depend on the input
        return torch.zeros((y.numel(), x.numel()), dtype=x.dtype)
    rows = []
    for i in range(y.numel()):
        seed = torch.zeros_like(y)
        seed[i] = 1.0
        (row,) = torch.autograd.grad(y, x, grad_outputs=seed, retain_graph=True, allow_unused=True,
                                     materialize_grads=True)
        rows.append(row)
    return torch.stack(rows).detach() if rows else torch.zeros((0, x.numel()), dtype=x.dtype)
'''


def jacobian_expression(tool, direction, compiled=None):
    """The script's Jacobian: the tool's transformation, under its compiler where `compiled` names one."""
    if not compiled:
        return JACOBIANS[tool, direction]
    if (tool, compiled, direction) not in COMPILED:
        raise ValueError("no %s script compiled by %r in the %s direction" % (tool, compiled, direction))
    return COMPILED[tool, compiled, direction]


TF_HELPERS = '''
def tape_jacobian(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.jacobian(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)


def forward_jacobian(f, x):
    columns = []
    for k in range(int(x.shape[0])):
        with tf.autodiff.ForwardAccumulator(x, tf.one_hot(k, int(x.shape[0]), dtype=tf.float64)) as acc:
            y = f(x)
        columns.append(acc.jvp(y, unconnected_gradients=tf.UnconnectedGradients.ZERO))
    return tf.stack(columns, axis=1)
'''


def strip_package_imports(source):
    """A module's source without its docstring and its imports of this package."""
    source = re.sub(r'^""".*?"""\n', "", source, count=1, flags=re.S)
    return "\n".join(line for line in source.splitlines() if not line.startswith("from ."))


def script(program, index, coords, tool, direction, enclosure, compiled=None):
    import importlib
    backend = importlib.import_module(BACKENDS[tool])
    expression = jacobian_expression(tool, direction, compiled)
    translation = translate(program, backend, checked=False)
    parts = [
        "# A standalone reproduction, in %s alone: the program below (CHAD Oracle's native translation,\n"
        "# the tool's own operators) differentiated at the point below by %s; each Jacobian entry is\n"
        "# printed against the certified enclosure of the exact derivative." % (tool, expression),
        "# The program (source language):",
        "\n".join("#   " + line for line in program.get("source", "").splitlines()) or "#   (see the report)",
        strip_package_imports(inspect.getsource(backend)),
        "class DomainError(Exception):\n    pass\n\n\nclass Unsupported(Exception):\n    pass\n",
        strip_package_imports(inspect.getsource(values)),
        strip_package_imports(inspect.getsource(runtime)),
        "# ---- the program, translated ----",
        strip_package_imports(translation.replace("def build(rt):", "def build(rt):", 1)),
        TF_HELPERS if tool == "tf" else "",
        TORCH_COMPILED_HELPERS if tool == "torch" and compiled else "",
        "INPUT_TYPE = %r" % (values.type_descriptor(program["input_type"]),),
        "OUTPUT_TYPE = %r" % (values.type_descriptor(program["output_type"]),),
        "INDEX = %r" % (index,),
        "COORDS = %r  # exact: float.fromhex" % (list(coords),),
        "ENCLOSURE = %r" % (enclosure,),
        '''

def run(rt):
    main = build(rt)

    def f(x):
        rt.start()
        value = read_value(INPUT_TYPE, INDEX, lambda start, shape: take(x, start, shape), [0])
        pieces = []
        write_value(OUTPUT_TYPE, main(value), pieces, size=size)
        return concat(pieces)
    return f


x = vector([float.fromhex(c) for c in COORDS])
eager = EagerRuntime(__import__(__name__))
y = run(eager)(x)  # the primal, with Python branching on the values
f = run(ReplayRuntime(__import__(__name__), eager.record))  # the same branches, differentiable
jacobian = np.asarray(%s).reshape(len(floats(y)), -1)
print("output:", [float(v) for v in floats(y)])
outside = wrong_values = 0
if ENCLOSURE and ENCLOSURE.get("output"):  # the primal: a value outside both enclosures is wrong too
    for i, value in enumerate(floats(y)):
        lo, hi = (float.fromhex(b) for b in ENCLOSURE["output"][i])
        inside = lo <= value <= hi
        line = "out[%%d] = %%r   certified [%%r, %%r]" %% (i, value, lo, hi)
        wide = ENCLOSURE.get("tool_precision_output")
        if wide:
            wlo, whi = (float.fromhex(b) for b in wide[i])
            inside = inside or wlo <= value <= whi
            line += ", in %%s [%%r, %%r]" %% (ENCLOSURE.get("precision", "float64"), wlo, whi)
        print(line + ": %%s" %% ("inside" if inside else "OUTSIDE"))
        wrong_values += not inside
for i, row in enumerate(jacobian):
    for k, value in enumerate(row):
        line = "d out[%%d] / d in[%%d] = %%r" %% (i, k, float(value))
        if ENCLOSURE:
            lo, hi = (float.fromhex(b) for b in ENCLOSURE["jacobian"][i][k])
            inside = lo <= value <= hi
            line += "   certified [%%r, %%r]" %% (lo, hi)
            wide = ENCLOSURE.get("tool_precision")
            if wide:  # every value the tool's precision may give around the exact derivative
                wlo, whi = (float.fromhex(b) for b in wide[i][k])
                inside = inside or wlo <= value <= whi
                line += ", in %%s [%%r, %%r]" %% (ENCLOSURE.get("precision", "float64"), wlo, whi)
            line += ": %%s" %% ("inside" if inside else "OUTSIDE")
            outside += not inside
        print(line)
if ENCLOSURE:
    wrong = []
    if wrong_values:
        wrong.append("%%d output values OUTSIDE the enclosure: a wrong value" %% wrong_values)
    if outside:
        wrong.append("%%d entries OUTSIDE the enclosure: a wrong derivative" %% outside)
    print("VERDICT: %%s" %% ("; ".join(wrong) if wrong else "every entry inside the enclosure"))
''' % expression,
    ]
    return "\n\n".join(p for p in parts if p) + "\n"


# Second order: the tool's Hessian by one nesting (the mode's, without jit), as an (m, n, n) array.
HESSIANS = {
    "jax-hessian": "jax.hessian(f)(x)",
    "jax-jacfwd-jacrev": "jax.jacfwd(jax.jacrev(f))(x)",
    "jax-jvp-of-grad": "jvp_of_grad_hessian(f, x)",
    "torch-func-hessian": "torch.func.hessian(f)(x)",
    "torch-func-jvp-of-grad": "jvp_of_grad_hessian(f, x)",
    "torch-double-backward": "double_backward_hessian(f, x)",
    "tf-nested-tapes": "nested_tapes_hessian(f, x)",
    "tf-forward-over-tape": "forward_over_tape_hessian(f, x)",
}
HESSIAN_HELPERS = {
    "jax": """
def jvp_of_grad_hessian(f, x):
    n, m = x.shape[0], f(x).shape[0]
    return jnp.stack([jnp.stack([jax.jvp(jax.grad(lambda z, i=i: f(z)[i]), (x,), (jnp.eye(n)[k],))[1]
                                 for k in range(n)], axis=1) for i in range(m)])
""",
    "torch": """
def jvp_of_grad_hessian(f, x):
    n, m = x.shape[0], f(x).shape[0]
    eye = torch.eye(n, dtype=x.dtype)
    return torch.stack([torch.stack([torch.func.jvp(torch.func.grad(lambda z, i=i: f(z)[i]), (x,), (eye[k],))[1]
                                     for k in range(n)], dim=1) for i in range(m)])


def double_backward_hessian(f, x):
    x = x.detach().requires_grad_(True)
    y = f(x)
    matrices = []
    for i in range(y.shape[0]):
        (g,) = torch.autograd.grad(y[i], x, create_graph=True, allow_unused=True, materialize_grads=True)
        rows = []
        for j in range(x.shape[0]):
            if not g[j].requires_grad:  # constant in x: its row is 0
                rows.append(torch.zeros_like(x))
                continue
            (h,) = torch.autograd.grad(g[j], x, retain_graph=True, allow_unused=True, materialize_grads=True)
            rows.append(h)
        matrices.append(torch.stack(rows))
    return torch.stack(matrices).detach()
""",
    "tf": """
def nested_tapes_hessian(f, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        jacobian = inner.jacobian(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    return outer.jacobian(jacobian, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)


def forward_over_tape_hessian(f, x):
    n = int(x.shape[0])
    columns = []
    for k in range(n):
        with tf.autodiff.ForwardAccumulator(x, tf.one_hot(k, n, dtype=tf.float64)) as acc:
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = f(x)
            jacobian = tape.jacobian(y, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)
        columns.append(acc.jvp(jacobian, unconnected_gradients=tf.UnconnectedGradients.ZERO))
    return tf.stack(columns, axis=2)
""",
}
HESSIAN_VERDICT = """
hessian = np.asarray(%s).reshape(len(floats(y)), len(COORDS), len(COORDS))
print("output:", [float(v) for v in floats(y)])
outside = 0
band = ENCLOSURE.get("band", 1e-9) if ENCLOSURE else 0
for i, matrix in enumerate(hessian):
    for j, row in enumerate(matrix):
        for k, value in enumerate(row):
            line = "d2 out[%%d] / d in[%%d] d in[%%d] = %%r" %% (i, j, k, float(value))
            if ENCLOSURE:
                lo, hi = (float.fromhex(b) for b in ENCLOSURE["hessian"][i][j][k])
                slack = band * max(1.0, abs(float(value)))
                inside = lo - slack <= value <= hi + slack
                line += "   certified [%%r, %%r], band %%g: %%s" %% (lo, hi, band, "inside" if inside else "OUTSIDE")
                outside += not inside
            print(line)
if ENCLOSURE:
    print("VERDICT: %%s" %% ("%%d entries OUTSIDE the enclosure: a wrong second derivative" %% outside if outside
                            else "every entry inside the enclosure"))
"""


def hessian_script(program, index, coords, tool, nesting, enclosure):
    """The order-2 script: the tool's Hessian by `nesting` (a mode's name; a jit mode's nesting
    runs eagerly) against ENCLOSURE = {"hessian": [[[[lo, hi], ...], ...], ...], "band": relative}."""
    nesting = nesting.replace("-jit-", "-")
    text = script(program, index, coords, tool, "reverse", None)
    head, tail = text.split("\n\ndef run(rt):", 1)
    run_part = "def run(rt):" + tail.split("\njacobian = ", 1)[0]
    head = head.replace("differentiated at the point below by %s; each Jacobian entry is\n"
                        "# printed against the certified enclosure of the exact derivative." % JACOBIANS[tool, "reverse"],
                        "differentiated twice at the point below by %s; each Hessian entry\n"
                        "# is printed against the certified enclosure of the exact second derivative, widened by\n"
                        "# the band of the oracle's verdict." % HESSIANS[nesting])
    head = head.replace("ENCLOSURE = None", "ENCLOSURE = %r" % (enclosure,))
    return head + "\n" + HESSIAN_HELPERS[tool] + "\n\n" + run_part + "\n" + HESSIAN_VERDICT % HESSIANS[nesting]

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--program", required=True, help="the program's JSON (chad-oracle translate --to json)")
    parser.add_argument("--index", required=True, help="the input's index, as the protocol's JSON")
    parser.add_argument("--coords", required=True, help="the input's coordinates: hex floats, comma-separated")
    parser.add_argument("--tool", choices=sorted(BACKENDS), required=True)
    parser.add_argument("--direction", choices=["reverse", "forward"], default="reverse")
    parser.add_argument("--compiled", choices=sorted({c for _, c, _ in COMPILED}),
                        help="under the tool's compiler, as the mode that found it: jit (JAX), function "
                             "(TensorFlow), aot_eager or inductor (torch.compile's backend)")
    parser.add_argument("--enclosure", help="JSON file: {\"jacobian\": [[[lo, hi], ...], ...]} (hex floats)")
    parser.add_argument("--out", required=True)
    options = parser.parse_args(argv)
    with open(options.program) as f:
        program = json.load(f)
    enclosure = None
    if options.enclosure:
        with open(options.enclosure) as f:
            enclosure = json.load(f)
    coords = [c for c in options.coords.split(",") if c]
    for c in coords:
        float.fromhex(c)  # a clear error for a number that is not a hex float
    try:
        text = script(program, json.loads(options.index), coords, options.tool, options.direction, enclosure,
                      options.compiled)
    except ValueError as exc:  # a compiler the tool lacks (jacobian_expression)
        parser.error(str(exc))
    with open(options.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# Found by CHAD Oracle judging jax 0.10.2, mode jax-grad.
# A standalone reproduction, in jax alone: the program below (CHAD Oracle's native translation,
# the tool's own operators) differentiated at the point below by jax.jacrev(f)(x); each Jacobian entry is
# printed against the certified enclosure of the exact derivative.

# The program (source language):

#   def main (x : real[1]) : real =
#     log1p(0.5 * tanh(get(x, 0) - get(x, 0) * get(x, 0)));

import jax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
import jax.numpy as jnp  # noqa: E402
import jax.scipy.special  # noqa: E402,F401 (erf)
import numpy as np  # noqa: E402

NAME = "jax"
HEADER = "import jax\nimport jax.numpy as jnp\nimport jax.scipy.special\n"
OPS = {
    "const": "jnp.asarray({0}, dtype=jnp.float64)",
    "stack": "jnp.stack([{0}])",
    "+": "jnp.add({0}, {1})",
    "-": "jnp.subtract({0}, {1})",
    "*": "jnp.multiply({0}, {1})",
    "/": "jnp.divide({0}, {1})",
    "neg": "jnp.negative({0})",
    "sin": "jnp.sin({0})",
    "cos": "jnp.cos({0})",
    "exp": "jnp.exp({0})",
    "log": "jnp.log({0})",
    "sqrt": "jnp.sqrt({0})",
    "tanh": "jnp.tanh({0})",
    "sigmoid": "jax.nn.sigmoid({0})",
    "softplus": "jax.nn.softplus({0})",
    "sum": "jnp.sum({0})",
    "dot": "jnp.dot({0}, {1})",
    "matvec": "jnp.matmul({0}, {1})",
    "scale": "jnp.multiply({0}, {1})",
    "mean": "jnp.mean({0})",
    "prod": "jnp.prod({0})",
    "logsumexp": "jax.nn.logsumexp({0})",
    "softmax": "jax.nn.softmax({0})",
    "norm": "jnp.linalg.norm(jnp.ravel({0}))",
    "cumsum": "jnp.cumsum({0})",
    "matmul": "jnp.matmul({0}, {1})",
    "transpose": "jnp.transpose({0})",
    "outer": "jnp.outer({0}, {1})",
    # the second set's elementwise half (`^`'s {1} is its integer exponent)
    "log1p": "jnp.log1p({0})",
    "expm1": "jnp.expm1({0})",
    "atan": "jnp.arctan({0})",
    "erf": "jax.scipy.special.erf({0})",
    "abs": "jnp.abs({0})",
    "^": "jax.lax.integer_pow({0}, {1})",
    "pow": "jnp.power({0}, {1})",
    "atan2": "jnp.arctan2({0}, {1})",
    "hypot": "jnp.hypot({0}, {1})",
    "max": "jnp.maximum({0}, {1})",
    "min": "jnp.minimum({0}, {1})",
}


# The JAX modes differentiate functions of a tuple of tensors (a pytree), one per real or array of
# the input, to a tuple of tensors, one per real or array of the output (program.call_leaves).
TAKES_LEAVES = True


def leaf(a):
    return jnp.asarray(np.asarray(a, dtype=np.float64))


def vector(points):
    return jnp.asarray(np.array(points, dtype=np.float64).reshape(-1))


def take(x, start, shape):
    if not shape:
        return x[start]
    n = int(np.prod(shape))
    return jnp.reshape(x[start:start + n], shape)


def size(t):
    return int(np.prod(t.shape))


def concat(pieces):
    if not pieces:
        return jnp.zeros((0,), dtype=jnp.float64)
    return jnp.concatenate([jnp.reshape(p, (-1,)) for p in pieces])


def floats(y):
    return [float(v) for v in np.asarray(y).reshape(-1)]


def concrete(a):
    return float(a)


def less(a, b):
    return jnp.less(a, b)


def cond(pred, if_true, if_false):
    return jax.lax.cond(pred, if_true, if_false)

class DomainError(Exception):
    pass


class Unsupported(Exception):
    pass




class Inject:
    __slots__ = ("tag", "value")

    def __init__(self, tag, value):
        self.tag = tag
        self.value = value


class Roll:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Lazy:
    __slots__ = ("thunk", "forced")

    def __init__(self, thunk):
        self.thunk = thunk
        self.forced = None

    def force(self):
        if self.thunk is not None:
            self.forced = self.thunk()
            self.thunk = None
        return self.forced


def type_descriptor(t):
    """The descriptor of a program-JSON type (docs/program-json.md, "Types")."""
    kind = t["kind"]
    if kind == "real":
        return ("real", tuple(t.get("shape", [])))
    if kind == "unit":
        return ("unit",)
    if kind == "prod":
        return ("prod", type_descriptor(t["left"]), type_descriptor(t["right"]))
    if kind == "sum":
        return ("sum", tuple((c["name"], type_descriptor(c["type"])) for c in t["constructors"]))
    if kind in ("mu", "nu"):
        return (kind, t["var"], type_descriptor(t["body"]))
    if kind == "var":
        return ("var", t["name"])
    if kind == "arrow":
        return ("arrow",)
    raise ValueError("unknown type kind %r" % (kind,))


def _find(binders, var):
    for binder in reversed(binders):
        if binder[1] == var:
            return binder
    return None


def _resolve(t, binders):
    while t[0] == "var":
        t = _find(binders, t[1])
    return t


def map_functor(t, v, var, binders, f):
    """v : F[X] with X the variable `var` of the functor t; f applied at every recursive position."""
    kind = t[0]
    if kind == "var":
        binder = _find(binders, t[1])
        return f(v) if binder is None else map_functor(binder, v, var, binders, f)
    if kind == "prod":
        left = map_functor(t[1], v[0], var, binders, f)
        return (left, map_functor(t[2], v[1], var, binders, f))
    if kind == "sum":
        return Inject(v.tag, map_functor(t[1][v.tag][1], v.value, var, binders, f))
    if kind == "mu":
        if t[1] == var:
            return v
        return Roll(map_functor(t[2], v.value, var, binders + [t], f))
    if kind == "nu":
        if t[1] == var:
            return v
        inner = binders + [t]
        return Lazy(lambda: map_functor(t[2], v.force(), var, inner, f))
    return v  # real, unit, arrow: no recursive position


def fold(fixpoint, body, value):
    """fold value with x -> body(x), for value : fixpoint = ('mu', a, F): structural recursion,
    which the structure of the input (static given its index) unrolls at trace time."""
    _, var, functor = fixpoint

    def node(rolled):
        return body(map_functor(functor, rolled.value, var, [], node))
    return node(value)


def unfold(fixpoint, body, seed):
    """unfold seed with x -> body(x), of type fixpoint = ('nu', a, F): lazy."""
    _, var, functor = fixpoint

    def node(s):
        return Lazy(lambda: map_functor(functor, body(s), var, [], node))
    return node(seed)


def read_value(t, index, take, at, binders=()):
    """The value of type t with the protocol index `index`; take(start, shape) gives the
    coordinates from `start` on as a tensor of that shape (0-d for ()); at = [next coordinate]."""
    t = _resolve(t, list(binders))
    kind = t[0]
    if kind == "real":
        n = index["reals"]
        value = take(at[0], t[1])
        at[0] += n
        return value
    if kind == "unit":
        return ()
    if kind == "prod":
        left, right = index["pair"]
        first = read_value(t[1], left, take, at, binders)
        return (first, read_value(t[2], right, take, at, binders))
    if kind == "sum":
        inject = index["inject"]
        tag = inject["tag"]
        return Inject(tag, read_value(t[1][tag][1], inject["of"], take, at, binders))
    if kind == "mu":
        return Roll(read_value(t[2], index["roll"], take, at, tuple(binders) + (t,)))
    raise ValueError("not a data type: %r" % (kind,))


class NotData(Exception):
    """A value with a function, a stream or a value-dependent constructor where data is needed."""


def write_value(t, value, pieces, binders=(), size=None):
    """The protocol index of value : t; appends its tensors to `pieces` (size(tensor) = its
    number of reals)."""
    t = _resolve(t, list(binders))
    kind = t[0]
    if kind == "real":
        pieces.append(value)
        return {"reals": size(value) if t[1] else 1}
    if kind == "unit":
        return {"unit": True}
    if kind == "prod":
        left = write_value(t[1], value[0], pieces, binders, size)
        return {"pair": [left, write_value(t[2], value[1], pieces, binders, size)]}
    if kind == "sum":
        if not isinstance(value.tag, int):
            raise NotData("a constructor chosen by a comparison under tracing")
        name, payload = t[1][value.tag]
        return {"inject": {"ctor": name, "tag": value.tag,
                           "of": write_value(payload, value.value, pieces, binders, size)}}
    if kind == "mu":
        return {"roll": write_value(t[2], value.value, pieces, tuple(binders) + (t,), size)}
    raise NotData("a %s in the output" % kind)


def flatten(value, leaves):
    """The structure of a value (hashable; tensors as their shapes) and its tensors appended to
    leaves, for the tool's conditional. Raises NotData on a closure or a stream."""
    if isinstance(value, tuple):
        return ("tuple",) + tuple(flatten(v, leaves) for v in value)
    if isinstance(value, Inject):
        if not isinstance(value.tag, int):
            leaves.append(value.tag)
            return ("inject?", flatten(value.value, leaves))
        return ("inject", value.tag, flatten(value.value, leaves))
    if isinstance(value, Roll):
        return ("roll", flatten(value.value, leaves))
    if isinstance(value, Lazy) or callable(value):
        raise NotData("a %s" % ("stream" if isinstance(value, Lazy) else "function"))
    leaves.append(value)
    return ("tensor", tuple(value.shape))


def unflatten(structure, leaves):
    """The inverse of flatten: leaves is an iterator."""
    kind = structure[0]
    if kind == "tuple":
        return tuple(unflatten(s, leaves) for s in structure[1:])
    if kind == "inject?":
        tag = next(leaves)
        return Inject(tag, unflatten(structure[1], leaves))
    if kind == "inject":
        return Inject(structure[1], unflatten(structure[2], leaves))
    if kind == "roll":
        return Roll(unflatten(structure[1], leaves))
    return next(leaves)



class EagerRuntime:
    Inject = Inject
    Roll = Roll

    def __init__(self, backend):
        self.backend = backend
        self.record = []  # the comparisons' outcomes, in the order they were met

    def start(self):
        """Called before each run of the program."""
        self.record = []

    def fold(self, fixpoint, body, value):
        return fold(fixpoint, body, value)

    def unfold(self, fixpoint, body, seed):
        return unfold(fixpoint, body, seed)

    def unroll(self, value):
        if not isinstance(value, Lazy):
            raise TypeError("unroll of a value that is not a stream")
        return value.force()

    def case(self, scrutinee, branches):
        return branches[scrutinee.tag](scrutinee.value)

    def compare(self, a, b, less):
        x, y = self.backend.concrete(a), self.backend.concrete(b)
        if x == y:
            raise DomainError("a comparison at a tie (%r)" % x)
        tag = 1 if (x < y) == less else 0
        self.record.append(tag)
        return Inject(tag, ())

    def lt(self, a, b):
        return self.compare(a, b, True)

    def gt(self, a, b):
        return self.compare(a, b, False)

    def positive(self, a, name):
        for x in self.backend.floats(a):
            if not x > 0:
                raise DomainError("%s: argument %r is not positive" % (name, x))
        return a

    def nonzero(self, a):
        if any(x == 0 for x in self.backend.floats(a)):
            raise DomainError("division by zero")
        return a

    def above_minus_one(self, a):  # log1p: x > -1
        for x in self.backend.floats(a):
            if not x > -1:
                raise DomainError("log1p: argument %r is not above -1" % x)
        return a

    def not_origin(self, y, x):  # atan2: (y, x) != (0, 0); gives y
        if any(a == 0 and b == 0 for a, b in zip(self.backend.floats(y), self.backend.floats(x))):
            raise DomainError("atan2: applied to (0, 0)")
        return y


class ReplayRuntime(EagerRuntime):
    """Python branching where the tool cannot decide a comparison inside its transformation (JAX's
    grad, jvp, jacfwd, jacrev and vmap without jit trace abstract values): each comparison takes
    the outcome the eager run of the same program met at the same point (the primal is the same,
    so this is the branch Python's `if` takes on it). Partial primitives were checked there."""

    def __init__(self, backend, record):
        super().__init__(backend)
        self.recorded = list(record)
        self.position = 0

    def start(self):
        self.position = 0

    def compare(self, a, b, less):
        if self.position >= len(self.recorded):
            raise RuntimeError("the program met more comparisons than in its eager run")
        self.position += 1
        return Inject(self.recorded[self.position - 1], ())

    def positive(self, a, name):
        return a

    def nonzero(self, a):
        return a

    def above_minus_one(self, a):
        return a

    def not_origin(self, y, x):
        return y


class TracedRuntime(EagerRuntime):
    def compare(self, a, b, less):
        return Inject(self.backend.less(a, b) if less else self.backend.less(b, a), ())

    def case(self, scrutinee, branches):
        tag = scrutinee.tag
        if isinstance(tag, int):
            return branches[tag](scrutinee.value)
        payload = scrutinee.value
        structures = {}

        def branch(k):
            def run():
                leaves = []
                try:
                    structures[k] = flatten(branches[k](payload), leaves)
                except NotData as exc:
                    raise Unsupported("a comparison's branches give %s, which the tool's conditional "
                                      "cannot return" % exc) from None
                return leaves
            return run
        try:
            leaves = self.backend.cond(tag, branch(1), branch(0))
        except Unsupported:
            raise
        except Exception:
            if len(structures) == 2 and structures[0] != structures[1]:
                raise Unsupported("a comparison's branches give values of different structures "
                                  "(constructors, list lengths or shapes), which the tool's "
                                  "conditional cannot join") from None
            raise
        if structures[0] != structures[1]:
            raise Unsupported("a comparison's branches give values of different structures")
        return unflatten(structures[1], iter(leaves))

    def positive(self, a, name):
        return a

    def nonzero(self, a):
        return a

    def above_minus_one(self, a):
        return a

    def not_origin(self, y, x):
        return y

# ---- the program, translated ----

import jax
import jax.numpy as jnp
import jax.scipy.special



def build(rt):
    # main : real[1] -> real
    def fun_1(_input__2):
        x_3 = _input__2
        c_4 = jnp.asarray(0.5, dtype=jnp.float64)
        g_5 = x_3[0]
        g_6 = x_3[0]
        g_7 = x_3[0]
        v_8 = jnp.multiply(g_6, g_7)
        v_9 = jnp.subtract(g_5, v_8)
        v_10 = jnp.tanh(v_9)
        v_11 = jnp.multiply(c_4, v_10)
        v_12 = jnp.log1p(v_11)
        return v_12
    return fun_1

INPUT_TYPE = ('real', (1,))

OUTPUT_TYPE = ('real', ())

INDEX = {'reals': 1}

COORDS = ['0x1.bp+0']  # exact: float.fromhex

ENCLOSURE = {'jacobian': [[['-0x1.500f7e7e3d76p-1', '-0x1.500f7e7e3d75fp-1']]], 'output': [['-0x1.0e9f1921af69fp-1', '-0x1.0e9f1921af69ep-1']], 'precision': 'float64', 'subnormals': 'flush', 'tool_precision': [[['-0x1.500f7e7e3d862p-1', '-0x1.500f7e7e3d65ep-1']]], 'tool_precision_output': [['-0x1.0e9f1921af6cep-1', '-0x1.0e9f1921af67p-1']]}



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
jacobian = np.asarray(jax.jacrev(f)(x)).reshape(len(floats(y)), -1)
print("output:", [float(v) for v in floats(y)])
outside = wrong_values = 0
if ENCLOSURE and ENCLOSURE.get("output"):  # the primal: a value outside both enclosures is wrong too
    for i, value in enumerate(floats(y)):
        lo, hi = (float.fromhex(b) for b in ENCLOSURE["output"][i])
        inside = lo <= value <= hi
        line = "out[%d] = %r   certified [%r, %r]" % (i, value, lo, hi)
        wide = ENCLOSURE.get("tool_precision_output")
        if wide:
            wlo, whi = (float.fromhex(b) for b in wide[i])
            inside = inside or wlo <= value <= whi
            line += ", in %s [%r, %r]" % (ENCLOSURE.get("precision", "float64"), wlo, whi)
        print(line + ": %s" % ("inside" if inside else "OUTSIDE"))
        wrong_values += not inside
for i, row in enumerate(jacobian):
    for k, value in enumerate(row):
        line = "d out[%d] / d in[%d] = %r" % (i, k, float(value))
        if ENCLOSURE:
            lo, hi = (float.fromhex(b) for b in ENCLOSURE["jacobian"][i][k])
            inside = lo <= value <= hi
            line += "   certified [%r, %r]" % (lo, hi)
            wide = ENCLOSURE.get("tool_precision")
            if wide:  # every value the tool's precision may give around the exact derivative
                wlo, whi = (float.fromhex(b) for b in wide[i][k])
                inside = inside or wlo <= value <= whi
                line += ", in %s [%r, %r]" % (ENCLOSURE.get("precision", "float64"), wlo, whi)
            line += ": %s" % ("inside" if inside else "OUTSIDE")
            outside += not inside
        print(line)
if ENCLOSURE:
    wrong = []
    if wrong_values:
        wrong.append("%d output values OUTSIDE the enclosure: a wrong value" % wrong_values)
    if outside:
        wrong.append("%d entries OUTSIDE the enclosure: a wrong derivative" % outside)
    print("VERDICT: %s" % ("; ".join(wrong) if wrong else "every entry inside the enclosure"))


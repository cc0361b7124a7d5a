"""The native translation's table for a tool of scalars (chad_oracle.kit.serve_scalar_tool): the
tool's numbers are objects of any Python class with the arithmetic operators (+ - * / and unary -,
each side mixed with floats) and `__float__` (the primal value); arrays are NumPy object arrays
of them. An elementary function f (sin, exp, log, ..., sigmoid, softplus) calls the number's own
method `f()` when it has one, else the function on the float (a constant). The binary functions
call the method of their first argument: `x.pow(y)`, `y.atan2(x)` (for atan2(y, x)), `x.hypot(y)`;
a float first argument is made one of the tool's numbers as `y * 0.0 + x` (a constant). abs, max
and min call `x.abs()`, `x.max(y)`, `x.min(y)` when the number has them, else choose by the primal
values (`-x if float(x) < 0 else x`, `x if float(x) >= float(y) else y`), as the program's own
comparisons do. Sums, dot products, matrix products and integer powers use the arithmetic only;
the comparisons the primal value. logsumexp, softmax and norm have no spelling here: a scalar
tool does not declare them. `declared(number)`: the functions a number class can declare.
"""
import math

import numpy as np

NAME = "scalar"
HEADER = "import numpy as np\nfrom chad_oracle.backends import scalar_backend as sb\n"
ELEMENTARY = ("sin", "cos", "exp", "log", "sqrt", "tanh", "log1p", "expm1", "atan", "erf", "sigmoid", "softplus")
BINARY = ("pow", "atan2", "hypot")  # declared when the number has the method
BY_COMPARISON = ("abs", "max", "min")  # the number's method when it has one, else by the primal values
OPS = {
    "const": "sb.const({0})",
    "stack": "sb.stack([{0}])",
    "+": "sb.add({0}, {1})",
    "-": "sb.sub({0}, {1})",
    "*": "sb.mul({0}, {1})",
    "/": "sb.div({0}, {1})",
    "neg": "sb.neg({0})",
    "sum": "sb.total({0})",
    "dot": "sb.total(sb.mul({0}, {1}))",
    "matvec": "sb.matmul({0}, {1})",
    "scale": "sb.mul({0}, {1})",
    "mean": "sb.div(sb.total({0}), float(sb.size({0})))",
    "prod": "sb.product({0})",
    "cumsum": "np.cumsum({0})",
    "matmul": "sb.matmul({0}, {1})",
    "transpose": "np.transpose({0})",
    "outer": "np.multiply.outer({0}, {1})",
    "^": "sb.integer_power({0}, {1})",
}
OPS.update({name: "sb.elementary(%r, {0})" % name for name in ELEMENTARY + ("abs",)})
OPS.update({name: "sb.binary(%r, {0}, {1})" % name for name in BINARY + ("max", "min")})


def declared(number):
    """The functions beyond the arithmetic a number class declares: the elementary and binary
    ones it has a method for, and abs, max, min (by comparison when it has none)."""
    return tuple(f for f in ELEMENTARY + BINARY if callable(getattr(number, f, None))) + BY_COMPARISON


def _elementwise(function, *arrays):
    if all(np.ndim(a) == 0 for a in arrays):
        return function(*arrays)
    return np.frompyfunc(function, len(arrays), 1)(*arrays)


def const(value):
    return np.array(value, dtype=object) if isinstance(value, (list, tuple)) else float(value)


def stack(items):
    if items and np.ndim(items[0]):
        return np.stack([np.asarray(i, dtype=object) for i in items])
    array = np.empty(len(items), dtype=object)
    array[:] = items
    return array


def add(a, b):
    return _elementwise(lambda x, y: x + y, a, b)


def sub(a, b):
    return _elementwise(lambda x, y: x - y, a, b)


def mul(a, b):
    return _elementwise(lambda x, y: x * y, a, b)


def div(a, b):
    return _elementwise(lambda x, y: x / y, a, b)


def neg(a):
    return _elementwise(lambda x: -x, a)


def total(a):
    values = list(np.asarray(a, dtype=object).reshape(-1))
    result = 0.0
    for v in values:
        result = result + v
    return result


def product(a):
    result = 1.0
    for v in np.asarray(a, dtype=object).reshape(-1):
        result = result * v
    return result


def matmul(a, b):
    return np.matmul(np.asarray(a, dtype=object), np.asarray(b, dtype=object))


def integer_power(a, k):
    def power(x):
        result = 1.0
        for _ in range(k):
            result = result * x
        return result
    return _elementwise(power, a)


def _sigmoid(v):
    return 1 / (1 + math.exp(-v)) if v >= 0 else math.exp(v) / (1 + math.exp(v))


def _softplus(v):
    return max(v, 0.0) + math.log1p(math.exp(-abs(v)))


# On floats (constants, and the primal values abs, max and min choose by).
FLOAT_FUNCTIONS = {"sigmoid": _sigmoid, "softplus": _softplus, "abs": abs, "pow": math.pow,
                   "atan2": math.atan2, "hypot": math.hypot, "max": max, "min": min}


def _by_comparison(name, x, y=None):
    if name == "abs":
        return -x if float(x) < 0 else x
    if name == "max":
        return x if float(x) >= float(y) else y
    return x if float(x) <= float(y) else y


def _call(name, x):
    own = getattr(x, name, None)
    if callable(own):
        return own()
    if isinstance(x, float) or name not in BY_COMPARISON:
        return FLOAT_FUNCTIONS.get(name, getattr(math, name, None))(float(x))
    return _by_comparison(name, x)


def _call_binary(name, x, y):
    if isinstance(x, float) and not isinstance(y, float):  # a constant first: one of the tool's numbers
        x = y * 0.0 + x
    own = getattr(x, name, None)
    if callable(own):
        return own(y)
    if isinstance(x, float) and isinstance(y, float):
        return FLOAT_FUNCTIONS[name](x, y)
    if name not in BY_COMPARISON:  # (undeclared: the mode declines the program first)
        raise TypeError("%s has no method %s" % (type(x).__name__, name))
    return _by_comparison(name, x, y)


def binary(name, a, b):
    return _elementwise(lambda x, y: _call_binary(name, x, y), a, b)


def elementary(name, a):
    return _elementwise(lambda x: _call(name, x), a)


def vector(points):
    array = np.empty(len(points), dtype=object)
    array[:] = [float(p) for p in points]
    return array


def take(x, start, shape):
    if not shape:
        return x[start]
    n = int(np.prod(shape))
    return np.reshape(x[start:start + n], shape)


def size(t):
    return int(np.size(t)) if np.ndim(t) else 1


def concat(pieces):
    flat = []
    for p in pieces:
        flat.extend(np.asarray(p, dtype=object).reshape(-1) if np.ndim(p) else [p])
    return stack(flat)


def floats(y):
    if np.ndim(y) == 0:
        return [float(y)]
    return [float(v) for v in np.asarray(y, dtype=object).reshape(-1)]


def concrete(a):
    return float(a)


def less(a, b):
    return float(a) < float(b)


def cond(pred, if_true, if_false):
    return if_true() if pred else if_false()

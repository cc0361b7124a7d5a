"""PyTorch 2's table for the native translation (float64), and its tensor helpers.

softplus is torch.nn.functional.softplus with threshold=40 instead of its default 20: above the
threshold PyTorch returns x itself (its documented convention), which is within rounding of
log(1 + exp(x)) in double only from about 37 on; at the default it errs by thousands of ulps
between 20 and 37, which the oracle would report every time."""
import math

import numpy as np
import torch

NAME = "torch"
HEADER = "import torch\n"
OPS = {
    "const": "torch.tensor({0}, dtype=torch.float64)",
    "stack": "torch.stack([{0}])",
    "+": "torch.add({0}, {1})",
    "-": "torch.sub({0}, {1})",
    "*": "torch.mul({0}, {1})",
    "/": "torch.div({0}, {1})",
    "neg": "torch.neg({0})",
    "sin": "torch.sin({0})",
    "cos": "torch.cos({0})",
    "exp": "torch.exp({0})",
    "log": "torch.log({0})",
    "sqrt": "torch.sqrt({0})",
    "tanh": "torch.tanh({0})",
    "sigmoid": "torch.sigmoid({0})",
    "softplus": "torch.nn.functional.softplus({0}, threshold=40.0)",
    "sum": "torch.sum({0})",
    "dot": "torch.dot({0}, {1})",
    "matvec": "torch.mv({0}, {1})",
    "scale": "torch.mul({0}, {1})",
    "mean": "torch.mean({0})",
    "prod": "torch.prod({0})",
    "logsumexp": "torch.logsumexp({0}, 0)",
    "softmax": "torch.softmax({0}, 0)",
    "norm": "torch.linalg.vector_norm({0})",
    "cumsum": "torch.cumsum({0}, 0)",
    "matmul": "torch.matmul({0}, {1})",
    "transpose": "torch.t({0})",
    "outer": "torch.outer({0}, {1})",
    # the second set's elementwise half (`^`'s {1} is its integer exponent)
    "log1p": "torch.log1p({0})",
    "expm1": "torch.expm1({0})",
    "atan": "torch.atan({0})",
    "erf": "torch.special.erf({0})",
    "abs": "torch.abs({0})",
    "^": "torch.pow({0}, {1})",
    "pow": "torch.pow({0}, {1})",
    "atan2": "torch.atan2({0}, {1})",
    "hypot": "torch.hypot({0}, {1})",
    "max": "torch.maximum({0}, {1})",
    "min": "torch.minimum({0}, {1})",
}


def vector(points):
    return torch.tensor(np.array(points, dtype=np.float64).reshape(-1), dtype=torch.float64)


def take(x, start, shape):
    if not shape:
        return x[start]
    n = math.prod(shape)  # (not np.prod: under torch.compile that is a torch op and its .item() a graph break)
    return torch.reshape(x[start:start + n], shape)


def size(t):
    return t.numel()


def concat(pieces):
    if not pieces:
        return torch.zeros((0,), dtype=torch.float64)
    return torch.cat([torch.reshape(p, (-1,)) for p in pieces])


def floats(y):
    return [float(v) for v in y.detach().reshape(-1).tolist()]


def concrete(a):
    return float(a.detach())


def less(a, b):
    return torch.lt(a, b)


def cond(pred, if_true, if_false):
    return torch.cond(pred, lambda: tuple(if_true()), lambda: tuple(if_false()))

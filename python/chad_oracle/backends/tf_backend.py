"""TensorFlow's table for the native translation (float64), and its tensor helpers."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

tf.get_logger().setLevel("ERROR")

NAME = "tensorflow"
HEADER = "import tensorflow as tf\n"
OPS = {
    "const": "tf.constant({0}, dtype=tf.float64)",
    "stack": "tf.stack([{0}])",
    "+": "tf.math.add({0}, {1})",
    "-": "tf.math.subtract({0}, {1})",
    "*": "tf.math.multiply({0}, {1})",
    "/": "tf.math.divide({0}, {1})",
    "neg": "tf.math.negative({0})",
    "sin": "tf.math.sin({0})",
    "cos": "tf.math.cos({0})",
    "exp": "tf.math.exp({0})",
    "log": "tf.math.log({0})",
    "sqrt": "tf.math.sqrt({0})",
    "tanh": "tf.math.tanh({0})",
    "sigmoid": "tf.math.sigmoid({0})",
    "softplus": "tf.math.softplus({0})",
    "sum": "tf.math.reduce_sum({0})",
    "dot": "tf.tensordot({0}, {1}, 1)",
    "matvec": "tf.linalg.matvec({0}, {1})",
    "scale": "tf.math.multiply({0}, {1})",
    "mean": "tf.math.reduce_mean({0})",
    "prod": "tf.math.reduce_prod({0})",
    "logsumexp": "tf.math.reduce_logsumexp({0})",
    "softmax": "tf.nn.softmax({0})",
    "norm": "tf.norm(tf.reshape({0}, [-1]))",
    "cumsum": "tf.math.cumsum({0})",
    "matmul": "tf.linalg.matmul({0}, {1})",
    "transpose": "tf.transpose({0})",
    "outer": "tf.tensordot({0}, {1}, 0)",
    # the second set's elementwise half (`^`'s {1} is its integer exponent)
    "log1p": "tf.math.log1p({0})",
    "expm1": "tf.math.expm1({0})",
    "atan": "tf.math.atan({0})",
    "erf": "tf.math.erf({0})",
    "abs": "tf.math.abs({0})",
    "^": "tf.math.pow({0}, tf.constant({1}, dtype=tf.float64))",
    "pow": "tf.math.pow({0}, {1})",
    "atan2": "tf.math.atan2({0}, {1})",
    # TensorFlow's hypot is in its NumPy API (tf.experimental.numpy: the root of the sum of squares)
    "hypot": "tf.experimental.numpy.hypot({0}, {1})",
    "max": "tf.math.maximum({0}, {1})",
    "min": "tf.math.minimum({0}, {1})",
}


def leaf(a):
    return tf.constant(np.asarray(a, dtype=np.float64), dtype=tf.float64)


def size_of(shape):
    return int(np.prod(shape)) if shape else 1


def split(flat, shapes):
    """A flat list of floats as a list of float64 tensors of the given shapes."""
    pieces, start = [], 0
    for shape in shapes:
        n = size_of(shape)
        pieces.append(leaf(np.array(flat[start:start + n], dtype=np.float64).reshape(shape)))
        start += n
    return pieces


def flat(tensors):
    """A list of tensors as one flat list of floats, in order."""
    return [float(v) for t in tensors for v in np.asarray(t, dtype=np.float64).reshape(-1)]


def vector(points):
    return tf.constant(np.array(points, dtype=np.float64).reshape(-1), dtype=tf.float64)


def take(x, start, shape):
    if not shape:
        return x[start]
    n = int(np.prod(shape))
    return tf.reshape(x[start:start + n], shape)


def size(t):
    return int(np.prod(t.shape))


def concat(pieces):
    if not pieces:
        return tf.zeros((0,), dtype=tf.float64)
    return tf.concat([tf.reshape(p, (-1,)) for p in pieces], 0)


def floats(y):
    return [float(v) for v in np.asarray(y).reshape(-1)]


def concrete(a):
    return float(a)


def less(a, b):
    return tf.math.less(a, b)


def cond(pred, if_true, if_false):
    # tf.cond needs at least one output: a dummy constant rides along.
    out = tf.cond(pred, lambda: [tf.constant(0.0, tf.float64)] + if_true(),
                  lambda: [tf.constant(0.0, tf.float64)] + if_false())
    return list(out[1:])

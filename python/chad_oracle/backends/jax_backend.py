"""JAX's table for the native translation (float64: jax_enable_x64), and its array helpers."""
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

"""atan2's gradient in PyTorch, JAX and TensorFlow where x^2 + y^2 overflows or underflows
(CHAD Oracle, 2026-11-27). Run with any of the three installed: `python atan2-gradient-overflow-underflow.py`.

d atan2(y, x) / dy = x / (x^2 + y^2) and d / dx = -y / (x^2 + y^2): ordinary numbers at every
point below (5e199 at (1e-200, 1e-200), 5e-201 at (1e200, 1e200)), but x^2 + y^2 itself is below
double's range (1e-400) or beyond it (2e400) there. The certified enclosures are CHAD Oracle's
(`chad-oracle jacobian atan2.chad --at "(Y, X)" --method interval`, atan2.chad:
`def main (x : real * real) : real = atan2(fst x, snd x);`).
"""
import importlib.util

CASES = [  # ((y, x), certified d/dy, certified d/dx)
    ((1e-200, 1e-200), (5e+199, 5.000000000000001e+199), (-5.000000000000001e+199, -5e+199)),
    ((3e-170, 4e-170), (1.6e+169, 1.6000000000000002e+169), (-1.2000000000000001e+169, -1.2e+169)),
    ((1e200, 1e200), (5e-201, 5.0000000000000006e-201), (-5.0000000000000006e-201, -5e-201)),
    ((3e200, 4e200), (1.5999999999999999e-201, 1.6e-201), (-1.2e-201, -1.1999999999999999e-201)),
    ((0.5, 1.0), (0.7999999999999999, 0.8), (-0.4, -0.39999999999999997)),  # an ordinary point: right
]


def torch_grad(y, x):
    import torch
    Y = torch.tensor(y, dtype=torch.float64, requires_grad=True)
    X = torch.tensor(x, dtype=torch.float64, requires_grad=True)
    torch.atan2(Y, X).backward()
    return float(Y.grad), float(X.grad)


def jax_grad(y, x):
    import jax
    import jax.numpy as jnp
    jax.config.update("jax_enable_x64", True)
    return tuple(float(g) for g in jax.grad(jnp.arctan2, argnums=(0, 1))(jnp.float64(y), jnp.float64(x)))


def tf_grad(y, x):
    import tensorflow as tf
    Y, X = tf.Variable(y, dtype=tf.float64), tf.Variable(x, dtype=tf.float64)
    with tf.GradientTape() as tape:
        z = tf.math.atan2(Y, X)
    return tuple(float(g) for g in tape.gradient(z, [Y, X]))


wrong = 0
for tool, grad in (("torch", torch_grad), ("jax", jax_grad), ("tensorflow", tf_grad)):
    if importlib.util.find_spec(tool) is None:
        print("%s: not installed" % tool)
        continue
    for (y, x), *certified in CASES:
        for name, got, (lo, hi) in zip(("y", "x"), grad(y, x), certified):
            inside = lo - 1e-14 * abs(lo) <= got <= hi + 1e-14 * abs(hi)
            wrong += not inside
            print("%s: d atan2 / d %s at (y, x) = %r: %r   certified [%r, %r]: %s"
                  % (tool, name, (y, x), got, lo, hi, "inside" if inside else "OUTSIDE"))
print("VERDICT: %s" % ("%d derivatives OUTSIDE the enclosure" % wrong if wrong else "every derivative inside the enclosure"))

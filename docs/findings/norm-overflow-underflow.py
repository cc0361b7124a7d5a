"""The 2-norm of JAX, PyTorch and TensorFlow overflows and underflows where the norm does not
(CHAD Oracle, 2026-11-27). Run with one tool installed: `python norm-overflow-underflow.py torch`
(or `jax`, `tf`); it uses that tool alone.

norm([a, a]) = sqrt(2)·a and its gradient is [1/sqrt(2), 1/sqrt(2)] for every a > 0. Each tool
sums the squares first, so above about 1.34e154 the sum overflows to inf and below about 1.5e-154
it underflows to 0. The enclosures are CHAD Oracle's (`chad-oracle jacobian norm.chad --at X
--method interval`, `norm.chad`: `def main (x : real[2]) : real = norm(x);`): certified (MPFI),
each within an ulp of the exact value; any float64 computation whose operations each err by at
most 8 ulp lies within 1e-14 of it (relative).
"""
import sys

tool = sys.argv[1] if len(sys.argv) > 1 else "torch"
SQRT_HALF = (0.7071067811865475, 0.7071067811865476)
CASES = [([1e200, 1e200], (1.4142135623730949e+200, 1.414213562373095e+200)),
         ([1e-200, 1e-200], (1.414213562373095e-200, 1.4142135623730953e-200))]

if tool == "torch":
    import torch

    def value_and_grad(point):
        x = torch.tensor(point, dtype=torch.float64, requires_grad=True)
        n = torch.linalg.vector_norm(x)
        n.backward()
        return n.item(), x.grad.tolist()
elif tool == "jax":
    import jax
    import jax.numpy as jnp
    jax.config.update("jax_enable_x64", True)

    def value_and_grad(point):
        n, g = jax.value_and_grad(jnp.linalg.norm)(jnp.array(point, dtype=jnp.float64))
        return float(n), [float(v) for v in g]
elif tool == "tf":
    import tensorflow as tf

    def value_and_grad(point):
        x = tf.Variable(point, dtype=tf.float64)
        with tf.GradientTape() as tape:
            n = tf.norm(x)
        return float(n.numpy()), [float(v) for v in tape.gradient(n, x).numpy()]
else:
    sys.exit("usage: python norm-overflow-underflow.py torch|jax|tf")

wrong = 0
for point, (lo, hi) in CASES:
    value, grad = value_and_grad(point)
    ok = lo * (1 - 1e-14) <= value <= hi * (1 + 1e-14)
    wrong += not ok
    print("%s norm(%r) = %r   certified [%r, %r]: %s" % (tool, point, value, lo, hi, "inside" if ok else "OUTSIDE"))
    for k, g in enumerate(grad):
        ok = SQRT_HALF[0] * (1 - 1e-14) <= g <= SQRT_HALF[1] * (1 + 1e-14)
        wrong += not ok
        print("  d norm / d x[%d] = %r   certified [%r, %r]: %s" % (k, g, SQRT_HALF[0], SQRT_HALF[1],
                                                                   "inside" if ok else "OUTSIDE"))
print("VERDICT: %s" % ("%d values or derivatives OUTSIDE the enclosure" % wrong if wrong
                       else "every value and derivative inside the enclosure"))

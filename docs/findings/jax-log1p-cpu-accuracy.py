"""JAX: float64 jnp.log1p on the CPU is up to 128 ulp off for x in about [-0.5, -0.29] (CHAD Oracle,
2026-11-27; known upstream as jax-ml/jax#39707). Run with JAX alone: `python jax-log1p-cpu-accuracy.py`.

The program the campaign shrank (jax-grad, program 6865 of seed 1): log1p(0.5 * tanh(x - x * x)) at
x = 1.6875 (0x1.bp+0). The certified enclosures are CHAD Oracle's (its report.md): the exact value,
and the values any float64 computation whose operations each err by at most 8 ulp could give.
"""
import jax

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platforms", "cpu")
import jax.numpy as jnp  # noqa: E402

x = jnp.float64(float.fromhex("0x1.bp+0"))
value, derivative = jax.value_and_grad(lambda x: jnp.log1p(0.5 * jnp.tanh(x - x * x)))(x)
CHECKS = [
    ("log1p(0.5 tanh(x - x x)) at 1.6875", float(value),
     (-0.528557572710003, -0.5285575727100029), (-0.5285575727100082, -0.5285575727099978)),
    ("its derivative", float(derivative),
     (-0.6563682107068693, -0.6563682107068692), (-0.656368210706898, -0.6563682107068407)),
]
outside = 0
for what, got, certified, in_float64 in CHECKS:
    inside = in_float64[0] <= got <= in_float64[1]
    outside += not inside
    print("%s = %r   certified [%r, %r], in float64 [%r, %r]: %s"
          % (what, got, certified[0], certified[1], in_float64[0], in_float64[1], "inside" if inside else "OUTSIDE"))
print("VERDICT: %d of %d OUTSIDE the enclosure" % (outside, len(CHECKS)))

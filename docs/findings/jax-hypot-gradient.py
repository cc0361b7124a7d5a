"""JAX: jnp.hypot's value is right at extreme magnitudes, its gradient is not (CHAD Oracle,
2026-11-27). Run with JAX alone: `python jax-hypot-gradient.py`.

d hypot(x, y) / dx = x / hypot(x, y), a number in [-1, 1] at every point but (0, 0). The
certified enclosures are CHAD Oracle's (`chad-oracle jacobian hypot.chad --at "(X, Y)" --method
interval`, hypot.chad: `def main (x : real * real) : real = hypot(fst x, snd x);`).
"""
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)
SQRT_HALF = (0.7071067811865475, 0.7071067811865476)
CASES = [  # (point, certified d/dx, certified d/dy)
    ((1e300, 1e300), SQRT_HALF, SQRT_HALF),
    ((1e-200, 1e-200), SQRT_HALF, SQRT_HALF),
    ((1e-300, 2e-300), (0.4472135954999579, 0.447213595499958), (0.8944271909999159, 0.894427190999916)),
    ((3.0, 4.0), (0.6, 0.6), (0.8, 0.8)),  # an ordinary point: right
]
wrong = 0
for point, *certified in CASES:
    value, grads = jax.value_and_grad(jnp.hypot, argnums=(0, 1))(*point)
    for name, got, (lo, hi) in zip(("x", "y"), grads, certified):
        got = float(got)
        inside = lo * (1 - 1e-14) <= got <= hi * (1 + 1e-14)
        wrong += not inside
        print("d hypot / d %s at %r = %r   certified [%r, %r]: %s   (hypot = %r)"
              % (name, point, got, lo, hi, "inside" if inside else "OUTSIDE", float(value)))
print("VERDICT: %s" % ("%d derivatives OUTSIDE the enclosure" % wrong if wrong else "every derivative inside the enclosure"))

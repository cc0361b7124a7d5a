"""TensorFlow, PyTorch and JAX: the gradient of x / y with respect to the denominator is lost (0)
or infinite where x / y^2 is below or above float64's range, though the gradient itself is an
ordinary number (CHAD Oracle, 2026-11-27). Run with any of the three installed, each judged in
its own reverse mode: `python divide-denominator-gradient.py`.

f(s) = s * (1 / (s * s)) is 1 / s, so f'(s) = -1 / s^2. TensorFlow's RealDiv gradient forms
grad * ((-x / y) / y): at s = 1e100, (-1 / 1e200) / 1e200 = -1e-400 underflows to 0, the
denominator's path is lost and the tape returns the other path alone, +1e-200 for -1e-200; at
s = 3.90625e-103, (-1 / y) / y = -4.3e409 overflows and the tape returns -inf for -6.55e204.
The enclosures are CHAD Oracle's: the certified one (`chad-oracle jacobian F --at X --method
interval`) and the one of every answer a float64 computation whose operations each err by at most
8 ulp (subnormals flushed to zero, as TensorFlow does on the CPU) can give (`chad-oracle verify`).
"""
import importlib.util
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

CASES = [  # (s, certified d/ds, the float64 enclosure (None: the certified one alone))
    (1e100, (-1e-200, -9.999999999999998e-201), (-1.0000005340177536e-200, -9.999994659822464e-201)),
    (-1e100, (-1e-200, -9.999999999999998e-201), (-1.0000005340177536e-200, -9.999994659822464e-201)),
    (float.fromhex("0x1.249ad2594c37dp+256"),  # 1.3234889800848443e+77, the shrinker's point
     (-5.7089907708238394e-155, -5.708990770823839e-155), (-5.708990770823997e-155, -5.708990770823682e-155)),
    (float.fromhex("0x1.bff2ee48e053p-341"),  # 3.90625e-103
     (-6.5536e+204, -6.553599999999999e+204), (-6.55360000000018e+204, -6.553599999999818e+204)),
    (2.0, (-0.25, -0.25), None),  # an ordinary point: right
]


def tf_grad(s):
    import tensorflow as tf
    x = tf.Variable(s, dtype=tf.float64)
    with tf.GradientTape() as tape:
        y = tf.math.multiply(x, tf.math.divide(tf.constant(1.0, tf.float64), tf.math.multiply(x, x)))
    return float(tape.gradient(y, x).numpy())


def torch_grad(s):
    import torch
    x = torch.tensor(s, dtype=torch.float64, requires_grad=True)
    (x * (1.0 / (x * x))).backward()
    return float(x.grad)


def jax_grad(s):
    import jax
    jax.config.update("jax_enable_x64", True)
    return float(jax.grad(lambda x: x * (1.0 / (x * x)))(jax.numpy.float64(s)))


wrong = 0
for module, name, grad in (("tensorflow", "TensorFlow", tf_grad), ("torch", "PyTorch", torch_grad),
                           ("jax", "JAX", jax_grad)):
    if importlib.util.find_spec(module) is None:
        print("%s: not installed" % name)
        continue
    for s, certified, in_float64 in CASES:
        got = grad(s)
        inside = certified[0] <= got <= certified[1] or bool(in_float64 and in_float64[0] <= got <= in_float64[1])
        wrong += not inside
        print("%s: d/ds s * (1 / (s * s)) at s = %r: %r   certified [%r, %r]%s: %s" % (
            name, s, got, certified[0], certified[1],
            ", in float64 [%r, %r]" % in_float64 if in_float64 else "", "inside" if inside else "OUTSIDE"))

# The division alone in TensorFlow, with the gradient flowing into it (grad = 1e100, x = 1,
# y = 1e200): the exact d/dy is -grad * x / y^2 = -1e-300, a normal float64; -(grad / y) * (x / y),
# the same quantity with the quotients formed first, is -1e-300 in float64 too.
if importlib.util.find_spec("tensorflow") is not None:
    import tensorflow as tf
    y = tf.Variable(1e200, dtype=tf.float64)
    with tf.GradientTape() as tape:
        z = tf.math.divide(tf.constant(1.0, tf.float64), y)
    print("TensorFlow: tape.gradient(1 / y, y, output_gradients=1e100) at y = 1e200: %r (exact -1e-300; "
          "-(1e100 / y) * (1 / y) in float64: %r)"
          % (float(tape.gradient(z, y, output_gradients=tf.constant(1e100, tf.float64)).numpy()),
             -(1e100 / 1e200) * (1 / 1e200)))
print("VERDICT: %s" % ("%d derivatives OUTSIDE the enclosure" % wrong if wrong
                       else "every derivative inside the enclosure"))

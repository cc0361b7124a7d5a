"""TensorFlow: the gradient of x / y with respect to the denominator is lost (0) or infinite where
x / y^2 is below or above float64's range, though the gradient itself is an ordinary number
(CHAD Oracle, 2026-11-28). Run with TensorFlow alone: `python divide-denominator-gradient.py`.

f(s) = s * (1 / (s * s)) is 1 / s, so f'(s) = -1 / s^2. TensorFlow's RealDiv gradient forms
grad * ((-x / y) / y): at s = 1e100, (-1 / 1e200) / 1e200 = -1e-400 underflows to 0, the
denominator's path is lost and the tape returns the other path alone, +1e-200 for -1e-200; at
s = 3.90625e-103, (-1 / y) / y = -4.3e409 overflows and the tape returns -inf for -6.55e204.
The enclosures are CHAD Oracle's: the certified one (`chad-oracle jacobian F --at X --method
interval`) and the one of every answer a float64 computation whose operations each err by at most
8 ulp (subnormals flushed to zero, as TensorFlow does on the CPU) can give (`chad-oracle verify`).
"""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402

wrong = 0


def f(s):
    return tf.math.multiply(s, tf.math.divide(tf.constant(1.0, tf.float64), tf.math.multiply(s, s)))


def judge(s, certified, in_float64):
    global wrong
    x = tf.Variable(s, dtype=tf.float64)
    with tf.GradientTape() as tape:
        y = f(x)
    got = float(tape.gradient(y, x).numpy())
    inside = certified[0] <= got <= certified[1]
    line = "d/ds s * (1 / (s * s)) at s = %r: %r   certified [%r, %r]" % (s, got, certified[0], certified[1])
    if in_float64:
        inside = inside or in_float64[0] <= got <= in_float64[1]
        line += ", in float64 [%r, %r]" % in_float64
    wrong += not inside
    print(line + ": " + ("inside" if inside else "OUTSIDE"))


judge(1e100, (-1e-200, -9.999999999999998e-201), (-1.0000005340177536e-200, -9.999994659822464e-201))
judge(-1e100, (-1e-200, -9.999999999999998e-201), (-1.0000005340177536e-200, -9.999994659822464e-201))
judge(float.fromhex("0x1.249ad2594c37dp+256"),  # 1.3234889800848443e+77, the shrinker's point
      (-5.7089907708238394e-155, -5.708990770823839e-155), (-5.708990770823997e-155, -5.708990770823682e-155))
judge(float.fromhex("0x1.bff2ee48e053p-341"),  # 3.90625e-103
      (-6.5536e+204, -6.553599999999999e+204), (-6.55360000000018e+204, -6.553599999999818e+204))
judge(2.0, (-0.25, -0.25), None)

# The division alone, with the gradient flowing into it (grad = 1e100, x = 1, y = 1e200): the exact
# d/dy is -grad * x / y^2 = -1e-300, a normal float64; -(grad / y) * (x / y), the same quantity
# with the quotients formed first, is -1e-300 in float64 too.
y = tf.Variable(1e200, dtype=tf.float64)
with tf.GradientTape() as tape:
    z = tf.math.divide(tf.constant(1.0, tf.float64), y)
print("tape.gradient(1 / y, y, output_gradients=1e100) at y = 1e200: %r (exact -1e-300; "
      "-(1e100 / y) * (1 / y) in float64: %r)"
      % (float(tape.gradient(z, y, output_gradients=tf.constant(1e100, tf.float64)).numpy()),
         -(1e100 / 1e200) * (1 / 1e200)))
print("VERDICT: %s" % ("%d derivatives OUTSIDE the enclosure" % wrong if wrong
                       else "every derivative inside the enclosure"))

"""TensorFlow: tf.pow's gradient at x = 0 with exponent 0 is NaN, and tf.math.erf of a large finite
float64 is NaN (CHAD Oracle, 2026-11-27). Run with TensorFlow alone: `python tensorflow-pow-erf.py`.

x^0 = 1 for every x (0^0 = 1, as tf.pow itself computes), so d/dx x^0 = 0 everywhere; erf(x) = 1
for x >= 6 in float64, and its derivative 2/sqrt(pi) exp(-x^2) is 0 there. The enclosures are CHAD
Oracle's certified ones (`chad-oracle jacobian F --at X --method interval`).
"""
import tensorflow as tf

wrong = 0


def judge(what, got, lo, hi):
    global wrong
    inside = lo <= got <= hi
    wrong += not inside
    print("%s = %r   certified [%r, %r]: %s" % (what, got, lo, hi, "inside" if inside else "OUTSIDE"))


x = tf.Variable(0.0, dtype=tf.float64)
with tf.GradientTape() as tape:
    y = tf.pow(x, tf.constant(0.0, tf.float64))
judge("tf.pow(0, 0)", float(y.numpy()), 1.0, 1.0)
judge("d tf.pow(x, 0) / dx at 0", float(tape.gradient(y, x).numpy()), 0.0, 0.0)

x = tf.Variable(1e200, dtype=tf.float64)
with tf.GradientTape() as tape:
    y = tf.math.erf(x)
judge("tf.math.erf(1e200)", float(y.numpy()), 0.9999999999999999, 1.0)
judge("d erf / dx at 1e200", float(tape.gradient(y, x).numpy()), 0.0, 5e-324)
print("VERDICT: %s" % ("%d values or derivatives OUTSIDE the enclosure" % wrong if wrong
                       else "every value and derivative inside the enclosure"))

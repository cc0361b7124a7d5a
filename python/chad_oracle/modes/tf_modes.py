"""TensorFlow's modes: GradientTape eager (tf-tape), GradientTape inside tf.function (tf-function:
the program traced into a graph, comparisons as tf.cond), and tf.autodiff.ForwardAccumulator
(tf-forward), and GradientTape.jacobian (tf-jacobian). The kit derives the asks a mode lacks (the hello's `derived`)."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")  # before TensorFlow loads: its start-up logs
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from ..backends import tf_backend
from .native import NativeMode, NativePrepared

ZERO = tf.UnconnectedGradients.ZERO


def seeds_tensor(seed):
    return tf.constant(np.array(seed, dtype=np.float64), dtype=tf.float64)


class TapePrepared(NativePrepared):
    def setup(self, mode):
        f = self.f

        def pull(x, ct):
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = f(x)
            return tape.gradient(y, x, output_gradients=ct, unconnected_gradients=ZERO)
        self.pull = tf.function(pull, autograph=False) if mode.traced else pull
        self.plain = tf.function(f, autograph=False) if mode.traced else f

    def primal(self):
        self.plain(self.x)

    def vjp(self, seeds):
        return [np.asarray(self.pull(self.x, seeds_tensor(s))).tolist() for s in seeds]


class ForwardPrepared(NativePrepared):
    def primal(self):
        self.f(self.x)

    def jvp(self, seeds):
        answers = []
        for seed in seeds:
            with tf.autodiff.ForwardAccumulator(self.x, seeds_tensor(seed)) as acc:
                y = self.f(self.x)
            t = acc.jvp(y, unconnected_gradients=ZERO)
            answers.append(np.asarray(t).reshape(-1).tolist())
        return answers


class JacobianPrepared(NativePrepared):
    """tf.GradientTape.jacobian: TensorFlow's own whole Jacobian (its rows vectorised by pfor)."""

    def primal(self):
        self.f(self.x)

    def jacobian(self):
        if self.n_outputs == 0:
            return []
        with tf.GradientTape() as tape:
            tape.watch(self.x)
            y = self.f(self.x)
        return np.asarray(tape.jacobian(y, self.x, unconnected_gradients=ZERO)).reshape(self.n_outputs, -1).tolist()


KINDS = {"tf-tape": (TapePrepared, False), "tf-function": (TapePrepared, True),
         "tf-forward": (ForwardPrepared, False), "tf-jacobian": (JacobianPrepared, False)}
MODES = list(KINDS)


def make_mode(name):
    if name not in KINDS:
        raise ValueError("unknown TensorFlow mode %r" % name)
    prepared, traced = KINDS[name]
    attributes = {"name": name, "tool": "tensorflow", "version": tf.__version__,
                  "backend": tf_backend, "traced": traced, "prepared_type": prepared}
    return type("TfMode", (NativeMode,), attributes)()

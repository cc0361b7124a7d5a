"""TensorFlow's modes of second order (docs/adapter-protocol.md, "Second order"), eager, each one
nesting of TensorFlow's own transformations: tf-nested-tapes (a GradientTape around the
GradientTape of <w, f>: reverse over reverse) and tf-forward-over-tape (a ForwardAccumulator
around that tape: forward over reverse), one HVP per seed. First-order asks are answered by the
inner tape; the kit derives whole Hessians from HVPs along the unit vectors."""
import numpy as np
import tensorflow as tf

from ..adapter_kit import ASKS, SECOND_ORDER, SECOND_ORDER_BAND
from ..backends import tf_backend
from .native import NativeMode
from .tf_modes import ZERO, TapePrepared, seeds_tensor


class NestedTapes(TapePrepared):
    def hvp(self, cotangent, seeds):
        w = seeds_tensor(cotangent)
        answers = []
        for v in seeds:
            with tf.GradientTape() as outer:
                outer.watch(self.x)
                with tf.GradientTape() as inner:
                    inner.watch(self.x)
                    y = self.f(self.x)
                g = inner.gradient(y, self.x, output_gradients=w, unconnected_gradients=ZERO)
            h = outer.gradient(g, self.x, output_gradients=seeds_tensor(v), unconnected_gradients=ZERO)
            answers.append(np.asarray(h).reshape(-1).tolist())
        return answers


class ForwardOverTape(TapePrepared):
    def hvp(self, cotangent, seeds):
        w = seeds_tensor(cotangent)
        answers = []
        for v in seeds:
            with tf.autodiff.ForwardAccumulator(self.x, seeds_tensor(v)) as acc:
                with tf.GradientTape() as tape:
                    tape.watch(self.x)
                    y = self.f(self.x)
                g = tape.gradient(y, self.x, output_gradients=w, unconnected_gradients=ZERO)
            answers.append(np.asarray(acc.jvp(g, unconnected_gradients=ZERO)).reshape(-1).tolist())
        return answers


KINDS = {"tf-nested-tapes": NestedTapes, "tf-forward-over-tape": ForwardOverTape}
MODES = list(KINDS)


def make_mode(name):
    if name not in KINDS:
        raise ValueError("unknown TensorFlow mode of second order %r" % name)
    attributes = {"name": name, "tool": "tensorflow", "version": tf.__version__,
                  "backend": tf_backend, "traced": False, "prepared_type": KINDS[name],
                  "asks": ASKS + SECOND_ORDER,
                  "second_order_band": SECOND_ORDER_BAND}
    return type("TfOrder2Mode", (NativeMode,), attributes)()

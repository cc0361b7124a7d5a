"""TensorFlow's modes of second order (docs/adapter-protocol.md, "Second order"), eager, each one
nesting of TensorFlow's own transformations: tf-nested-tapes (a GradientTape around the
GradientTape of <w, f>: reverse over reverse) and tf-forward-over-tape (a ForwardAccumulator
around that tape: forward over reverse), one HVP per seed. First-order asks are answered by the
inner tape; the kit derives tf-nested-tapes' whole Hessians from HVPs along the unit vectors,
tf-forward-over-tape computes them so itself, one forward pass per unit vector for every output
coordinate."""
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
    """A ForwardAccumulator around a GradientTape, on the input's tensors one by one (no slicing of
    one input vector, no concatenation into one output vector differentiated twice beside the
    program). hessian(): the HVPs along the unit vectors, the forward pass along unit k shared by
    every output coordinate (a persistent tape, one gradient per coordinate: H_i e_k)."""

    def setup(self, mode):
        super().setup(mode)
        self.leaves = list(self.eager.input_leaves())
        self.in_shapes = [tuple(leaf.shape) for leaf in self.leaves]
        self.out_shapes = self.eager.output_shapes

    def hvp(self, cotangent, seeds):
        w = tf_backend.split(cotangent, self.out_shapes)
        return [self._forward_over_tape(tf_backend.split(v, self.in_shapes), [w])[0] for v in seeds]

    def hessian(self):
        m, n = self.n_outputs, sum(tf_backend.size_of(s) for s in self.in_shapes)
        units = [[1.0 if i == k else 0.0 for i in range(m)] for k in range(m)]
        weights = [tf_backend.split(u, self.out_shapes) for u in units]
        matrices = [[[0.0] * n for _ in range(n)] for _ in range(m)]
        for k in range(n):
            unit = [1.0 if i == k else 0.0 for i in range(n)]
            columns = self._forward_over_tape(tf_backend.split(unit, self.in_shapes), weights)
            for i, column in enumerate(columns):
                for r in range(n):
                    matrices[i][r][k] = column[r]
        return matrices

    def _forward_over_tape(self, tangent, weights):
        """One forward-over-reverse run along `tangent`: for each w in weights, the tangent of the
        gradient of <w, f> (H_w v), as a flat list."""
        leaves = self.leaves
        with tf.autodiff.ForwardAccumulator(leaves, list(tangent)) as acc:
            with tf.GradientTape(persistent=len(weights) > 1) as tape:
                tape.watch(leaves)
                ys = list(self.f.call_leaves(leaves))
            gradients = [tape.gradient(ys, leaves, output_gradients=list(w), unconnected_gradients=ZERO)
                         for w in weights]
        return [tf_backend.flat(acc.jvp(g, unconnected_gradients=ZERO)) for g in gradients]


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

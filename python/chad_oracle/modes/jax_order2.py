"""JAX's modes of second order (docs/adapter-protocol.md, "Second order"), each one nesting of JAX's
own transformations, with and without jit: jax-jvp-of-grad (forward over reverse: jax.jvp of
jax.grad of <w, f>, one HVP per seed), jax-hessian (jax.hessian) and jax-jacfwd-jacrev
(jax.jacfwd(jax.jacrev(f))), whole Hessians. First-order asks are answered by the inner
transformation (jax.grad, jax.jacrev); the kit derives the second-order ask a mode lacks."""
import jax

from ..adapter_kit import ASKS, SECOND_ORDER, SECOND_ORDER_BAND
from ..backends import jax_backend, jax_cache
from . import jax_leaves
from .jax_modes import Grad, JacRev
from .native import NativeMode

# The modes keep XLA's executables on disk (backends/jax_cache.py); a standalone script, which
# copies the backend alone, compiles as JAX does by default.
jax_cache.enable(jax_backend.jax)


class JvpOfGrad(Grad):
    def setup(self, mode):
        super().setup(mode)
        g = self.g

        def hvp(x, w, v):
            gradient = jax.grad(lambda z: jax_leaves.weighted_sum(w, g(z)))
            return jax.jvp(gradient, (x,), (v,))[1]
        self.hvp_f = self.jit(hvp)

    def hvp(self, cotangent, seeds):
        w = self.outputs(cotangent)
        return [jax_leaves.flat(self.hvp_f(self.leaves, w, self.inputs(v))) for v in seeds]


class Hessian(JacRev):
    nesting = staticmethod(jax.hessian)

    def setup(self, mode):
        super().setup(mode)
        self.hess = self.jit(self.nesting(self.g))

    def hessian(self):
        if self.n_outputs == 0:
            return []
        if not self.leaves:  # no input to differentiate by
            return [[] for _ in range(self.n_outputs)]
        return jax_leaves.hessians(self.hess(self.leaves), self.out_shapes, self.in_shapes)


class JacfwdJacrev(Hessian):
    nesting = staticmethod(lambda f: jax.jacfwd(jax.jacrev(f)))


KINDS = {"jvp-of-grad": JvpOfGrad, "hessian": Hessian, "jacfwd-jacrev": JacfwdJacrev}
MODES = ["jax-" + k for k in KINDS] + ["jax-jit-" + k for k in KINDS]


def make_mode(name):
    """The mode `jax-[jit-]<nesting>`."""
    kind = name[len("jax-"):]
    jit = kind.startswith("jit-")
    kind = kind[len("jit-"):] if jit else kind
    if name not in MODES:
        raise ValueError("unknown JAX mode of second order %r" % name)
    attributes = {"name": name, "tool": "jax", "version": jax.__version__, "backend": jax_backend,
                  "traced": jit, "replay": not jit, "prepared_type": KINDS[kind],
                  "asks": ASKS + SECOND_ORDER,
                  "second_order_band": SECOND_ORDER_BAND}
    return type("JaxOrder2Mode", (NativeMode,), attributes)()

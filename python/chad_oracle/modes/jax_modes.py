"""JAX's modes: grad, vjp, jvp, jacfwd, jacrev, each with and without jit, and vmap (over the seeds:
a batch of tangents or cotangents at one point). Under jit a comparison is lax.cond (its
branches must give values of one structure); without jit, Python branching on the primal
(ReplayRuntime: JAX's transformations trace abstract values, so the branch is the eager run's). Each mode answers with its own transformation;
the kit derives the asks it lacks (the hello's `derived`)."""
import jax
import jax.numpy as jnp
import numpy as np

from ..backends import jax_backend
from .native import NativeMode, NativePrepared


def rows(a):
    return np.asarray(a, dtype=np.float64).tolist()


def array(seeds):
    return jnp.asarray(np.array(seeds, dtype=np.float64))


class JaxPrepared(NativePrepared):
    def setup(self, mode):
        self.jit = jax.jit if mode.name.startswith("jax-jit-") else (lambda g: g)
        f = self.f
        self.primal_f = self.jit(f)

    def primal(self):
        self.primal_f(self.x).block_until_ready()


class Grad(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        f = self.f
        self.grad = self.jit(jax.grad(lambda x, ct: jnp.vdot(ct, f(x))))

    def vjp(self, seeds):
        return [np.asarray(self.grad(self.x, array(s))).tolist() for s in seeds]


class Vjp(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        f = self.f
        self.pull = self.jit(lambda x, ct: jax.vjp(f, x)[1](ct)[0])

    def vjp(self, seeds):
        return [np.asarray(self.pull(self.x, array(s))).tolist() for s in seeds]


class Jvp(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        f = self.f
        self.push = self.jit(lambda x, t: jax.jvp(f, (x,), (t,))[1])

    def jvp(self, seeds):
        return [np.asarray(self.push(self.x, array(s))).tolist() for s in seeds]


class JacFwd(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        self.jac = self.jit(jax.jacfwd(self.f))

    def jacobian(self):
        if self.n_outputs == 0:
            return []
        return rows(np.asarray(self.jac(self.x)).reshape(self.n_outputs, -1))


class JacRev(JacFwd):
    def setup(self, mode):
        JaxPrepared.setup(self, mode)
        self.jac = self.jit(jax.jacrev(self.f))


class Vmap(JaxPrepared):
    """jax.vmap over the seeds: one batched call answers every seed."""

    def setup(self, mode):
        super().setup(mode)
        f, x = self.f, self.x
        self.pushes = jax.vmap(lambda t: jax.jvp(f, (x,), (t,))[1])
        self.pulls = jax.vmap(lambda ct: jax.vjp(f, x)[1](ct)[0])

    def jvp(self, seeds):
        return rows(self.pushes(array(seeds))) if seeds else []

    def vjp(self, seeds):
        return rows(self.pulls(array(seeds))) if seeds else []


KINDS = {"grad": Grad, "vjp": Vjp, "jvp": Jvp, "jacfwd": JacFwd, "jacrev": JacRev}


def make_mode(name):
    """The mode `jax-[jit-]<kind>` or `jax-vmap`."""
    kind = name[len("jax-"):]
    jit = kind.startswith("jit-")
    kind = kind[len("jit-"):] if jit else kind
    prepared = Vmap if kind == "vmap" and not jit else KINDS.get(kind)
    if prepared is None:
        raise ValueError("unknown JAX mode %r" % name)
    attributes = {"name": name, "tool": "jax", "version": jax.__version__, "backend": jax_backend,
                  "traced": jit, "replay": not jit, "prepared_type": prepared}
    return type("JaxMode", (NativeMode,), attributes)()


MODES = ["jax-" + k for k in KINDS] + ["jax-jit-" + k for k in KINDS] + ["jax-vmap"]

"""JAX's modes: grad, vjp, jvp, jacfwd, jacrev, each with and without jit, and vmap (over the seeds:
a batch of tangents or cotangents at one point). Under jit a comparison is lax.cond (its
branches must give values of one structure); without jit, Python branching on the primal
(ReplayRuntime: JAX's transformations trace abstract values, so the branch is the eager run's). Each mode answers with its own transformation;
the kit derives the asks it lacks (the hello's `derived`)."""
import jax
import jax.numpy as jnp
import numpy as np

from ..backends import jax_backend, jax_cache
from . import jax_leaves
from .native import NativeMode, NativePrepared

# The modes keep XLA's executables on disk (backends/jax_cache.py); a standalone script, which
# copies the backend alone, compiles as JAX does by default.
jax_cache.enable(jax_backend.jax)


def rows(a):
    return np.asarray(a, dtype=np.float64).tolist()


def array(seeds):
    return jnp.asarray(np.array(seeds, dtype=np.float64))


class JaxPrepared(NativePrepared):
    """`g` is the program on a tuple of tensors (program.call_leaves), `leaves` the input point so
    split, `in_shapes` and `out_shapes` the tensors' shapes (the output's from the eager run)."""

    def setup(self, mode):
        self.jit = jax.jit if mode.name.startswith("jax-jit-") else (lambda g: g)
        self.g = self.f.call_leaves
        self.leaves = self.eager.input_leaves()
        self.in_shapes = [tuple(leaf.shape) for leaf in self.leaves]
        self.out_shapes = self.eager.output_shapes
        self.primal_f = self.jit(self.g)

    def primal(self):
        jax.block_until_ready(self.primal_f(self.leaves))

    def outputs(self, seed):
        return jax_leaves.split(seed, self.out_shapes)

    def inputs(self, seed):
        return jax_leaves.split(seed, self.in_shapes)


class Grad(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        g = self.g
        self.grad = self.jit(jax.grad(lambda x, ct: jax_leaves.weighted_sum(ct, g(x))))

    def vjp(self, seeds):
        return [jax_leaves.flat(self.grad(self.leaves, self.outputs(s))) for s in seeds]


class Vjp(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        g = self.g
        self.pull = self.jit(lambda x, ct: jax.vjp(g, x)[1](ct)[0])

    def vjp(self, seeds):
        return [jax_leaves.flat(self.pull(self.leaves, self.outputs(s))) for s in seeds]


class Jvp(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        g = self.g
        self.push = self.jit(lambda x, t: jax.jvp(g, (x,), (t,))[1])

    def jvp(self, seeds):
        return [jax_leaves.flat(self.push(self.leaves, self.inputs(s))) for s in seeds]


class JacFwd(JaxPrepared):
    def setup(self, mode):
        super().setup(mode)
        self.jac = self.jit(jax.jacfwd(self.g))

    def jacobian(self):
        if self.n_outputs == 0:
            return []
        if not self.leaves:  # no input to differentiate by
            return [[] for _ in range(self.n_outputs)]
        return jax_leaves.jacobian_rows(self.jac(self.leaves), self.out_shapes, self.in_shapes)


class JacRev(JacFwd):
    def setup(self, mode):
        JaxPrepared.setup(self, mode)
        self.jac = self.jit(jax.jacrev(self.g))


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

"""The issue-33 benchmark programs (bench/programs/*.chad) as a JAX or PyTorch user would write
them, over the same flat input as the compiled kernels and the hand-written adjoints (the
input's normal-form coordinates: parameters, then the list's elements), so that the gradient
covers every coordinate as theirs does.

Lists of parameters (the GMM's points, the MLP's examples) become arrays and the programs are
vectorised over them, as a user of either library would write them. Horner's rule and the ODE
integrator are sequential: in JAX a `lax.scan`, in PyTorch eager a Python loop (a user has no
vectorised form of them). The closure-building Horner is the same function as Horner's rule:
its peers are Horner's (a closure built by a fold is traced away by JAX and is a Python closure
chain in PyTorch, no different from the loop).
"""

GMM_SHAPES = {"gmm_d2_k5": (2, 5), "gmm_d10_k25": (10, 25)}
MLP_INPUTS, MLP_HIDDEN, MLP_OUTPUTS = 8, 16, 4
SEQUENTIAL = {"horner", "horner_closure", "ode"}  # a loop over n in PyTorch eager


def jax_function(program):
    """f(z) -> scalar, z the flat float64 input, in jax.numpy."""
    import jax.numpy as jnp
    from jax import lax

    if program in ("horner", "horner_closure"):
        def horner(z):
            x, c = z[0], z[1:]
            p, _ = lax.scan(lambda p, ck: (ck + x * p, None), c[-1], c[:-1][::-1])
            return p
        return horner
    if program in GMM_SHAPES:
        return _gmm(jnp, *GMM_SHAPES[program])
    if program == "mlp":
        return _mlp(jnp)
    if program == "ode":
        def ode(z):
            p, y0, h = z[:4], z[4:6], z[6:]

            def step(y, hk):
                u, v = y[0], y[1]
                du, dv = p[0] * u - p[1] * u * v, p[2] * u * v - p[3] * v
                um, vm = u + 0.5 * hk * du, v + 0.5 * hk * dv
                return jnp.stack([u + hk * (p[0] * um - p[1] * um * vm),
                                  v + hk * (p[2] * um * vm - p[3] * vm)]), None
            y, _ = lax.scan(step, y0, h[::-1])
            return jnp.dot(y, y)
        return ode
    raise ValueError(f"no JAX version of {program}")


def _gmm(xp, d, k):
    """The GMM objective over a namespace with exp, log and sum(..., axis=) (jax.numpy or torch)."""
    def gmm(z):
        alphas = z[:k]
        means = z[k:k + k * d].reshape(k, d)
        logprec = z[k + k * d:k + 2 * k * d].reshape(k, d)
        xs = z[k + 2 * k * d:].reshape(-1, d)
        prec = xp.exp(logprec)
        norm = alphas + xp.sum(logprec, axis=1)
        log_weights_total = xp.log(xp.sum(xp.exp(alphas)))
        scaled = prec[None, :, :] * (xs[:, None, :] - means[None, :, :])
        components = xp.exp(norm[None, :] - 0.5 * xp.sum(scaled * scaled, axis=2))
        likelihood = xp.sum(xp.log(xp.sum(components, axis=1))) - xs.shape[0] * log_weights_total
        return likelihood + 0.5 * xp.sum(prec * prec) - xp.sum(logprec)
    return gmm


def _mlp(xp):
    """The MLP over a namespace with exp, tanh, sum and @ (jax.numpy or torch)."""
    sizes = [MLP_HIDDEN * MLP_INPUTS, MLP_HIDDEN, MLP_OUTPUTS * MLP_HIDDEN, MLP_OUTPUTS]
    offsets = [sum(sizes[:i]) for i in range(5)]
    example = MLP_INPUTS + MLP_OUTPUTS

    def mlp(z):
        w1 = z[offsets[0]:offsets[1]].reshape(MLP_HIDDEN, MLP_INPUTS)
        b1 = z[offsets[1]:offsets[2]]
        w2 = z[offsets[2]:offsets[3]].reshape(MLP_OUTPUTS, MLP_HIDDEN)
        b2 = z[offsets[3]:offsets[4]]
        data = z[offsets[4]:].reshape(-1, example)
        x, y = data[:, :MLP_INPUTS], data[:, MLP_INPUTS:]
        hidden = xp.tanh(x @ w1.T + b1)
        error = 1 / (1 + xp.exp(-(hidden @ w2.T + b2))) - y
        return xp.sum(error * error)
    return mlp


def torch_function(program):
    """f(z) -> scalar tensor, z the flat float64 tensor, in PyTorch (eager-friendly)."""
    import torch

    if program in ("horner", "horner_closure"):
        def horner(z):
            x = z[0]
            c = z[1:].unbind()
            p = c[-1]
            for k in range(len(c) - 2, -1, -1):
                p = c[k] + x * p
            return p
        return horner
    if program in GMM_SHAPES:
        return _gmm(torch, *GMM_SHAPES[program])
    if program == "mlp":
        return _mlp(torch)
    if program == "ode":
        def ode(z):
            p0, p1, p2, p3 = z[:4].unbind()
            u, v = z[4], z[5]
            h = z[6:].unbind()
            for hk in reversed(h):
                du, dv = p0 * u - p1 * u * v, p2 * u * v - p3 * v
                um, vm = u + 0.5 * hk * du, v + 0.5 * hk * dv
                u, v = u + hk * (p0 * um - p1 * um * vm), v + hk * (p2 * um * vm - p3 * vm)
            return u * u + v * v
        return ode
    raise ValueError(f"no PyTorch version of {program}")

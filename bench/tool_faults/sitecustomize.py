"""Faults planted in the AD tools' OWN operators, for bench/tool_faults.py (test-only: put this folder
on PYTHONPATH and set CHAD_TOOL_FAULT=<tool>:<op>, e.g. jax:sigmoid, torch:mv, tf:matvec).

Python imports this module at start-up, before the adapter imports its tool; it replaces one
operator of the tool (jax.nn.sigmoid, torch.mv, tf.linalg.matvec, ...) by one with the same
values whose derivative is subtly wrong: the true derivative times (1 + 2^-20), in reverse and
forward mode (jax.custom_jvp; torch.autograd.Function with backward and jvp; tf.custom_gradient).
The shipped adapters have no fault hooks. Without CHAD_TOOL_FAULT it does nothing.
"""
import os
import sys

FAULT = os.environ.get("CHAD_TOOL_FAULT", "")
SCALE = 1.0 + 2.0 ** -20
OPS = ("sigmoid", "softplus", "matvec", "dot", "sum", "exp", "log", "tanh", "sqrt", "sin", "cos",
       "add", "sub", "mul", "div", "neg")


def plant_jax(op):
    import jax
    import jax.numpy as jnp
    owners = {"sigmoid": (jax.nn, "sigmoid"), "softplus": (jax.nn, "softplus"), "matvec": (jnp, "matmul"),
              "dot": (jnp, "dot"), "sum": (jnp, "sum"), "add": (jnp, "add"), "sub": (jnp, "subtract"),
              "mul": (jnp, "multiply"), "div": (jnp, "divide"), "neg": (jnp, "negative")}
    owner, name = owners.get(op, (jnp, op))
    original = getattr(owner, name)
    faulty = jax.custom_jvp(lambda *args: original(*args))

    @faulty.defjvp
    def rule(primals, tangents):
        y, t = jax.jvp(original, primals, tangents)
        return y, t * SCALE
    setattr(owner, name, faulty)


def plant_torch(op):
    import torch
    import torch.autograd.forward_ad as forward_ad
    import torch.nn.functional as F
    # forward AD scripts its decompositions (torch.jit.script) on first use, reading torch's
    # operators: load them before one is replaced.
    forward_ad._maybe_load_decompositions()
    o = {name: getattr(torch, name) for name in ("sigmoid", "exp", "log", "tanh", "sqrt", "sin", "cos", "neg",
                                                  "add", "sub", "mul", "div", "sum", "dot", "mv")}
    o["softplus"] = F.softplus

    def fit(g, like):  # a scalar operand of a broadcast (scale)
        return g.sum() if like.dim() == 0 and g.dim() > 0 else g

    unary = {  # op: (forward, d output / d input from (x, y))
        "sigmoid": (o["sigmoid"], lambda x, y: y * (1 - y)),
        "softplus": (lambda x: o["softplus"](x, threshold=40.0), lambda x, y: o["sigmoid"](x)),
        "exp": (o["exp"], lambda x, y: y), "log": (o["log"], lambda x, y: 1 / x),
        "tanh": (o["tanh"], lambda x, y: 1 - y * y), "sqrt": (o["sqrt"], lambda x, y: 0.5 / y),
        "sin": (o["sin"], lambda x, y: o["cos"](x)), "cos": (o["cos"], lambda x, y: -o["sin"](x)),
        "neg": (o["neg"], lambda x, y: -torch.ones_like(x)),
        "sum": (o["sum"], lambda x, y: torch.ones_like(x)),
    }
    binary = {  # op: (forward, vjp(a, b, g) -> (ga, gb), jvp(a, b, ta, tb))
        "add": (o["add"], lambda a, b, g: (fit(g, a), fit(g, b)), lambda a, b, ta, tb: ta + tb),
        "sub": (o["sub"], lambda a, b, g: (fit(g, a), fit(-g, b)), lambda a, b, ta, tb: ta - tb),
        "mul": (o["mul"], lambda a, b, g: (fit(g * b, a), fit(g * a, b)), lambda a, b, ta, tb: ta * b + a * tb),
        "div": (o["div"], lambda a, b, g: (fit(g / b, a), fit(-g * a / (b * b), b)),
                lambda a, b, ta, tb: ta / b - a * tb / (b * b)),
        "dot": (o["dot"], lambda a, b, g: (g * b, g * a), lambda a, b, ta, tb: (ta * b).sum() + (a * tb).sum()),
        "mv": (o["mv"], lambda m, v, g: (g[:, None] * v[None, :], m.t() @ g), lambda m, v, tm, tv: tm @ v + m @ tv),
    }
    name = {"matvec": "mv"}.get(op, op)
    if name in unary:
        forward, derivative = unary[name]

        class Faulty(torch.autograd.Function):
            generate_vmap_rule = True

            @staticmethod
            def forward(x):
                return forward(x)

            @staticmethod
            def setup_context(ctx, inputs, output):
                ctx.save_for_backward(inputs[0], output)
                ctx.save_for_forward(inputs[0], output)

            @staticmethod
            def backward(ctx, g):
                x, y = ctx.saved_tensors
                return g * derivative(x, y) * SCALE

            @staticmethod
            def jvp(ctx, t):
                x, y = ctx.saved_tensors
                tangent = t * derivative(x, y) * SCALE
                return tangent.sum() if name == "sum" else tangent
        apply = lambda x, *rest, **options: Faulty.apply(x)
    else:
        forward, vjp, jvp = binary[name]

        class Faulty(torch.autograd.Function):
            generate_vmap_rule = True

            @staticmethod
            def forward(a, b):
                return forward(a, b)

            @staticmethod
            def setup_context(ctx, inputs, output):
                ctx.save_for_backward(*inputs)
                ctx.save_for_forward(*inputs)

            @staticmethod
            def backward(ctx, g):
                a, b = ctx.saved_tensors
                ga, gb = vjp(a, b, g)
                return ga * SCALE, gb * SCALE

            @staticmethod
            def jvp(ctx, ta, tb):
                a, b = ctx.saved_tensors
                ta = torch.zeros_like(a) if ta is None else ta
                tb = torch.zeros_like(b) if tb is None else tb
                return jvp(a, b, ta, tb) * SCALE
        apply = Faulty.apply
    if name == "softplus":
        F.softplus = apply
    else:
        setattr(torch, name, apply)


def _tensordot(original, xs):
    a, b, axes = xs
    import tensorflow as tf

    @tf.custom_gradient
    def dot(a, b):
        y = original(a, b, axes)

        def gradient(upstream):
            with tf.GradientTape() as tape:
                tape.watch([a, b])
                again = original(a, b, axes)
            ga, gb = tape.gradient(again, [a, b], output_gradients=upstream,
                                   unconnected_gradients=tf.UnconnectedGradients.ZERO)
            return ga * SCALE, gb * SCALE
        return y, gradient
    return dot(a, b)


def plant_tf(op):
    import tensorflow as tf
    owners = {"matvec": (tf.linalg, "matvec"), "dot": (tf, "tensordot"), "sum": (tf.math, "reduce_sum"),
              "sub": (tf.math, "subtract"), "mul": (tf.math, "multiply"), "div": (tf.math, "divide"),
              "neg": (tf.math, "negative")}
    owner, name = owners.get(op, (tf.math, op))
    original = getattr(owner, name)

    def planted(*xs, **options):
        @tf.custom_gradient
        def faulty(*xs):
            y = original(*xs, **options)

            def gradient(upstream):
                with tf.GradientTape() as tape:
                    tape.watch(xs)
                    again = original(*xs, **options)
                grads = tape.gradient(again, xs, output_gradients=upstream,
                                      unconnected_gradients=tf.UnconnectedGradients.ZERO)
                return [g * SCALE for g in grads]
            return y, gradient
        if name == "tensordot":  # tensordot(a, b, axes): axes is no tensor
            return _tensordot(original, xs)
        return faulty(*xs)
    setattr(owner, name, planted)


if os.environ.get("CHAD_TOOL_FAULT_ORDER2"):  # right first derivative, wrong second (order2_faults.py)
    import order2_faults
    order2_faults.plant(os.environ["CHAD_TOOL_FAULT_ORDER2"])
    print("tool_faults: planted a wrong second derivative in %s" % os.environ["CHAD_TOOL_FAULT_ORDER2"],
          file=sys.stderr)

if FAULT:
    tool, _, op = FAULT.partition(":")
    if op not in OPS or tool not in ("jax", "torch", "tf"):
        sys.exit("CHAD_TOOL_FAULT=%r: want <jax|torch|tf>:<%s>" % (FAULT, "|".join(OPS)))
    {"jax": plant_jax, "torch": plant_torch, "tf": plant_tf}[tool](op)
    print("tool_faults: planted a wrong derivative in %s's %s" % (tool, op), file=sys.stderr)

"""Faults planted at SECOND order in the AD tools' own operators (issue #31), for bench/tool_faults.py
--order 2 and tests/python/test_order2_faults.py: put bench/tool_faults on PYTHONPATH and set
CHAD_TOOL_FAULT_ORDER2=<tool>:<op> (sitecustomize.py plants it before the adapter imports its tool).

The planted operator has the tool's own values and the right FIRST derivative, but its derivative
is computed from a factor cut off from differentiation (jax.lax.stop_gradient, torch's detach(),
tf.stop_gradient): differentiating the derivative again misses the operator's own second
derivative (softplus'' = sigmoid (1 - sigmoid) becomes 0; d2(a b)/da db = 1 becomes 0). A
first-order campaign cannot see it; a second-order one must.
"""
OPS = ("softplus", "sigmoid", "tanh", "exp", "sin", "mul")


def plant_jax(op):
    import jax
    import jax.numpy as jnp
    owner, name = {"softplus": (jax.nn, "softplus"), "sigmoid": (jax.nn, "sigmoid"),
                   "mul": (jnp, "multiply")}.get(op, (jnp, op))
    original = getattr(owner, name)
    faulty = jax.custom_jvp(lambda *args: original(*args))

    @faulty.defjvp
    def rule(primals, tangents):
        # the tangent map at a point cut off from differentiation: linear in the tangents (so the
        # first derivative is right), constant in the primals (so its own derivative is lost)
        frozen = tuple(jax.lax.stop_gradient(p) for p in primals)
        return original(*primals), jax.jvp(original, frozen, tangents)[1]
    setattr(owner, name, faulty)


def plant_torch(op):
    import torch
    import torch.autograd.forward_ad as forward_ad
    import torch.nn.functional as F
    # forward AD scripts its decompositions (torch.jit.script) on first use, reading torch's
    # operators (exp among them): load them before one is replaced.
    forward_ad._maybe_load_decompositions()
    o = {name: getattr(torch, name) for name in ("sigmoid", "exp", "tanh", "sin", "cos", "mul")}
    o["softplus"] = F.softplus
    derivative = {  # d output / d input from (x, y), evaluated on detached tensors
        "softplus": lambda x, y: o["sigmoid"](x), "sigmoid": lambda x, y: y * (1 - y),
        "tanh": lambda x, y: 1 - y * y, "exp": lambda x, y: y, "sin": lambda x, y: o["cos"](x)}
    if op == "mul":
        def fit(g, like):  # a scalar operand of a broadcast
            return g.sum() if like.dim() == 0 and g.dim() > 0 else g

        class Faulty(torch.autograd.Function):
            generate_vmap_rule = True

            @staticmethod
            def forward(a, b):
                return o["mul"](a, b)

            @staticmethod
            def setup_context(ctx, inputs, output):
                ctx.save_for_backward(*inputs)
                ctx.save_for_forward(*inputs)

            @staticmethod
            def backward(ctx, g):
                a, b = (t.detach() for t in ctx.saved_tensors)
                return fit(g * b, a), fit(g * a, b)

            @staticmethod
            def jvp(ctx, ta, tb):
                a, b = (t.detach() for t in ctx.saved_tensors)
                ta = torch.zeros_like(a) if ta is None else ta
                tb = torch.zeros_like(b) if tb is None else tb
                return ta * b + a * tb
        torch.mul = Faulty.apply
        return
    forward = {"softplus": lambda x: o["softplus"](x)}.get(op, o[op])

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
            x, y = (t.detach() for t in ctx.saved_tensors)
            return g * derivative[op](x, y)

        @staticmethod
        def jvp(ctx, t):
            x, y = (s.detach() for s in ctx.saved_tensors)
            return t * derivative[op](x, y)
    apply = lambda x, *rest, **options: Faulty.apply(x)
    if op == "softplus":
        F.softplus = apply
    else:
        setattr(torch, op, apply)


def plant_tf(op):
    import tensorflow as tf
    owner, name = {"mul": (tf.math, "multiply")}.get(op, (tf.math, op))
    original = getattr(owner, name)

    def planted(*xs, **options):
        @tf.custom_gradient
        def faulty(*xs):
            y = original(*xs, **options)

            def gradient(upstream):
                frozen = [tf.stop_gradient(x) for x in xs]
                with tf.GradientTape() as tape:
                    tape.watch(frozen)
                    again = original(*frozen, **options)
                return tape.gradient(again, frozen, output_gradients=upstream,
                                     unconnected_gradients=tf.UnconnectedGradients.ZERO)
            return y, gradient
        return faulty(*xs)
    setattr(owner, name, planted)


def plant(fault):
    tool, _, op = fault.partition(":")
    if op not in OPS or tool not in ("jax", "torch", "tf"):
        raise SystemExit("CHAD_TOOL_FAULT_ORDER2=%r: want <jax|torch|tf>:<%s>" % (fault, "|".join(OPS)))
    {"jax": plant_jax, "torch": plant_torch, "tf": plant_tf}[tool](op)

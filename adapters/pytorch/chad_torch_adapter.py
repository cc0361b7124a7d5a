#!/usr/bin/python3
"""The PyTorch adapter of CHAD Oracle (docs/adapter-protocol.md, version 1).

Runs each request's `python` translation (chad-oracle translate --to python) in eager PyTorch
in float64: the Jacobian by reverse mode (torch.autograd.grad, one row per output coordinate),
JVPs by forward mode (torch.autograd.forward_ad), VJPs by reverse mode with the seed as
grad_outputs. A request with "timing": true is answered with "seconds": the fastest of repeated
runs of the translation without derivatives (under torch.no_grad) and of the asked derivative,
for the oracle's cost check. Usage:

    /usr/bin/python3 adapters/pytorch/chad_torch_adapter.py [--fault sin-derivative|drop-add-term]
                                                            [--inputs leaves|one-tensor]

--fault injects a wrong derivative into the translation's runtime, for testing the oracle:
sin-derivative makes sin's derivative -cos (reverse and forward mode), drop-add-term drops the
right operand's contribution to the derivative of `+`. --inputs one-tensor makes reverse mode's
leaf one 1-d tensor split by unbind() instead of one 0-d leaf per coordinate: the same values,
and a way to time PyTorch's backward through unbind(), which grows faster than the tensor's
length (bench/RESULTS.md, "Issue #17").
Logs go to standard error only.
"""
import argparse
import os
import sys
import threading
import traceback

import torch
import torch.autograd.forward_ad as fwAD

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
# The kit's protocol loop, numbers, errors and timing (the standard library only).
from chad_oracle.adapter_kit import PROTOCOL, error, fastest_seconds, hex_of, number, serve_requests  # noqa: E402

FLOAT = torch.float64


def log(message):
    print("chad_torch_adapter: " + message, file=sys.stderr, flush=True)


class Unsupported(Exception):
    """The request is outside what this adapter runs."""


# ---- fault injection: replacements for the runtime's primitives ----

class WrongSin(torch.autograd.Function):
    """sin, whose derivative is -cos in both reverse and forward mode."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        ctx.save_for_forward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, cotangent):
        (x,) = ctx.saved_tensors
        return cotangent * -torch.cos(x)

    @staticmethod
    def jvp(ctx, tangent):
        (x,) = ctx.saved_tensors
        return tangent * -torch.cos(x)


FAULTS = {
    "sin-derivative": {"rt_sin": WrongSin.apply},
    "drop-add-term": {"rt_add": lambda a, b: a + b.detach()},
}


# ---- PyTorch's own operators in place of the runtime's compositions ----

# The 2-norm of every entry: PyTorch's own `torch.linalg.vector_norm`, whatever it answers (the
# runtime's scaled composition computed its scale 2^-e in Python floats, which overflow at
# subnormal entries: the adapter died there instead of letting PyTorch's answer be judged).
OWN_OPERATORS = {
    "rt_norm": lambda a: torch.linalg.vector_norm(a.reshape(-1)),
}


# ---- numbers and the translation ----

def load_module(request, fault):
    text = request.get("translations", {}).get("python")
    if not isinstance(text, str):
        raise Unsupported("the request has no python translation")
    module = {"__name__": "chad_translation"}
    exec(compile(text, "<python translation>", "exec"), module)
    module.update(OWN_OPERATORS)
    module.update(FAULTS.get(fault, {}))
    return module


def evaluate(module, request, coords):
    """main at the request's input index and these coordinates (0-d tensors): the output's
    index and coordinates (0-d tensors)."""
    value = module["main"](module["read_input"](request["input"]["index"], coords))
    return module["write_output"](value)


# --inputs: how the input coordinates become autograd leaves (reverse mode).
INPUTS = {"mode": "leaves"}


def leaves(request):
    """(the coordinates as 0-d tensors, the leaves gradients are taken for): one leaf per
    coordinate; or, with --inputs one-tensor, one 1-d leaf split by unbind(), as a model's
    parameters often are."""
    points = [number(c) for c in request["input"]["coords"]]
    if INPUTS["mode"] == "one-tensor" and points:
        whole = torch.tensor(points, dtype=FLOAT, requires_grad=True)
        return list(whole.unbind()), [whole]
    coords = [torch.tensor(p, dtype=FLOAT, requires_grad=True) for p in points]
    return coords, coords


def reverse(outputs, inputs, seeds):
    """sum_i seed[i] * d outputs[i] / d inputs, as floats (0 where nothing depends); `inputs`
    as leaves() returns them."""
    coords, wrt = inputs
    used = [(o, s) for o, s in zip(outputs, seeds) if o.requires_grad]
    if not used or not coords:
        return [0.0] * len(coords)
    grads = torch.autograd.grad([o for o, _ in used],
                                wrt,
                                grad_outputs=[torch.tensor(s, dtype=FLOAT) for _, s in used],
                                retain_graph=True, allow_unused=True)
    if len(wrt) == 1 and wrt[0].dim() == 1:  # one tensor
        return [0.0] * len(coords) if grads[0] is None else grads[0].tolist()
    return [0.0 if g is None else float(g) for g in grads]


def jacobian(module, request):
    inputs = leaves(request)
    index, outputs = evaluate(module, request, inputs[0])
    rows = []
    for i in range(len(outputs)):
        seed = [1.0 if k == i else 0.0 for k in range(len(outputs))]
        rows.append([hex_of(x) for x in reverse(outputs, inputs, seed)])
    return index, outputs, {"jacobian": rows}


def vjp(module, request):
    inputs = leaves(request)
    index, outputs = evaluate(module, request, inputs[0])
    answers = []
    for seed in request["seeds"]:
        if len(seed) != len(outputs):
            raise ValueError("a vjp seed has %d entries for %d output coordinates"
                             % (len(seed), len(outputs)))
        answers.append([hex_of(x) for x in reverse(outputs, inputs, [number(s) for s in seed])])
    return index, outputs, {"vjp": answers}


def jvp(module, request):
    points = [number(c) for c in request["input"]["coords"]]
    answers, index, primal = [], None, None
    for seed in request["seeds"]:
        if len(seed) != len(points):
            raise ValueError("a jvp seed has %d entries for %d input coordinates"
                             % (len(seed), len(points)))
        with fwAD.dual_level():
            inputs = [fwAD.make_dual(torch.tensor(p, dtype=FLOAT),
                                     torch.tensor(number(s), dtype=FLOAT))
                      for p, s in zip(points, seed)]
            index, outputs = evaluate(module, request, inputs)
            tangent = []
            for o in outputs:
                t = fwAD.unpack_dual(o).tangent
                tangent.append(hex_of(0.0 if t is None else t))
            primal = [fwAD.unpack_dual(o).primal for o in outputs]
        answers.append(tangent)
    if index is None:  # no seeds: the output alone
        index, primal = evaluate(module, request, [torch.tensor(p, dtype=FLOAT) for p in points])
    return index, primal, {"jvp": answers}


ASKS = {"jacobian": jacobian, "jvp": jvp, "vjp": vjp}


def timing(module, request):
    """"seconds" (docs/adapter-protocol.md, "Timing"): one evaluation of the translation on
    tensors without autograd, and the asked derivative for the request's first seed."""
    points = [number(c) for c in request["input"]["coords"]]

    def primal():
        with torch.no_grad():
            evaluate(module, request, [torch.tensor(p, dtype=FLOAT) for p in points])

    one = dict(request, seeds=request["seeds"][:1])
    derivative = lambda: ASKS[request["ask"]](module, one)
    return {"primal": fastest_seconds(primal), "derivative": fastest_seconds(derivative)}


def differentiate(request, fault):
    ask = request.get("ask")
    if ask not in ASKS:
        raise Unsupported("unknown ask %r" % (ask,))
    module = load_module(request, fault)
    index, outputs, answer = module["rt_call_deep"](ASKS[ask], module, request)
    result = {"kind": "result", "id": request["id"],
              "output": {"index": index, "coords": [hex_of(o.detach()) for o in outputs]}}
    result.update(answer)
    if request.get("timing") is True:
        result["seconds"] = module["rt_call_deep"](timing, module, request)
    return result


def forward_ad_missing(exc):
    text = str(exc)
    return "forward AD" in text and ("not implemented" in text or "does not support" in text)


def answer(request, fault):
    request_id = request.get("id")
    try:
        return differentiate(request, fault)
    except Unsupported as exc:
        return error(request_id, "unsupported", str(exc))
    except NotImplementedError as exc:
        return error(request_id, "unsupported", "not implemented in PyTorch: %s" % exc)
    except Exception as exc:  # the translation's DomainError, or anything PyTorch raises
        if type(exc).__name__ == "DomainError":
            return error(request_id, "domain", str(exc))
        if isinstance(exc, RuntimeError) and forward_ad_missing(exc):
            return error(request_id, "unsupported", str(exc))
        log("request %r: %s" % (request_id, traceback.format_exc()))
        return error(request_id, "crash", "%s: %s" % (type(exc).__name__, exc))


def serve(options):
    """The kit's protocol loop (chad_oracle.adapter_kit.serve_requests) with this adapter's answers."""
    sys.setrecursionlimit(1000000)  # deep indices in the requests' JSON
    log("PyTorch %s, fault: %s" % (torch.__version__, options.fault or "none"))

    def reply_to(request):
        kind = request.get("kind")
        if kind == "hello":
            return {"kind": "hello", "protocol": PROTOCOL, "tool": "pytorch", "version": torch.__version__,
                    "precision": "float64", "translations": ["python"], "timing": True}
        if kind == "differentiate":
            return answer(request, options.fault)
        return error(request.get("id"), "crash", "unknown request kind %r" % (kind,))
    return serve_requests(reply_to)


def main():
    """serve() on a thread with a large stack: requests and translations nest deeply."""
    parser = argparse.ArgumentParser(description="CHAD Oracle adapter for PyTorch autograd")
    parser.add_argument("--fault", choices=sorted(FAULTS), help="inject a wrong derivative")
    parser.add_argument("--inputs", choices=["leaves", "one-tensor"], default="leaves",
                        help="reverse mode's leaves: one per coordinate, or one tensor split by unbind()")
    options = parser.parse_args()
    INPUTS["mode"] = options.inputs
    threading.stack_size(1 << 29)
    outcome = []
    worker = threading.Thread(target=lambda: outcome.append(serve(options)))
    worker.start()
    worker.join()
    return outcome[0] if outcome else 1


if __name__ == "__main__":
    sys.exit(main())

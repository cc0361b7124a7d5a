"""PyTorch 2's modes of second order (docs/adapter-protocol.md, "Second order"), each one nesting of
PyTorch's own transformations: torch-func-hessian (torch.func.hessian: jacfwd over jacrev, whole
Hessians), torch-func-jvp-of-grad (torch.func.jvp of torch.func.grad of <w, f>, one HVP per seed)
and torch-double-backward (torch.autograd.grad with create_graph=True, then autograd.grad of the
gradient along the seed). First-order asks are answered by the inner transformation; the kit
derives the second-order ask a mode lacks."""
import torch

from ..adapter_kit import ASKS, SECOND_ORDER, SECOND_ORDER_BAND
from ..backends import torch_backend
from .native import NativeMode
from .torch_modes import Autograd, FuncGrad, FuncJacrev, as_rows, seeds_tensor


class FuncHessian(FuncJacrev):
    def hessian(self):
        if self.n_outputs == 0:
            return []
        n = self.x.numel()
        return as_rows(torch.func.hessian(self.f)(self.x).reshape(self.n_outputs, n, n))


class FuncJvpOfGrad(FuncGrad):
    def hvp(self, cotangent, seeds):
        w = seeds_tensor(cotangent)
        gradient = torch.func.grad(lambda x: torch.dot(w, self.f(x)))
        return [as_rows(torch.func.jvp(gradient, (self.x,), (seeds_tensor(v),))[1]) for v in seeds]


class DoubleBackward(Autograd):
    def hvp(self, cotangent, seeds):
        x = self.x.clone().requires_grad_(True)
        y = self.f(x)
        zeros = [[0.0] * x.numel() for _ in seeds]
        if not y.requires_grad:
            return zeros
        (g,) = torch.autograd.grad(y, x, grad_outputs=seeds_tensor(cotangent), create_graph=True,
                                   allow_unused=True, materialize_grads=True)
        if not g.requires_grad:  # the gradient does not depend on x: f is affine in it
            return zeros
        answers = []
        for v in seeds:
            (h,) = torch.autograd.grad(g, x, grad_outputs=seeds_tensor(v), retain_graph=True,
                                       allow_unused=True, materialize_grads=True)
            answers.append(as_rows(h))
        return answers


KINDS = {"torch-func-hessian": FuncHessian, "torch-func-jvp-of-grad": FuncJvpOfGrad,
         "torch-double-backward": DoubleBackward}
MODES = list(KINDS)


def make_mode(name):
    if name not in KINDS:
        raise ValueError("unknown PyTorch mode of second order %r" % name)
    attributes = {"name": name, "tool": "pytorch", "version": torch.__version__,
                  "backend": torch_backend, "traced": False, "prepared_type": KINDS[name],
                  "asks": ASKS + SECOND_ORDER,
                  "second_order_band": SECOND_ORDER_BAND}
    return type("TorchOrder2Mode", (NativeMode,), attributes)()

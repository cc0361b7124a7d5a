"""PyTorch 2's modes: eager autograd (torch.autograd.grad), forward AD (torch.autograd.forward_ad),
torch.func (grad, vjp, jvp, jacrev, jacfwd, vmap over the seeds), and torch.compile of the forward
(its backward by AOTAutograd): backend aot_eager (no C++ code generation per program) and
inductor. All run the program on concrete values, with Python branching; the compiled modes
replay the comparisons of the eager run, so that torch.compile makes one graph of the whole program.
The kit derives the asks a mode lacks (the hello's `derived`)."""
import numpy as np
import torch
import torch.autograd.forward_ad as fwAD

from ..backends import torch_backend
from .native import NativeMode, NativePrepared

F64 = torch.float64


def seeds_tensor(seeds):
    return torch.tensor(np.array(seeds, dtype=np.float64), dtype=F64)


def as_rows(t):
    return t.detach().tolist()


class TorchPrepared(NativePrepared):
    def primal(self):
        with torch.no_grad():
            self.f(self.x)


class Autograd(TorchPrepared):
    """torch.autograd.grad with the seed as grad_outputs, one backward per seed."""

    def vjp(self, seeds):
        x = self.x.clone().requires_grad_(True)
        y = self.f(x)
        answers = []
        for seed in seeds:
            if not y.requires_grad:
                answers.append([0.0] * x.numel())
                continue
            (g,) = torch.autograd.grad(y, x, grad_outputs=seeds_tensor(seed), retain_graph=True,
                                       allow_unused=True, materialize_grads=True)
            answers.append(as_rows(g))
        return answers


class ForwardAD(TorchPrepared):
    def jvp(self, seeds):
        answers = []
        for seed in seeds:
            with fwAD.dual_level():
                y = self.f(fwAD.make_dual(self.x, seeds_tensor(seed)))
                tangent = fwAD.unpack_dual(y).tangent
                answers.append([0.0] * self.n_outputs if tangent is None else as_rows(tangent))
        return answers


class FuncGrad(TorchPrepared):
    def vjp(self, seeds):
        g = torch.func.grad(lambda x, ct: torch.dot(ct, self.f(x)))
        return [as_rows(g(self.x, seeds_tensor(s))) for s in seeds]


class FuncVjp(TorchPrepared):
    def vjp(self, seeds):
        _, pull = torch.func.vjp(self.f, self.x)
        return [as_rows(pull(seeds_tensor(s))[0]) for s in seeds]


class FuncJvp(TorchPrepared):
    def jvp(self, seeds):
        return [as_rows(torch.func.jvp(self.f, (self.x,), (seeds_tensor(s),))[1]) for s in seeds]


class FuncJacrev(TorchPrepared):
    transform = staticmethod(torch.func.jacrev)

    def jacobian(self):
        if self.n_outputs == 0:
            return []
        return as_rows(self.transform(self.f)(self.x).reshape(self.n_outputs, -1))


class FuncJacfwd(FuncJacrev):
    transform = staticmethod(torch.func.jacfwd)


class FuncVmap(TorchPrepared):
    """torch.func.vmap over the seeds of one vjp / jvp."""

    def vjp(self, seeds):
        _, pull = torch.func.vjp(self.f, self.x)
        return as_rows(torch.func.vmap(lambda ct: pull(ct)[0])(seeds_tensor(seeds))) if seeds else []

    def jvp(self, seeds):
        push = lambda t: torch.func.jvp(self.f, (self.x,), (t,))[1]
        return as_rows(torch.func.vmap(push)(seeds_tensor(seeds))) if seeds else []


class Compiled(Autograd):
    """torch.compile of the program's function; its backward comes from AOTAutograd. The compiled
    function replays the eager run's comparisons and leaves the domain checks to it (the mode's
    `replay`): a check or comparison on a concrete value inside it would break its graph, and the
    compiler would see a few operators at a time, never the program whole."""

    compile_backend = "aot_eager"
    replay = True

    def setup(self, mode):
        torch._dynamo.reset()
        self.f = torch.compile(self.f, backend=self.compile_backend, dynamic=False)


class CompiledInductor(Compiled):
    compile_backend = "inductor"


KINDS = {"torch-autograd": Autograd, "torch-forward-ad": ForwardAD, "torch-func-grad": FuncGrad,
         "torch-func-vjp": FuncVjp, "torch-func-jvp": FuncJvp, "torch-func-jacrev": FuncJacrev,
         "torch-func-jacfwd": FuncJacfwd, "torch-func-vmap": FuncVmap, "torch-compile": Compiled,
         "torch-compile-inductor": CompiledInductor}
MODES = list(KINDS)


def make_mode(name):
    if name not in KINDS:
        raise ValueError("unknown PyTorch mode %r" % name)
    attributes = {"name": name, "tool": "pytorch", "version": torch.__version__, "backend": torch_backend,
                  "traced": False, "replay": getattr(KINDS[name], "replay", False), "prepared_type": KINDS[name]}
    return type("TorchMode", (NativeMode,), attributes)()

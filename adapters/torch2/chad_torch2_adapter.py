"""The PyTorch 2 adapter of CHAD Oracle (docs/adapter-protocol.md): one mode per command, over the native
translation of the program's JSON into PyTorch (python/chad_oracle). Usage, with the project's venv:

    .venv/bin/python adapters/torch2/chad_torch2_adapter.py --mode torch-func-jacrev

Modes: torch-autograd, torch-forward-ad, torch-func-{grad,vjp,jvp,jacrev,jacfwd,vmap},
torch-compile (backend aot_eager) and torch-compile-inductor; of second order (hvp, hessian):
torch-func-hessian, torch-func-jvp-of-grad, torch-double-backward.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from chad_oracle import adapter_kit  # noqa: E402
from chad_oracle.modes import torch_modes, torch_order2  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=torch_modes.MODES + torch_order2.MODES, required=True)
    mode = parser.parse_args().mode
    sys.exit(adapter_kit.main((torch_order2 if mode in torch_order2.MODES else torch_modes).make_mode(mode)))

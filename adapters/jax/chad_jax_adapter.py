"""The JAX adapter of CHAD Oracle (docs/adapter-protocol.md): one mode per command, over the native
translation of the program's JSON into JAX (python/chad_oracle). Usage, with the project's venv:

    .venv/bin/python adapters/jax/chad_jax_adapter.py --mode jax-jit-jacrev

Modes: jax-grad, jax-vjp, jax-jvp, jax-jacfwd, jax-jacrev, the same with jax-jit-, and jax-vmap; of second
order (hvp, hessian): jax-jvp-of-grad, jax-hessian, jax-jacfwd-jacrev, the same with jax-jit-.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from chad_oracle import adapter_kit  # noqa: E402
from chad_oracle.modes import jax_modes, jax_order2  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=jax_modes.MODES + jax_order2.MODES, required=True)
    mode = parser.parse_args().mode
    sys.exit(adapter_kit.main((jax_order2 if mode in jax_order2.MODES else jax_modes).make_mode(mode)))

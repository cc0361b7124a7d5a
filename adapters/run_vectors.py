#!/usr/bin/env python3
"""Runs CHAD Oracle test vectors (`chad-oracle vectors`) against an AD tool's adapter: the runner
is chad_oracle.vectors_runner (python/; `python -m chad_oracle.vectors_runner` once the package is
installed), whose text says the options and verdicts. Python 3's standard library only."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from chad_oracle.vectors_runner import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

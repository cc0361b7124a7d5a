"""pytest set-up of the Python tools' tests: python/ on the import path; the oracle binary from
CHAD_ORACLE (CTest passes it)."""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

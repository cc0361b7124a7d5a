"""The kit's dual-number example (chad_oracle.examples.dual_numbers) with a wrong derivative of sin
(-cos): an adapter the oracle must fail, for the package's and the plugin's tests."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from chad_oracle import kit  # noqa: E402
from chad_oracle.examples import dual_numbers  # noqa: E402

dual_numbers.Dual.sin = lambda self: self.chain(math.sin, lambda v: -math.cos(v))

if __name__ == "__main__":
    kit.serve_scalar_tool("dual-numbers-faulty", "1.0", number=dual_numbers.Dual, jvp=dual_numbers.jvp)

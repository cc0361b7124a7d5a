"""The kit's dual-number example, made slow on `sin` (a machine under load, seen from the oracle): the
adapter sleeps CHAD_SLEEPY_SECONDS before answering a program that calls sin. CHAD_SLEEPY_MODE
`always`: every such answer sleeps (a timeout that reproduces); `once`: only the first such answer
of all the adapter's processes (a flaky timeout: the state file CHAD_SLEEPY_STATE records it)."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from chad_oracle import kit  # noqa: E402
from chad_oracle.examples import dual_numbers  # noqa: E402

MODE = os.environ.get("CHAD_SLEEPY_MODE", "always")
SECONDS = float(os.environ.get("CHAD_SLEEPY_SECONDS", "3"))
prompt_sin = dual_numbers.Dual.sin


def first_time():
    try:
        os.close(os.open(os.environ["CHAD_SLEEPY_STATE"], os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        return True
    except FileExistsError:
        return False


def slow_sin(self):
    if MODE == "always" or (MODE == "once" and first_time()):
        time.sleep(SECONDS)
    return prompt_sin(self)


dual_numbers.Dual.sin = slow_sin

if __name__ == "__main__":
    kit.serve_scalar_tool("dual-numbers-sleepy", "1.0", number=dual_numbers.Dual, jvp=dual_numbers.jvp)

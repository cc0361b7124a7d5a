"""`check-adapter` at second order (oracle/order2_conformance.hpp): every mode of second order of
each tool (JAX, PyTorch 2 and TensorFlow nestings: their hellos declare `hvp` and `hessian`)
conforms, the suite's hand-derived Hessians (a list's product, Horner, a softplus network, a fold,
a case) among its checks; and a fault planted at second order in a tool's own multiplication
(bench/tool_faults/order2_faults.py: right first derivative, wrong second) makes check-adapter
fail (exit 1), the failing check naming the entry, the tool's answer and the certified
enclosure. CHAD_PYTHON_TOOLS_MODES (comma-separated tools or modes) restricts the modes."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORACLE = os.environ.get("CHAD_ORACLE")
ADAPTERS = {"jax": "adapters/jax/chad_jax_adapter.py", "torch": "adapters/torch2/chad_torch2_adapter.py",
            "tf": "adapters/tensorflow/chad_tf_adapter.py"}
NAMES = {"jax": ["jax-" + k for k in ("jvp-of-grad", "hessian", "jacfwd-jacrev")],
         "torch": ["torch-func-hessian", "torch-func-jvp-of-grad", "torch-double-backward"],
         "tf": ["tf-nested-tapes", "tf-forward-over-tape"]}
NAMES["jax"] += [n.replace("jax-", "jax-jit-") for n in NAMES["jax"]]
SELECTED = os.environ.get("CHAD_PYTHON_TOOLS_MODES")
CASES = [(tool, name) for tool, names in NAMES.items() for name in names
         if not SELECTED or tool in SELECTED.split(",") or name in SELECTED.split(",")]
ORDER2_CHECKS = ["order 2: product", "order 2: horner", "order 2: softplus network", "order 2: fold", "order 2: case"]

pytestmark = pytest.mark.skipif(not ORACLE, reason="CHAD_ORACLE (the chad-oracle binary) is not set")


def check_adapter(tool, mode, env=None):
    adapter = "%s %s --mode %s" % (sys.executable, os.path.join(ROOT, ADAPTERS[tool]), mode)
    return subprocess.run([ORACLE, "check-adapter", "--adapter", adapter], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def line_of(output, check):
    return next(line for line in output.splitlines() if line.startswith(check + " "))


@pytest.mark.parametrize("tool,mode", CASES)
def test_each_nesting_conforms_at_second_order(tool, mode):
    run = check_adapter(tool, mode)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"== CONFORMS: (\d+) of \1 checks pass \(0 examples unsupported\)", run.stdout), run.stdout
    for check in ORDER2_CHECKS:
        assert re.match(re.escape(check) + r"\s+pass\s+hessian and hvp: every entry inside", line_of(run.stdout, check)), \
            run.stdout


FAULTED = [(tool, mode) for tool, mode in (("torch", "torch-double-backward"), ("jax", "jax-jit-hessian"),
                                           ("tf", "tf-nested-tapes")) if (tool, mode) in CASES]


@pytest.mark.parametrize("tool,mode", FAULTED)
def test_a_second_order_fault_in_multiplication_does_not_conform(tool, mode):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "bench", "tool_faults"),
               CHAD_TOOL_FAULT_ORDER2="%s:mul" % tool)
    run = check_adapter(tool, mode, env)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "== DOES NOT CONFORM" in run.stdout, run.stdout
    # Horner's d2p/dx2 = 2 a2 + 6 a3 x comes from products of x: wrong when the product's own
    # derivative is cut off from differentiation.
    horner = line_of(run.stdout, "order 2: horner")
    assert re.search(r"FAIL\s+fail: (d2 output\[0\] / d input\[\d\] d input\[\d\]|hvp\[\d\] \(H_w v, input\[\d\]\)): "
                     r".* \((hessian|hvp)\) gives \S+, the certified reference encloses \[\S+, \S+\]", horner), horner
    # Its first derivatives are right: the examples' Jacobians pass.
    assert re.search(r"example horner\.chad\s+pass", run.stdout), run.stdout

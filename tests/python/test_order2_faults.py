"""Faults planted at second order in the tools' own operators (bench/tool_faults/order2_faults.py:
the derivative computed from a factor cut off from differentiation) are right at first order and
wrong at second: in every mode of second order of each tool, the first-order VJP still matches the
closed form while the Hessian does not (order2_programs.py, hand-derived)."""
import json
import math
import os
import subprocess
import sys

import pytest

import order2_programs as O

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MODULES = {"jax": "jax_order2", "torch": "torch_order2", "tf": "tf_order2"}
SELECTED = os.environ.get("CHAD_PYTHON_TOOLS_MODES")
# (tool, planted op, program): softplus is the MLP's only curvature, multiplication Horner's
CASES = [(tool, op, program) for tool in MODULES for op, program in (("softplus", "mlp"), ("mul", "horner"))
         if not SELECTED or tool in SELECTED.split(",")]


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def expected(program):
    """(Hessians, the VJP along the first output coordinate), by hand."""
    if program == "mlp":
        x = [0.3, -0.7]
        z = [O.W1[k][0] * x[0] + O.W1[k][1] * x[1] + O.B[k] for k in range(2)]
        sig = [1 / (1 + math.exp(-zk)) for zk in z]
        return O.mlp_hessian(x), [sum(O.W2[0][k] * sig[k] * O.W1[k][c] for k in range(2)) for c in range(2)]
    x, a = 1.5, [0.5, -2.0, 3.0, 0.25]
    # dp/dx = a1 + 2 a2 x + 3 a3 x^2; dp/da_i = x^i
    return O.horner_hessian(x, a), [a[1] + 2 * a[2] * x + 3 * a[3] * x * x] + [x ** i for i in range(4)]


@pytest.mark.parametrize("tool,op,program", CASES)
def test_a_second_order_fault_leaves_first_order_right_and_the_hessian_wrong(tool, op, program):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "bench", "tool_faults"),
                                                       os.path.join(ROOT, "python")]),
               CHAD_TOOL_FAULT_ORDER2="%s:%s" % (tool, op))
    run = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "python", "order2_fault_probe.py"),
                          MODULES[tool], program], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert "planted a wrong second derivative in %s:%s" % (tool, op) in run.stderr
    answers = json.loads(run.stdout.split("ANSWERS ", 1)[1])
    hessians, vjp = expected(program)
    assert answers
    for name, got in answers.items():
        assert all(close(g, e) for g, e in zip(got["vjp"], vjp)), (name, got["vjp"], vjp)
        wrong = [(i, r, c) for i, h in enumerate(hessians) for r, row in enumerate(h) for c, e in enumerate(row)
                 if not close(got["hessian"][i][r][c], e)]
        assert wrong, (name, "the planted fault left the Hessian right", got["hessian"])

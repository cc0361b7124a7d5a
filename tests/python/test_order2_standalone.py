"""Standalone scripts at second order (issue #31): the renderer's Hessian script runs with only the
tool and prints the tool's Hessian, by the mode's nesting, against the certified enclosure widened
by the verdict's band; and a campaign at order 2 that finds a fault planted at second order in
PyTorch's multiplication (bench/tool_faults/order2_faults.py) writes standalone_<mode>.py beside its
report, which shows the fault in PyTorch alone (OUTSIDE) and not without it."""
import glob
import json
import os
import subprocess
import sys

import pytest

import programs as P

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORACLE = os.environ.get("CHAD_ORACLE", os.path.join(ROOT, "build", "apps", "chad-oracle", "chad-oracle"))
CLEAN = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CHAD_TOOL_FAULT_ORDER2")}


def run_script(path, env=CLEAN):
    run = subprocess.run([sys.executable, path], cwd=os.path.dirname(path), env=env, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    return run.stdout


def render(tmp_path, tool, nesting, diagonal):
    """The sum of squares of 3 list entries (Hessian 2 I) with an enclosure whose diagonal is `diagonal`."""
    sys.path.insert(0, os.path.join(ROOT, "python"))
    from chad_oracle import standalone
    hessian = [[[[float(diagonal if j == k else 0).hex()] * 2 for k in range(3)] for j in range(3)]]
    text = standalone.hessian_script(P.SUM_OF_SQUARES, P.list_index(3), ["0x1.8p+0", "0x1p+1", "-0x1p-1"], tool, nesting,
                                     {"order": 2, "hessian": hessian, "band": 1e-10})
    assert "chad_oracle" not in text
    path = tmp_path / ("standalone_%s.py" % nesting)
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("tool,nesting", [("torch", "torch-double-backward"), ("torch", "torch-func-jvp-of-grad"),
                                          ("jax", "jax-jit-jvp-of-grad"), ("jax", "jax-jacfwd-jacrev"),
                                          ("tf", "tf-nested-tapes"), ("tf", "tf-forward-over-tape")])
def test_the_hessian_script_shows_the_tools_hessian_against_the_enclosure(tmp_path, tool, nesting):
    out = run_script(render(tmp_path, tool, nesting, 2))
    assert "output: [6.5]" in out, out
    assert out.count(": inside") == 9 and "OUTSIDE" not in out, out
    assert "VERDICT: every entry inside the enclosure" in out, out
    wrong = run_script(render(tmp_path, tool, nesting, 2.5))
    assert "d2 out[0] / d in[1] d in[1] = 2.0   certified [2.5, 2.5], band 1e-10: OUTSIDE" in wrong, wrong
    assert "VERDICT: 3 entries OUTSIDE the enclosure: a wrong second derivative" in wrong, wrong


def test_a_campaign_at_order_2_writes_a_standalone_script_that_shows_a_planted_fault(tmp_path):
    mode = "torch-double-backward"
    adapter = "%s %s --mode %s" % (os.path.join(ROOT, ".venv", "bin", "python"),
                                   os.path.join(ROOT, "adapters", "torch2", "chad_torch2_adapter.py"), mode)
    faulty = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "bench", "tool_faults"), CHAD_TOOL_FAULT_ORDER2="torch:mul")
    out = str(tmp_path / "c")
    run = subprocess.run([ORACLE, "campaign", "--order", "2", "--implementation", "adapter", "--adapter", adapter,
                          "--count", "10", "--reports", "1", "--out", out], cwd=ROOT, env=faulty, capture_output=True,
                         text=True, timeout=800)
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-3000:]
    scripts = glob.glob(os.path.join(out, "failures", "*", "standalone_%s.py" % mode))
    assert len(scripts) == 1, (run.stdout[-3000:], os.listdir(out))
    report = json.load(open(os.path.join(os.path.dirname(scripts[0]), "report.json")))
    assert report["order"] == 2 and report["standalone_script"] == "standalone_%s.py" % mode
    text = open(scripts[0]).read()
    assert "double_backward_hessian(f, x)" in text and "at second order" in text
    with_fault = run_script(scripts[0], env=faulty)
    assert "OUTSIDE" in with_fault and "a wrong second derivative" in with_fault, with_fault
    without = run_script(scripts[0])
    assert "OUTSIDE" not in without and "VERDICT: every entry inside the enclosure" in without, without

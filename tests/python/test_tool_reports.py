"""Reports in the tool's own terms: a campaign through a shipped adapter whose tool has a wrong
derivative planted in one of its own operators (bench/tool_faults/sitecustomize.py,
CHAD_TOOL_FAULT=tool:op) fails, and its report directory holds a standalone script in that tool
alone; run in a fresh process, the script prints the tool's answer OUTSIDE the enclosure with the
fault planted, and inside it without. The report and the summary name the tool's mode."""
import glob
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORACLE = os.environ.get("CHAD_ORACLE")
ADAPTERS = {"jax": "adapters/jax/chad_jax_adapter.py", "torch": "adapters/torch2/chad_torch2_adapter.py",
            "tf": "adapters/tensorflow/chad_tf_adapter.py"}

pytestmark = pytest.mark.skipif(not ORACLE, reason="CHAD_ORACLE (the chad-oracle binary) is not set")


def with_fault(fault):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CHAD_TOOL_FAULT")}
    if fault:
        env["PYTHONPATH"] = os.path.join(ROOT, "bench", "tool_faults")
        env["CHAD_TOOL_FAULT"] = fault
    return env


@pytest.mark.parametrize("tool,mode,op", [("jax", "jax-jit-vjp", "sin"), ("torch", "torch-autograd", "sigmoid"),
                                         ("torch", "torch-compile", "sigmoid")])
def test_a_planted_fault_is_reported_with_a_script_in_the_tool_alone(tool, mode, op, tmp_path):
    adapter = "%s %s --mode %s" % (sys.executable, os.path.join(ROOT, ADAPTERS[tool]), mode)
    out = tmp_path / "campaign"
    run = subprocess.run([ORACLE, "campaign", "--implementation", "adapter", "--adapter", adapter, "--seed", "1",
                          "--count", "30", "--reports", "1", "--out", str(out)], cwd=ROOT,
                         env=with_fault("%s:%s" % (tool, op)), capture_output=True, text=True, timeout=900)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "mode %s" % mode in run.stdout, run.stdout
    scripts = glob.glob(str(out / "failures" / "*" / ("standalone_%s.py" % mode)))
    assert len(scripts) == 1, run.stdout + str(os.listdir(str(out / "failures")))
    script = scripts[0]
    report = open(os.path.join(os.path.dirname(script), "report.md")).read()
    assert "mode %s" % mode in report and "| %s | fail" % mode in report, report
    assert os.path.basename(script) in report, report
    text = open(script).read()
    assert "chad_oracle" not in text and "COORDS = ['" in text  # the tool alone; exact hex floats

    def run_script(fault):
        done = subprocess.run([sys.executable, script], cwd=str(tmp_path), env=with_fault(fault),
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    faulty = run_script("%s:%s" % (tool, op))
    assert "OUTSIDE" in faulty and "entries OUTSIDE the enclosure: a wrong derivative" in faulty, faulty
    clean = run_script(None)
    assert "OUTSIDE" not in clean and "VERDICT: every entry inside the enclosure" in clean, clean
    # the same numbers but the faulty entries: the script shows the tool's own answer each time
    assert re.findall(r"output: .*", faulty) == re.findall(r"output: .*", clean)

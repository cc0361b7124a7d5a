"""Each mode of each tool judged by the oracle (CHAD_ORACLE: the chad-oracle binary, which CTest
passes): `check-adapter` conforms, and a small seeded campaign exits 0 with no failure.
CHAD_PYTHON_TOOLS_MODES (comma-separated) restricts the modes; CHAD_PYTHON_TOOLS_COUNT sets the
campaign's size (default 5)."""
import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORACLE = os.environ.get("CHAD_ORACLE")
ADAPTERS = {"jax": "adapters/jax/chad_jax_adapter.py", "torch": "adapters/torch2/chad_torch2_adapter.py",
            "tf": "adapters/tensorflow/chad_tf_adapter.py"}
# The modes each tool's module registers (its MODES), read in a child process so that this one does not
# import the tools; torch-compile-inductor (about 7 s a program: each compiled to C++) is left to
# bench/tool_faults.py and check-adapter by hand.
SLOW = {"torch-compile-inductor"}
_LISTED = subprocess.run(
    [sys.executable, "-c", "import json\nfrom chad_oracle.modes import jax_modes, torch_modes, tf_modes\n"
     "print(json.dumps({'jax': jax_modes.MODES, 'torch': torch_modes.MODES, 'tf': tf_modes.MODES}))"],
    cwd=ROOT, env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python")), capture_output=True, text=True,
    timeout=600)
MODES = {tool: [m for m in modes if m not in SLOW]
         for tool, modes in (json.loads(_LISTED.stdout) if _LISTED.returncode == 0 else {}).items()}
assert _LISTED.returncode == 0, "the tools' modes could not be listed: " + _LISTED.stderr[-2000:]
SELECTED = os.environ.get("CHAD_PYTHON_TOOLS_MODES")
CASES = [(tool, mode) for tool, modes in MODES.items() for mode in modes
         if not SELECTED or mode in SELECTED.split(",") or tool in SELECTED.split(",")]
COUNT = os.environ.get("CHAD_PYTHON_TOOLS_COUNT", "5")

pytestmark = pytest.mark.skipif(not ORACLE, reason="CHAD_ORACLE (the chad-oracle binary) is not set")


def adapter(tool, mode):
    return "%s %s --mode %s" % (sys.executable, os.path.join(ROOT, ADAPTERS[tool]), mode)


@pytest.mark.parametrize("tool,mode", CASES)
def test_check_adapter_conforms(tool, mode):
    run = subprocess.run([ORACLE, "check-adapter", "--adapter", adapter(tool, mode)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"== CONFORMS: (\d+) of \1 checks pass \(0 examples unsupported\)", run.stdout), run.stdout


@pytest.mark.parametrize("tool,mode", CASES)
def test_a_seeded_campaign_passes(tool, mode, tmp_path):
    run = subprocess.run([ORACLE, "campaign", "--implementation", "adapter", "--adapter", adapter(tool, mode),
                          "--seed", "29", "--count", COUNT, "--out", str(tmp_path / "c")], cwd=ROOT,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    tally = re.search(r"fail (\d+)  fail-cost (\d+)  fail-numeric (\d+)  fault (\d+)  pass (\d+)", run.stdout)
    assert tally, run.stdout
    fail, fail_cost, fail_numeric, fault, passed = map(int, tally.groups())
    assert (fail, fail_cost, fail_numeric, fault) == (0, 0, 0, 0), run.stdout
    assert passed > 0, run.stdout
    assert "judged: %s" % {"jax": "jax", "torch": "pytorch", "tf": "tensorflow"}[tool] in run.stdout

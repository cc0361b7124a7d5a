"""The pytest plugin (chad_oracle.pytest_plugin) run as a user runs it, in a child pytest in an empty
folder, on one shipped adapter (CHAD_PLUGIN_ADAPTER: dual, jax, torch, tf, sympy, or faulty: the
dual numbers with a wrong sin'): its items, their outcomes, a failure's message and replay command.
CHAD_PLUGIN_COUNT / CHAD_PLUGIN_VECTORS set the programs (default 50 / 20). The child's counts and
seconds are printed (bench/RESULTS.md, "Issue #32")."""
import os
import re
import subprocess
import sys
import time

import chad_oracle

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PY = sys.executable
ADAPTERS = {
    "dual": "cd %s/python && %s -m chad_oracle.examples.dual_numbers" % (ROOT, PY),
    "jax": "%s %s/adapters/jax/chad_jax_adapter.py --mode jax-jit-jacrev" % (PY, ROOT),
    "torch": "%s %s/adapters/torch2/chad_torch2_adapter.py --mode torch-autograd" % (PY, ROOT),
    "tf": "%s %s/adapters/tensorflow/chad_tf_adapter.py --mode tf-tape" % (PY, ROOT),
    "faulty": "%s %s/tests/python/faulty_dual_adapter.py" % (PY, ROOT),
    # written by a newcomer from the README alone (issue #32): SymPy's symbolic derivatives
    "sympy": "%s %s/adapters/sympy/chad_sympy_adapter.py" % (PY, ROOT),
}
WHICH = os.environ.get("CHAD_PLUGIN_ADAPTER", "dual")
COUNT = int(os.environ.get("CHAD_PLUGIN_COUNT", "50"))
VECTORS = int(os.environ.get("CHAD_PLUGIN_VECTORS", "20"))


def run_plugin(tmp_path, adapter, count, vectors, *extra):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    start = time.monotonic()
    done = subprocess.run([PY, "-m", "pytest", "-p", "chad_oracle.pytest_plugin", "-p", "no:cacheprovider",
                           "--chad-adapter", adapter, "--chad-count", str(count), "--chad-vectors", str(vectors),
                           "--chad-seed", "1", "--chad-out", str(tmp_path / "out"), "-rfs"] + list(extra),
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1500)
    seconds = time.monotonic() - start
    counts = {k: int(n) for n, k in re.findall(r"(\d+) (passed|failed|skipped|error)", done.stdout.splitlines()[-1])}
    print("plugin on %s: %d items, %s, %.1f s" % (WHICH, sum(counts.values()), counts, seconds))
    return done, counts


def test_the_plugin_judges_the_adapter(tmp_path):
    done, counts = run_plugin(tmp_path, ADAPTERS[WHICH], COUNT, VECTORS)
    cases = len(chad_oracle.vectors(str(tmp_path / "check"), count=VECTORS, seed=1).cases())
    assert sum(counts.values()) == cases + COUNT + 1, done.stdout[-3000:]
    assert "chad-oracle::campaign-judged" in done.stdout or WHICH != "faulty"
    if WHICH == "faulty":
        assert done.returncode == 1 and counts.get("failed", 0) >= 2, done.stdout[-3000:]
        # A failed campaign item: the verdict and detail, the shrunk report, the replay command.
        message = done.stdout.split("_ chad-oracle::campaign[", 1)[1]
        assert "fail: d out" in message and "# Counterexample" in message
        assert "replay: chad-oracle campaign --implementation adapter --adapter" in message
        assert "FAILED chad-oracle::campaign-judged" in done.stdout
    else:
        assert done.returncode == 0, done.stdout[-3000:]
        assert counts.get("passed", 0) >= (cases + COUNT) // 2


def test_keyword_selection_applies_to_the_plugins_items(tmp_path):
    done, counts = run_plugin(tmp_path, ADAPTERS["dual"], 5, 0, "-k", "campaign and not judged")
    assert done.returncode == 0 and sum(counts.values()) == 5, done.stdout[-3000:]
    assert "5 deselected" not in done.stdout and "1 deselected" in done.stdout


def test_without_an_adapter_the_plugin_adds_nothing(tmp_path):
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    done = subprocess.run([PY, "-m", "pytest", "-p", "chad_oracle.pytest_plugin", "-p", "no:cacheprovider", "-q"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "1 passed" in done.stdout and "chad-oracle" not in done.stdout

"""A campaign's fault by the adapter's timeout (issue #32): shrinking keeps only candidates that
time out too, and a timeout that does not come back when the program is checked again (a loaded
machine) is reported as such, the original program kept; never a passing program headed
"Counterexample: pass". The adapter is the dual-number example slowed on sin
(sleepy_dual_adapter.py); seed 1's first programs call sin. The
timeout (3 s) is wide enough for a loaded machine's answers, the sleep (7 s) well past it; a
program that timed out by load alone has its own report, not read here."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ORACLE = os.environ.get("CHAD_ORACLE")
ADAPTER = "%s %s" % (sys.executable, os.path.join(ROOT, "tests", "python", "sleepy_dual_adapter.py"))

# The first default's draws (the per-program mix left out): seed 1's first programs call sin and
# shrink in a few candidates, each slow one 3 s.
FIRST_SET = "-second-set,-edges,-shapes"

pytestmark = pytest.mark.skipif(not ORACLE, reason="CHAD_ORACLE (the chad-oracle binary) is not set")


def sleepy_env(tmp_path, mode):
    """The slowed adapter's settings; in `once` the state file says whether it has slept."""
    return dict(os.environ, CHAD_SLEEPY_MODE=mode, CHAD_SLEEPY_SECONDS="7", CHAD_SLEEPY_STATE=str(tmp_path / "slept"))


def campaign(tmp_path, mode):
    env = sleepy_env(tmp_path, mode)
    out = tmp_path / "campaign"
    run = subprocess.run([ORACLE, "campaign", "--implementation", "adapter", "--adapter", ADAPTER,
                          "--adapter-timeout", "3", "--seed", "1", "--count", "4", "--reports", "4",
                          "--features", FIRST_SET,
                          "--out", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 1, run.stdout + run.stderr  # the campaign logged the fault
    log = [json.loads(line) for line in open(out / "log.jsonl")]
    timed_out = [line for line in log if line["verdict"] == "fault" and "timed out" in line["checks"][0]["detail"]]
    assert timed_out, log
    logged = timed_out[0]  # (the one sin slowed in `once`)
    report = out / "failures" / str(logged["index"])
    files = {name: open(report / name).read() for name in ("program.chad", "report.md", "report.json")}
    return run.stdout, logged, files


def test_a_timeout_that_reproduces_shrinks_to_a_program_that_times_out(tmp_path):
    stdout, logged, files = campaign(tmp_path, "always")
    chad = files["program.chad"]
    assert chad.startswith("-- Counterexample: fault ("), chad
    assert "sin(" in chad.split("\n-- at: ")[1], chad  # the slow primitive kept
    report = json.loads(files["report.json"])
    assert report["verdict"] == "fault" and "timed out" in report["checks"][0]["detail"], report
    assert report["shrunk_size"] < report["original_size"], report
    assert "not_reproduced" not in report
    assert files["report.md"].startswith("# Counterexample: fault\n"), files["report.md"]


def test_a_timeout_that_does_not_reproduce_is_said_so_and_not_shrunk(tmp_path):
    stdout, logged, files = campaign(tmp_path, "once")  # slow on the campaign's first sin only
    assert "did not reproduce on replay" in stdout and "not shrunk" in stdout, stdout
    for name, text in files.items():
        assert "Counterexample: pass" not in text, (name, text)
    chad = files["program.chad"]
    assert chad.startswith("-- Did not reproduce on replay: the campaign logged `fault` ("), chad
    assert "timed out" in chad.splitlines()[0] and "checked again, the program's verdict is `pass`" in chad
    assert chad.endswith(logged["program"]) or chad.endswith(logged["program"] + "\n"), chad  # the original
    report = json.loads(files["report.json"])
    assert report["program"] == logged["program"] and report["input"] == logged["input"]
    assert report["shrunk_size"] == report["original_size"] and "timed out" in report["not_reproduced"], report
    assert files["report.md"].startswith("# Did not reproduce on replay\n\nThis is not a counterexample: "), files["report.md"]
    # replay says what the report is, never "reproduces the report" of a failure that did not
    replay = subprocess.run([ORACLE, "replay", str(tmp_path / "campaign" / "failures" / str(logged["index"]))],
                            cwd=ROOT, env=sleepy_env(tmp_path, "once"),  # it has slept once: no more
                            capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stdout + replay.stderr  # it passes now
    last = replay.stdout.strip().splitlines()[-1]
    assert last.startswith("verdict pass (not a counterexample: the campaign's failure did not reproduce"), last
    assert "reproduces the report" not in replay.stdout, replay.stdout

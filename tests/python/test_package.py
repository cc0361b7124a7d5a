"""The package's oracle API (chad_oracle.oracle, results): the commands' answers as objects, checked
against closed forms and the oracle's own judgement of known-good and known-bad inputs."""
import math
import os
import sys

import pytest

import chad_oracle
from chad_oracle import results

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLE = os.path.join(ROOT, "examples", "array_literals.chad")
SIN_TIMES_X = "def main (x : real) : real =\n  sin(x) * x;\n"


def test_the_tool_is_the_one_ctest_names():
    assert chad_oracle.find_tool() == os.environ["CHAD_ORACLE"]


def test_a_missing_tool_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("CHAD_ORACLE", "/nonexistent/chad-oracle")
    monkeypatch.setattr(chad_oracle.oracle, "PACKAGE", "/nonexistent/python/chad_oracle")
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(chad_oracle.OracleError, match="CHAD_ORACLE"):
        chad_oracle.find_tool()


def test_jacobian_of_a_file_matches_its_closed_form():
    # examples/array_literals.chad: f = (1 + x)|v|^2 + x^2 at x = 0.5, v = (1, -2, 3).
    j = chad_oracle.jacobian(EXAMPLE)
    assert isinstance(j, results.JacobianResult)
    assert (j.rows, j.cols, j.col_labels) == (1, 4, ["x", "v[0]", "v[1]", "v[2]"])
    assert j.jacobian == [[15.0, 3.0, -6.0, 9.0]]
    assert j.output["coords"] == [1.5 * 14 + 0.25]


def test_jacobian_of_program_text_encloses_the_derivative():
    j = chad_oracle.jacobian(SIN_TIMES_X, at="0.5")
    lo, hi = j.enclosure[0][0]
    exact = math.cos(0.5) * 0.5 + math.sin(0.5)
    assert lo <= exact <= hi and hi - lo < 1e-12
    dual = chad_oracle.jacobian(SIN_TIMES_X, at="0.5", method="dual")
    assert dual.method == "dual" and dual.jacobian[0][0] == pytest.approx(exact, rel=1e-15)


def test_an_ill_typed_program_raises_with_the_located_message():
    ill_typed = "def main (x : real) : real =\n  fst x;\n"
    with pytest.raises(chad_oracle.OracleError, match=r"jacobian exited 3: <stdin>:2:3: .*expected a pair"):
        chad_oracle.jacobian(ill_typed, at="1")
    with pytest.raises(chad_oracle.OracleError, match=r"verify exited 3: <stdin>:2:3: .*expected a pair"):
        chad_oracle.verify(ill_typed)


def test_a_missing_program_file_raises():
    with pytest.raises(chad_oracle.OracleError, match="no program file"):
        chad_oracle.verify("no/such/file.chad")


def test_verify_passes_chad_and_fails_a_mutant():
    good = chad_oracle.verify(EXAMPLE, points=1)
    assert good.passed and good.exit_code == 0
    assert all(case["verdict"] == "pass" for point in good.points for case in point["cases"])
    product = "-- at: (1.5, 2)\ndef main (x : real) (y : real) : real =\n  x * y;\n"
    bad = chad_oracle.verify(product, points=1, extra=["--mutant", "rev-mul-drops-term"])
    assert not bad.passed and bad.exit_code != 0
    assert any(case["verdict"] == "fail" for point in bad.points for case in point["cases"])


def test_campaign_of_chad_logs_every_program(tmp_path):
    result = chad_oracle.campaign(count=6, seed=3, out=str(tmp_path / "c"))
    assert isinstance(result, results.CampaignResult)
    assert result.programs == 6 and sum(result.verdicts.values()) == 6
    assert result.passed and result.failures == []
    log = result.log()
    assert [p.index for p in log] == list(range(6))
    assert all(not p.failed and "def main" in p.program for p in log)


def test_campaign_of_a_faulty_adapter_reports_its_failures(tmp_path):
    # The kit's dual numbers with a wrong derivative of sin (faulty_dual_adapter.py).
    adapter = "%s %s" % (sys.executable, os.path.join(os.path.dirname(__file__), "faulty_dual_adapter.py"))
    result = chad_oracle.campaign(adapter=adapter, count=30, seed=1, out=str(tmp_path / "c"))
    assert not result.passed and result.tool is not None
    failed = [p for p in result.log() if p.failed]
    assert failed and {f["index"] for f in result.failures} == {p.index for p in failed}
    reports = result.reports()
    assert reports and all("Counterexample" in text for text in reports.values())
    assert set(reports) <= {p.index for p in failed}


def test_vectors_are_cases_with_certified_jacobians(tmp_path):
    v = chad_oracle.vectors(str(tmp_path / "v"), count=8, seed=2)
    cases = v.cases()
    assert v.programs == 8 and len(cases) == v.cases_written > 0
    assert v.cases_written + sum(v.skipped.values()) == 8
    assert all(case["jacobian"]["enclosure"] is not None for case in cases)


def test_check_adapter_on_the_golden_adapter():
    result = chad_oracle.check_adapter("%s serve-adapter" % chad_oracle.find_tool())
    assert result.passed and result.exit_code == 0
    assert result.checks and all(isinstance(c, results.AdapterCheck) and c.passed for c in result.checks)
    assert result.checks[0].check == "handshake"

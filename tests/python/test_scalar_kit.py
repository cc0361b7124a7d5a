"""The adapter kit's front for scalar tools (chad_oracle.kit) and its dual-number example: the
declared fragment, the protocol answers, the conformance suite and a campaign through the oracle,
and a faulty variant the oracle must catch."""
import inspect
import io
import json
import math
import os
import subprocess
import sys

import pytest

import chad_oracle
from chad_oracle import adapter_kit, kit
from chad_oracle.examples import dual_numbers

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.path.join(HERE, "..", "..", "python")
DUAL = "cd %s && %s -m chad_oracle.examples.dual_numbers" % (PYTHON, sys.executable)
FAULTY = "%s %s" % (sys.executable, os.path.join(HERE, "faulty_dual_adapter.py"))


def test_the_dual_number_adapter_is_under_40_lines():
    assert len(inspect.getsource(dual_numbers).splitlines()) < 40


def test_the_hello_declares_the_functions_the_number_class_defines():
    hello = kit.scalar_mode("dual", "1", number=dual_numbers.Dual, jvp=dual_numbers.jvp).hello()
    assert {"sin", "cos", "exp", "log", "sqrt", "tanh", "+", "matvec", "<"} <= set(hello["primitives"])
    assert not {"erf", "atan", "log1p", "sigmoid", "abs"} & set(hello["primitives"])
    assert hello["asks"] == ["jacobian", "jvp", "vjp"] and hello["derived"]["jacobian"] == "columns of jvp"
    assert "standalone" not in hello


def test_a_tool_without_a_derivative_is_refused():
    with pytest.raises(ValueError, match="at least one of jvp, vjp, jacobian"):
        kit.scalar_mode("none", "1")


def test_hvp_declares_second_order():
    hvp = lambda f, x, w, v: [0.0] * len(x)
    assert kit.scalar_mode("t", "1", jvp=dual_numbers.jvp, hvp=hvp).hello()["asks"][-2:] == ["hvp", "hessian"]


def request_of(source, at, ask, seeds=()):
    """A differentiate request as the oracle sends it (the program's json translation)."""
    translated = subprocess.run([chad_oracle.find_tool(), "translate", "--to", "json", "-"], input=source,
                                capture_output=True, text=True, check=True)
    program = json.loads(translated.stdout)
    coords = [float(c).hex() for c in at]
    return {"kind": "differentiate", "id": 7, "translations": {"json": program}, "ask": ask,
            "input": {"index": None, "coords": coords}, "seeds": [[float(s).hex() for s in seed] for seed in seeds]}


def serve(mode, *requests):
    out = io.StringIO()
    adapter_kit.serve(mode, io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def dual_mode():
    return kit.scalar_mode("dual", "1", number=dual_numbers.Dual, jvp=dual_numbers.jvp)


def test_vjp_of_sin_times_y_derived_from_jvps():
    source = "def main (x : real) (y : real) : real =\n  sin(x) * y;\n"
    request = request_of(source, [0.5, 2.0], "vjp", [[3.0]])
    request["input"]["index"] = {"pair": [{"reals": 1}, {"reals": 1}]}
    (answer,) = serve(dual_mode(), request)
    assert answer["kind"] == "result", answer
    got = [float.fromhex(v) for v in answer["vjp"][0]]
    assert got == pytest.approx([3 * math.cos(0.5) * 2.0, 3 * math.sin(0.5)], rel=1e-15)


def test_a_tool_giving_only_vjp_answers_the_jacobian_from_its_rows():
    def vjp(f, x, w):  # a reverse mode made of dual-number passes, one per input
        units = [[1.0 if k == i else 0.0 for k in range(len(x))] for i in range(len(x))]
        return [sum(a * t for a, t in zip(w, dual_numbers.jvp(f, x, e))) for e in units]
    mode = kit.scalar_mode("rows", "1", number=dual_numbers.Dual, vjp=vjp)
    assert mode.hello()["derived"]["jacobian"] == "rows of vjp"
    source = "def main (x : real) (y : real) : real * real =\n  (x * y, exp(x) / y);\n"
    request = request_of(source, [0.5, 2.0], "jacobian")
    request["input"]["index"] = {"pair": [{"reals": 1}, {"reals": 1}]}
    (answer,) = serve(mode, request)
    got = [[float.fromhex(v) for v in row] for row in answer["jacobian"]]
    e = math.exp(0.5)
    assert got == [[2.0, 0.5], [pytest.approx(e / 2, rel=1e-15), pytest.approx(-e / 4, rel=1e-15)]]


def test_log_of_a_negative_is_a_domain_error():
    source = "def main (x : real) : real =\n  log(x);\n"
    request = request_of(source, [-1.0], "jacobian")
    request["input"]["index"] = {"reals": 1}
    (answer,) = serve(dual_mode(), request)
    assert (answer["kind"], answer["error"]) == ("error", "domain")


def test_an_undeclared_primitive_is_unsupported():
    source = "def main (x : real) : real =\n  erf(x);\n"
    request = request_of(source, [0.5], "jacobian")
    request["input"]["index"] = {"reals": 1}
    (answer,) = serve(dual_mode(), request)
    assert (answer["kind"], answer["error"]) == ("error", "unsupported") and "erf" in answer["message"]


def test_the_dual_adapter_passes_the_conformance_suite():
    result = chad_oracle.check_adapter(DUAL)
    assert result.passed, [c for c in result.checks if not c.passed]
    assert result.tool == "dual-numbers"
    declined = [c for c in result.checks if c.unsupported]
    assert all("does not declare" in c.reason for c in declined)


def test_a_campaign_judges_the_dual_adapter_and_passes(tmp_path):
    result = chad_oracle.campaign(adapter=DUAL, count=60, seed=1, out=str(tmp_path / "c"))
    assert result.passed, result.verdicts
    assert result.verdicts["pass"] >= 30 and result.judged["judged"] == result.judged["judgeable"]


def test_a_campaign_catches_the_faulty_dual_adapter(tmp_path):
    result = chad_oracle.campaign(adapter=FAULTY, count=40, seed=1, out=str(tmp_path / "c"))
    assert not result.passed and result.verdicts["fail"] > 0
    assert any("sin" in p.program for p in result.log() if p.failed)

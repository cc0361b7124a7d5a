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
    assert {"sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid", "softplus", "pow", "+", "matvec", "<"} <= set(
        hello["primitives"])
    assert not {"erf", "atan", "log1p", "atan2", "hypot", "logsumexp", "norm"} & set(hello["primitives"])
    assert hello["asks"] == ["jacobian", "jvp", "vjp"] and hello["derived"]["jacobian"] == "columns of jvp"
    assert "standalone" not in hello


class Plain:
    """Numbers with the arithmetic alone (the dual numbers' own), no function of their own."""
    def __init__(self, dual):
        self.dual = dual

    dual_of = staticmethod(lambda o: o.dual if isinstance(o, Plain) else o)
    __float__ = lambda self: float(self.dual)
    __add__ = lambda self, o: type(self)(self.dual + self.dual_of(o))
    __mul__ = lambda self, o: type(self)(self.dual * self.dual_of(o))
    __radd__, __rmul__ = __add__, __mul__
    __neg__ = lambda self: type(self)(-self.dual)


def jvp_of(number):
    return lambda f, x, seed: [y.dual.tangent if isinstance(y, Plain) else 0.0
                               for y in f([number(dual_numbers.Dual(a, s)) for a, s in zip(x, seed)])]


class WithBinary(Plain):
    """Those numbers with atan2, hypot and a max of their own (which counts its calls)."""
    max_calls = 0
    atan2 = lambda self, o: self.binary(o, math.atan2, lambda y, x: (x / (x * x + y * y), -y / (x * x + y * y)))
    hypot = lambda self, o: self.binary(o, math.hypot, lambda x, y: (x / math.hypot(x, y), y / math.hypot(x, y)))

    def binary(self, o, f, gradient):
        a, b = self.dual, dual_numbers.lift(self.dual_of(o))
        dx, dy = gradient(a.value, b.value)
        return WithBinary(dual_numbers.Dual(f(a.value, b.value), dx * a.tangent + dy * b.tangent))

    def max(self, o):
        WithBinary.max_calls += 1
        return self if float(self) >= float(o) else o


plain_jvp, with_binary_jvp = jvp_of(Plain), jvp_of(WithBinary)


def test_the_fragment_is_what_the_number_class_has_and_abs_max_min_by_comparison():
    plain = set(kit.scalar_mode("plain", "1", number=Plain, jvp=plain_jvp).hello()["primitives"])
    assert {"abs", "max", "min", "+", "<"} <= plain  # by comparing primal values: every scalar tool
    assert not {"sin", "sigmoid", "softplus", "pow", "atan2", "hypot"} & plain
    binary = set(kit.scalar_mode("b", "1", number=WithBinary, jvp=with_binary_jvp).hello()["primitives"])
    assert {"atan2", "hypot", "max", "min"} <= binary and not {"pow", "sigmoid"} & binary


def jacobian_of(mode, source, at, index):
    request = request_of(source, at, "jacobian")
    request["input"]["index"] = index
    (answer,) = serve(mode, request)
    assert answer["kind"] == "result", answer
    return [[float.fromhex(v) for v in row] for row in answer["jacobian"]]


PAIR = {"pair": [{"reals": 1}, {"reals": 1}]}


def test_abs_max_min_by_comparison_take_the_branch_of_the_primal_values():
    mode = kit.scalar_mode("plain", "1", number=Plain, jvp=plain_jvp)
    source = "def main (x : real) (y : real) : real[3] =\n  [abs(x), max(x, y), min(x * 3, y)];\n"
    assert jacobian_of(mode, source, [-0.5, 2.0], PAIR) == [[-1.0, 0.0], [0.0, 1.0], [3.0, 0.0]]
    assert jacobian_of(mode, source, [2.5, 2.0], PAIR) == [[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]]


def test_the_dual_numbers_own_sigmoid_softplus_and_pow():
    source = "def main (x : real) (y : real) : real[3] =\n  [sigmoid(x), softplus(y), pow(x, y)];\n"
    x, y = 0.75, -1.25
    got = jacobian_of(dual_mode(), source, [x, y], PAIR)
    s = 1 / (1 + math.exp(-x))
    want = [[s * (1 - s), 0.0], [0.0, 1 / (1 + math.exp(-y))], [y * x ** (y - 1), x ** y * math.log(x)]]
    for g, w in zip(got, want):
        assert g == pytest.approx(w, rel=1e-14, abs=0), (got, want)


def test_binary_methods_are_the_numbers_own_and_a_constant_first_argument_is_lifted():
    mode = kit.scalar_mode("b", "1", number=WithBinary, jvp=with_binary_jvp)
    source = "def main (x : real) (y : real) : real[4] =\n  [atan2(x, y), hypot(x, y), atan2(1.5, x), max(2, y)];\n"
    x, y = 0.5, -2.0
    before = WithBinary.max_calls
    got = jacobian_of(mode, source, [x, y], PAIR)
    r2 = x * x + y * y
    want = [[y / r2, -x / r2], [x / math.sqrt(r2), y / math.sqrt(r2)], [-1.5 / (x * x + 2.25), 0.0], [0.0, 0.0]]
    for g, w in zip(got, want):
        assert g == pytest.approx(w, rel=1e-14, abs=0), (got, want)
    assert WithBinary.max_calls > before  # max(2, y): the number's own max, on 2 lifted


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


def test_a_constant_output_is_answered():
    # The output a plain number, not one of the tool's (the campaign's program 0 under the default
    # mix shrank to this: the kit read a `.shape` a float does not have).
    source = "def main (x : real) : real =\n  1;\n"
    request = request_of(source, [0.0], "jacobian")
    request["input"]["index"] = {"reals": 1}
    (answer,) = serve(dual_mode(), request)
    assert answer["kind"] == "result", answer
    assert [[float.fromhex(v) for v in row] for row in answer["jacobian"]] == [[0.0]]


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

"""The adapter kit (python/chad_oracle/adapter_kit.py): hex floats, derived asks, the protocol loop."""
import io
import json
import math

from hypothesis import given, strategies as st

from chad_oracle import adapter_kit as kit


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_hex_floats_round_trip_exactly(x):
    assert kit.number(kit.hex_of(x)) == x
    assert math.copysign(1, kit.number(kit.hex_of(x))) == math.copysign(1, x)


def test_special_numbers_are_spelled_as_the_protocol_says():
    assert kit.hex_of(float("nan")) == "nan"
    assert kit.hex_of(float("inf")) == "inf" and kit.hex_of(float("-inf")) == "-inf"
    assert kit.number("0x1.8p+0") == 1.5 and kit.number("-inf") == -math.inf and kit.number(2) == 2.0


# f(x, y) = (x * y, x + 2y, 3x): J = [[y, x], [1, 2], [3, 0]]
def jacobian_at(x, y):
    return [[y, x], [1.0, 2.0], [3.0, 0.0]]


class Base(kit.Prepared):
    def __init__(self, request):
        self.x, self.y = [kit.number(c) for c in request["input"]["coords"]]
        self.output_index = {"pair": [{"reals": 1}, {"reals": 2}]}
        self.output_coords = [self.x * self.y, self.x + 2 * self.y, 3 * self.x]

    def primal(self):
        return self.output_coords


class OnlyVjp(Base):
    def vjp(self, seeds):
        J = jacobian_at(self.x, self.y)
        return [[sum(s[i] * J[i][k] for i in range(3)) for k in range(2)] for s in seeds]


class OnlyJvp(Base):
    def jvp(self, seeds):
        J = jacobian_at(self.x, self.y)
        return [[sum(J[i][k] * s[k] for k in range(2)) for i in range(3)] for s in seeds]


class Failing(Base):
    def jacobian(self):
        raise {"unsupported": kit.Unsupported("no lists here"), "domain": kit.DomainError("log of -1"),
               "crash": ZeroDivisionError("tool bug")}[self.kind]


def mode_of(prepared, **fields):
    attributes = dict(name="test-mode", tool="test", version="0", primitives=("+", "*"),
                      formers=("var", "prim"), prepared_type=prepared,
                      prepare=lambda self, request: prepared(request))
    attributes.update(fields)
    return type("TestMode", (kit.Mode,), attributes)()


def request(ask, seeds=(), id_=1, timing=False):
    r = {"kind": "differentiate", "id": id_, "ask": ask, "seeds": [list(s) for s in seeds],
         "input": {"index": {"pair": [{"reals": 1}, {"reals": 1}]}, "coords": ["0x1p+1", "0x1.8p+1"]},
         "output": {"index": {}}}
    if timing:
        r["timing"] = True
    return r


def numbers(rows):
    return [[kit.number(v) for v in row] for row in rows]


def test_asks_a_mode_lacks_are_derived_from_what_it_has():
    for prepared in (OnlyVjp, OnlyJvp):
        mode = mode_of(prepared)
        jac = kit.differentiate(mode, request("jacobian"))
        assert numbers(jac["jacobian"]) == jacobian_at(2.0, 3.0)
        jvp = kit.differentiate(mode, request("jvp", [["0x1p+0", "-0x1p+0"]]))
        assert numbers(jvp["jvp"]) == [[3.0 - 2.0, 1.0 - 2.0, 3.0]]
        vjp = kit.differentiate(mode, request("vjp", [["0x1p+0", "0x0p+0", "0x1p+1"]]))
        assert numbers(vjp["vjp"]) == [[3.0 + 6.0, 2.0]]
        assert vjp["output"]["index"] == {"pair": [{"reals": 1}, {"reals": 2}]}
        assert numbers([vjp["output"]["coords"]]) == [[6.0, 8.0, 6.0]]


def test_a_derived_product_past_float64s_range_is_inf_or_nan_not_a_crash():
    class Huge(Base):
        def jacobian(self):  # rows whose products with the seed (1, 1) sum past 1.8e308, and to inf - inf
            return [[1e308, 1e308], [math.inf, -math.inf], [0.0, 0.0]]
    (answer,) = converse(mode_of(Huge), [request("jvp", [["0x1p+0", "0x1p+0"]])])
    assert answer["error"] == "domain", answer  # inf and NaN, judged by the oracle: not the tool's crash
    assert kit._dot([1e308, 1e308], [1.0, 1.0]) == math.inf
    assert math.isnan(kit._dot([math.inf, -math.inf], [1.0, 1.0]))
    assert kit._dot([0.1, 0.2, -0.3], [1.0, 1.0, 1.0]) == math.fsum([0.1, 0.2, -0.3])  # still exactly rounded


def test_a_derived_jacobian_is_computed_once_per_program_but_again_when_timed():
    calls = []

    class CountingVjp(OnlyVjp):
        def vjp(self, seeds):
            calls.append(len(seeds))
            return OnlyVjp.vjp(self, seeds)
    kept = []
    mode = mode_of(CountingVjp, prepare=lambda self, r: kept[0] if kept else kept.append(CountingVjp(r)) or kept[0])
    kit.differentiate(mode, request("jacobian"))
    jvp = kit.differentiate(mode, request("jvp", [["0x1p+0", "-0x1p+0"]]))
    assert numbers(jvp["jvp"]) == [[3.0 - 2.0, 1.0 - 2.0, 3.0]]
    assert calls == [3]  # the jvp came from the Jacobian of the first ask, not three more vjps
    kit.differentiate(mode, request("jvp", [["0x1p+0", "0x0p+0"]], timing=True))
    assert len(calls) > 1 and set(calls[1:]) == {3}  # the timed runs derive the Jacobian again
    kit.differentiate(mode_of(CountingVjp), request("jvp", [["0x1p+0", "0x0p+0"]]))
    assert calls[-1] == 3  # another program (a fresh prepared) computes its own


def test_the_hello_names_the_mode_the_fragment_and_what_is_derived():
    hello = mode_of(OnlyVjp).hello()
    assert hello["mode"] == "test-mode" and hello["tool"] == "test" and hello["protocol"] == 1
    assert hello["primitives"] == ["+", "*"] and hello["formers"] == ["var", "prim"]
    assert hello["asks"] == ["jacobian", "jvp", "vjp"] and hello["timing"] is True
    assert hello["derived"]["jacobian"] == "rows of vjp" and "vjp" not in hello["derived"]
    assert mode_of(OnlyJvp).hello()["derived"]["jacobian"] == "columns of jvp"


def converse(mode, lines):
    out = io.StringIO()
    assert kit.serve(mode, io.StringIO("".join(json.dumps(l) + "\n" for l in lines)), out) == 0
    return [json.loads(l) for l in out.getvalue().splitlines()]


def test_errors_have_the_protocol_kinds_and_the_loop_goes_on():
    answers = []
    for kind in ("unsupported", "domain", "crash"):
        prepared = type("F", (Failing,), {"kind": kind})
        answers += converse(mode_of(prepared), [request("jacobian", id_=5)])
    assert [(a["kind"], a["id"], a["error"]) for a in answers] == [
        ("error", 5, "unsupported"), ("error", 5, "domain"), ("error", 5, "crash")]
    assert "log of -1" in answers[1]["message"] and "ZeroDivisionError" in answers[2]["message"]


def test_a_conversation_hello_requests_malformed_lines_and_bye():
    mode = mode_of(OnlyVjp)
    out = io.StringIO()
    text = (json.dumps({"kind": "hello", "protocol": 1}) + "\nnot json\n"
            + json.dumps(request("vjp", [["0x1p+0", "0x0p+0", "0x0p+0"]], id_=2)) + "\n"
            + json.dumps(request("jvp", [["0x1p+0"]], id_=3)) + "\n"
            + json.dumps({"kind": "bye"}) + "\n" + json.dumps(request("jacobian", id_=9)) + "\n")
    kit.serve(mode, io.StringIO(text), out)
    answers = [json.loads(l) for l in out.getvalue().splitlines()]
    assert [a["kind"] for a in answers] == ["hello", "error", "result", "error"]
    assert answers[1]["error"] == "crash" and "malformed" in answers[1]["message"]
    assert numbers(answers[2]["vjp"]) == [[3.0, 2.0]]
    assert answers[3]["id"] == 3 and "seed needs 2 entries" in answers[3]["message"]


def test_a_timed_request_carries_the_fastest_times():
    answer = kit.differentiate(mode_of(OnlyVjp), request("vjp", [["0x1p+0", "0x0p+0", "0x0p+0"]], timing=True))
    seconds = answer["seconds"]
    assert set(seconds) == {"primal", "derivative"}
    assert all(math.isfinite(v) and v >= 0 for v in seconds.values())


def test_a_non_finite_answer_is_a_domain_error():
    class Inf(Base):
        def jacobian(self):
            return [[math.inf, 0.0]] * 3
    (answer,) = converse(mode_of(Inf), [request("jacobian")])
    assert answer["error"] == "domain"

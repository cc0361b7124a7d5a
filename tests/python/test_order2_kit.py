"""The adapter kit's second-order asks (docs/adapter-protocol.md, "Second order"): hvp and hessian
answered by a mode's own method or derived from the other, the cotangent checked, the hello's
asks and derived, timed and non-finite answers."""
import io
import json
import math

from chad_oracle import adapter_kit as kit


# f(x, y) = (x * y, x * x): H_0 = [[0, 1], [1, 0]], H_1 = [[2, 0], [0, 0]] (by hand).
HESSIANS = [[[0.0, 1.0], [1.0, 0.0]], [[2.0, 0.0], [0.0, 0.0]]]


class Base(kit.Prepared):
    def __init__(self, request):
        self.x, self.y = [kit.number(c) for c in request["input"]["coords"]]
        self.output_index = {"pair": [{"reals": 1}, {"reals": 1}]}
        self.output_coords = [self.x * self.y, self.x * self.x]

    def primal(self):
        return self.output_coords

    def vjp(self, seeds):
        return [[s[0] * self.y + 2 * s[1] * self.x, s[0] * self.x] for s in seeds]


class OnlyHvp(Base):
    def hvp(self, w, seeds):  # (w0 H_0 + w1 H_1) v, written out
        return [[2 * w[1] * v[0] + w[0] * v[1], w[0] * v[0]] for v in seeds]


class OnlyHessian(Base):
    def hessian(self):
        return [[row[:] for row in h] for h in HESSIANS]


class NotFinite(Base):
    def hessian(self):
        return [[[math.nan, 0.0], [0.0, 0.0]], [[0.0, 0.0], [0.0, 0.0]]]


def mode_of(prepared, asks=kit.ASKS + kit.SECOND_ORDER):
    attributes = dict(name="test-order2", tool="test", version="0", asks=asks, prepared_type=prepared,
                      prepare=lambda self, request: prepared(request))
    return type("TestMode", (kit.Mode,), attributes)()


def request(ask, seeds=(), cotangent=None, id_=1, timing=False):
    r = {"kind": "differentiate", "id": id_, "ask": ask, "seeds": [list(s) for s in seeds],
         "input": {"index": {"pair": [{"reals": 1}, {"reals": 1}]}, "coords": ["0x1p+1", "0x1.8p+1"]},
         "output": {"index": {}}}
    if cotangent is not None:
        r["cotangent"] = cotangent
    if timing:
        r["timing"] = True
    return r


def numbers(rows):
    return [[kit.number(v) for v in row] for row in rows]


def test_a_hessian_is_derived_from_hvps_and_an_hvp_from_hessians():
    for prepared in (OnlyHvp, OnlyHessian):
        mode = mode_of(prepared)
        hessian = kit.differentiate(mode, request("hessian"))["hessian"]
        assert [numbers(h) for h in hessian] == HESSIANS
        # w = (1, -2): w0 H_0 + w1 H_1 = [[-4, 1], [1, 0]]; v = (1, 0) -> (-4, 1), v = (0.5, 2) -> (0, 0.5)
        hvp = kit.differentiate(mode, request("hvp", [["0x1p+0", "0x0p+0"], ["0x1p-1", "0x1p+1"]],
                                              cotangent=["0x1p+0", "-0x1p+1"]))
        assert numbers(hvp["hvp"]) == [[-4.0, 1.0], [0.0, 0.5]]
        assert numbers([hvp["output"]["coords"]]) == [[6.0, 4.0]]


def test_the_hello_declares_the_second_order_asks_and_how_each_is_had():
    hello = mode_of(OnlyHvp).hello()
    assert hello["asks"] == ["jacobian", "jvp", "vjp", "hvp", "hessian"]
    assert hello["derived"]["hessian"] == "hvp along the unit vectors, per output coordinate"
    assert "hvp" not in hello["derived"]
    assert "hessian" not in mode_of(OnlyHessian).hello()["derived"]
    assert "hvp" in mode_of(OnlyHessian).hello()["derived"]
    # a first-order mode says nothing of second order
    assert not set(mode_of(Base, asks=kit.ASKS).hello()["derived"]) & {"hvp", "hessian"}


def converse(mode, lines):
    out = io.StringIO()
    assert kit.serve(mode, io.StringIO("".join(json.dumps(l) + "\n" for l in lines)), out) == 0
    return [json.loads(l) for l in out.getvalue().splitlines()]


def test_malformed_and_undeclared_second_order_requests_are_errors():
    answers = converse(mode_of(OnlyHvp), [
        request("hvp", [["0x1p+0", "0x0p+0"]], id_=1),                               # no cotangent
        request("hvp", [["0x1p+0", "0x0p+0"]], cotangent=["0x1p+0"], id_=2),         # one of two
        request("hvp", [["0x1p+0"]], cotangent=["0x1p+0", "0x1p+0"], id_=3),         # a short seed
    ])
    assert [(a["id"], a["error"]) for a in answers] == [(1, "crash"), (2, "crash"), (3, "crash")]
    assert "cotangent of 2 entries" in answers[0]["message"] and "seed needs 2 entries" in answers[2]["message"]
    first_order = converse(mode_of(OnlyHvp, asks=kit.ASKS), [request("hessian", id_=4)])
    assert first_order[0]["error"] == "unsupported" and "hessian" in first_order[0]["message"]
    none = converse(mode_of(Base), [request("hessian", id_=5)])
    assert none[0]["error"] == "unsupported"


def test_a_non_finite_hessian_is_a_domain_error_and_a_timed_one_has_seconds():
    answer = converse(mode_of(NotFinite), [request("hessian", id_=6)])[0]
    assert answer["error"] == "domain" and "hessian" in answer["message"]
    timed = kit.differentiate(mode_of(OnlyHvp), request("hvp", [["0x1p+0", "0x0p+0"]], cotangent=["0x1p+0", "0x0p+0"],
                                                        timing=True))
    assert set(timed["seconds"]) == {"primal", "derivative"}
    assert all(math.isfinite(v) and v >= 0 for v in timed["seconds"].values())

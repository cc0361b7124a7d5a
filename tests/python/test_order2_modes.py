"""Every mode of second order of every tool (JAX, PyTorch 2, TensorFlow nestings) answers `hessian`
and `hvp` for the held-out style programs with closed-form Hessians (order2_programs.py: Horner, the
product of a list, a softplus MLP), compared entry by entry with the closed form at hand-picked
points, never with the tool itself. CHAD_PYTHON_TOOLS_MODES (comma-separated tools or modes)
restricts the modes."""
import importlib
import math
import os

import pytest

import order2_programs as O
from chad_oracle import adapter_kit as kit
from programs import list_index, request

MODULES = {"jax": "jax_order2", "torch": "torch_order2", "tf": "tf_order2"}
NAMES = {"jax": ["jax-" + k for k in ("jvp-of-grad", "hessian", "jacfwd-jacrev")],
         "torch": ["torch-func-hessian", "torch-func-jvp-of-grad", "torch-double-backward"],
         "tf": ["tf-nested-tapes", "tf-forward-over-tape"]}
NAMES["jax"] += [n.replace("jax-", "jax-jit-") for n in NAMES["jax"]]
SELECTED = os.environ.get("CHAD_PYTHON_TOOLS_MODES")
CASES = [(tool, name) for tool, names in NAMES.items() for name in names
         if not SELECTED or tool in SELECTED.split(",") or name in SELECTED.split(",")]

HORNER_X, HORNER_A = 1.5, [0.5, -2.0, 3.0, 0.25]
LIST = [1.5, -2.0, 0.75, 3.0]
MLP_X = [0.3, -0.7]
PROGRAMS = {  # name: (program, input index, coordinates, Hessians by hand)
    "horner": (O.HORNER, O.HORNER_INDEX, [HORNER_X] + HORNER_A, O.horner_hessian(HORNER_X, HORNER_A)),
    "product": (O.PRODUCT, list_index(len(LIST)), LIST, O.product_hessian(LIST)),
    "mlp": (O.MLP, {"reals": 2}, MLP_X, O.mlp_hessian(MLP_X)),
}

_MODES = {}


def mode(tool, name):
    if name not in _MODES:
        _MODES[name] = importlib.import_module("chad_oracle.modes." + MODULES[tool]).make_mode(name)
    return _MODES[name]


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def test_the_closed_forms_hold_at_a_point_by_hand():
    # Horner at x = 1.5, a = (0.5, -2, 3, 0.25): d2p/dx2 = 2*3 + 6*0.25*1.5 = 8.25; d2p/dx da3 = 3*1.5^2 = 6.75.
    h = O.horner_hessian(HORNER_X, HORNER_A)[0]
    assert h[0][0] == 8.25 and h[0][4] == 6.75 and h[0][2] == 1.0 and h[3][4] == 0.0
    # the product of (1.5, -2, 0.75, 3): d2/dx1 dx2 = 0.75 * 3 = 2.25
    assert O.product_hessian(LIST)[0][0][1] == 2.25


@pytest.mark.parametrize("tool,name", CASES)
@pytest.mark.parametrize("program_name", list(PROGRAMS))
def test_the_hessian_is_the_closed_form(tool, name, program_name):
    program, index, coords, expected = PROGRAMS[program_name]
    answer = kit.answer(mode(tool, name), request(program, index, coords, ask="hessian"), print)
    assert answer["kind"] == "result", answer
    got = [[[kit.number(v) for v in row] for row in h] for h in answer["hessian"]]
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        for r in range(len(e)):
            for c in range(len(e)):
                assert close(g[r][c], e[r][c]), (program_name, i, r, c, g[r][c], e[r][c])


@pytest.mark.parametrize("tool,name", CASES)
@pytest.mark.parametrize("program_name", list(PROGRAMS))
def test_hvps_are_the_closed_form_weighted_by_the_cotangent(tool, name, program_name):
    program, index, coords, expected = PROGRAMS[program_name]
    n, m = len(coords), len(expected)
    w = [1.0, -0.5][:m]
    seeds = [[1.0 if k == 0 else 0.0 for k in range(n)], [0.5 * (k + 1) * (-1) ** k for k in range(n)]]
    r = request(program, index, coords, ask="hvp", seeds=[[float(s).hex() for s in v] for v in seeds])
    r["cotangent"] = [float(c).hex() for c in w]
    answer = kit.answer(mode(tool, name), r, print)
    assert answer["kind"] == "result", answer
    for v, got in zip(seeds, answer["hvp"]):
        for row in range(n):
            want = sum(w[i] * expected[i][row][c] * v[c] for i in range(m) for c in range(n))
            assert close(kit.number(got[row]), want), (program_name, row, got[row], want)


@pytest.mark.parametrize("tool,name", CASES)
def test_first_order_asks_still_hold_and_the_output_is_judged(tool, name):
    # the MLP's output by hand; its VJP along w = (1, 0): W2[0] diag(sigmoid(z)) W1
    r = request(O.MLP, {"reals": 2}, MLP_X, ask="vjp", seeds=[["0x1p+0", "0x0p+0"]])
    answer = kit.answer(mode(tool, name), r, print)
    assert answer["kind"] == "result", answer
    out = [kit.number(c) for c in answer["output"]["coords"]]
    assert all(close(a, b) for a, b in zip(out, O.mlp_output(MLP_X)))
    z = [O.W1[k][0] * MLP_X[0] + O.W1[k][1] * MLP_X[1] + O.B[k] for k in range(2)]
    sig = [1 / (1 + math.exp(-zk)) for zk in z]
    want = [sum(O.W2[0][k] * sig[k] * O.W1[k][c] for k in range(2)) for c in range(2)]
    assert all(close(kit.number(g), e) for g, e in zip(answer["vjp"][0], want))
    assert mode(tool, name).hello()["mode"] == name and "hessian" in mode(tool, name).hello()["asks"]
    # the band its Hessians are judged in, and a standalone script at second order, declared
    assert mode(tool, name).hello()["second_order_band"] == 1e-10 and mode(tool, name).hello()["standalone"]

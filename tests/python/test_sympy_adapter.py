"""The SymPy adapter's own derivatives of the kit's scalar spellings (adapters/sympy): abs, max,
min, pow, atan2, hypot, sigmoid and softplus as SymPy's functions, first and second order (the
second derivative of Abs, Max and Min is SymPy's DiracDelta, which mpmath has not: 0 off the kink)."""
import importlib.util
import math
import os

import pytest

pytest.importorskip("sympy")
HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "chad_sympy_adapter", os.path.join(HERE, "..", "..", "adapters", "sympy", "chad_sympy_adapter.py"))
adapter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(adapter)


def test_the_jacobian_of_the_binary_spellings():
    x, y = 0.5, 2.0
    f = lambda v: [v[0].atan2(v[1]), v[0].hypot(v[1]), v[1].pow(3.0), v[0].max(v[1]), v[0].min(v[1])]
    got = adapter.jacobian(f, [x, y])
    r2 = x * x + y * y
    want = [[y / r2, -x / r2], [x / math.sqrt(r2), y / math.sqrt(r2)], [0.0, 3 * y * y], [0.0, 1.0], [1.0, 0.0]]
    for g, w in zip(got, want):
        assert g == pytest.approx(w, rel=1e-15, abs=0), (got, want)


def test_the_jacobian_of_abs_sigmoid_softplus():
    got = adapter.jacobian(lambda v: [v[0].abs(), v[0].sigmoid(), v[0].softplus()], [-1.25])
    s = 1 / (1 + math.exp(1.25))
    assert [row[0] for row in got] == pytest.approx([-1.0, s * (1 - s), s], rel=1e-15, abs=0)


@pytest.mark.parametrize("x,h00", [(1.5, 2.0), (-2.0, -2.0)])
def test_the_hessian_of_abs_and_max_off_their_kinks(x, h00):
    # x max(x, y) at y = 0.5 (x above y: x^2; below: x y) plus x abs(x)
    f = lambda v: [v[0] * v[0].max(v[1]) + v[0] * v[0].abs()]
    got = adapter.hvp(f, [x, 0.5], [1.0], [1.0, 0.0])
    want = [2.0 + h00, 0.0] if x > 0.5 else [h00, 1.0]
    assert got == pytest.approx(want, rel=1e-15, abs=0), got

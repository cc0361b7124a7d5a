"""A CHAD Oracle adapter for SymPy (symbolic differentiation), through the adapter kit (chad_oracle.kit).

The program runs once on `Sym` numbers: each carries a SymPy expression in the input's symbols and its
primal value in float64 (which decides the comparisons, i.e. which branch the program takes at this
point). Every primitive becomes SymPy's own function; the Jacobian is `Matrix.jacobian` of the output's
expressions, the HVP is `sympy.hessian` of the weighted outputs times the seed, both evaluated at the input point by `lambdify` over mpmath
at 160 bits and rounded to float64. The fragment is what the kit's scalar backend spells (the arithmetic,
the comparisons, sum/dot/matvec/..., sin cos exp log sqrt tanh log1p expm1 atan erf sigmoid softplus, abs
pow atan2 hypot max min: SymPy's Abs, Pow, atan2, Max, Min and the formulas of the others); logsumexp,
softmax and norm are declined by the kit as undeclared.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

import mpmath  # noqa: E402
import sympy  # noqa: E402
from sympy.codegen.cfunctions import expm1 as sympy_expm1, log1p as sympy_log1p  # noqa: E402

from chad_oracle import kit  # noqa: E402
from chad_oracle.backends.scalar_backend import FLOAT_FUNCTIONS  # noqa: E402 (the primal values)

BITS = 160  # the precision the derivatives are evaluated in; the results are rounded to float64


class Sym:
    """A SymPy expression with its primal value in float64."""

    def __init__(self, expr, value):
        self.expr, self.value = expr, float(value)

    __float__ = lambda self: self.value
    __add__ = lambda self, o: Sym(self.expr + expr_of(o), self.value + float(o))
    __radd__ = lambda self, o: Sym(expr_of(o) + self.expr, float(o) + self.value)
    __sub__ = lambda self, o: Sym(self.expr - expr_of(o), self.value - float(o))
    __rsub__ = lambda self, o: Sym(expr_of(o) - self.expr, float(o) - self.value)
    __mul__ = lambda self, o: Sym(self.expr * expr_of(o), self.value * float(o))
    __rmul__ = lambda self, o: Sym(expr_of(o) * self.expr, float(o) * self.value)
    __neg__ = lambda self: Sym(-self.expr, -self.value)

    def __truediv__(self, o):
        if float(o) == 0.0:
            raise kit.DomainError("division by zero")
        return Sym(self.expr / expr_of(o), self.value / float(o))

    def __rtruediv__(self, o):
        if self.value == 0.0:
            raise kit.DomainError("division by zero")
        return Sym(expr_of(o) / self.expr, float(o) / self.value)

    def apply(self, sympy_function, math_function, domain=None):
        if domain is not None and not domain(self.value):
            raise kit.DomainError("%s: argument %r is outside its domain" % (math_function.__name__, self.value))
        try:
            value = math_function(self.value)
        except OverflowError:
            value = math.inf
        return Sym(sympy_function(self.expr), value)

    sin = lambda self: self.apply(sympy.sin, math.sin)
    cos = lambda self: self.apply(sympy.cos, math.cos)
    exp = lambda self: self.apply(sympy.exp, math.exp)
    log = lambda self: self.apply(sympy.log, math.log, lambda v: v > 0)
    sqrt = lambda self: self.apply(sympy.sqrt, math.sqrt, lambda v: v >= 0)
    tanh = lambda self: self.apply(sympy.tanh, math.tanh)
    log1p = lambda self: self.apply(sympy_log1p, math.log1p, lambda v: v > -1)
    expm1 = lambda self: self.apply(sympy_expm1, math.expm1)
    atan = lambda self: self.apply(sympy.atan, math.atan)
    erf = lambda self: self.apply(sympy.erf, math.erf)
    sigmoid = lambda self: self.apply(lambda e: 1 / (1 + sympy.exp(-e)), FLOAT_FUNCTIONS["sigmoid"])
    softplus = lambda self: self.apply(lambda e: sympy.log(1 + sympy.exp(e)), FLOAT_FUNCTIONS["softplus"])
    abs = lambda self: self.apply(sympy.Abs, abs)

    def apply2(self, o, sympy_function, math_function):
        """A binary function of this (its first argument) and o."""
        try:
            value = math_function(self.value, float(o))
        except OverflowError:
            value = math.inf
        return Sym(sympy_function(self.expr, expr_of(o)), value)

    pow = lambda self, o: self.apply2(o, sympy.Pow, math.pow)
    atan2 = lambda self, o: self.apply2(o, sympy.atan2, math.atan2)
    hypot = lambda self, o: self.apply2(o, lambda a, b: sympy.sqrt(a ** 2 + b ** 2), math.hypot)
    max = lambda self, o: self.apply2(o, sympy.Max, max)
    min = lambda self, o: self.apply2(o, sympy.Min, min)


def expr_of(v):
    """A Sym's expression, or a float constant as an exact SymPy Float (53 bits: the double itself)."""
    return v.expr if isinstance(v, Sym) else sympy.Float(float(v), precision=53)


def traced(f, x):
    """Run the program on real symbols x0, x1, ... carrying the point's values: the symbols and
    the output's expressions."""
    symbols = sympy.symbols("x0:%d" % len(x), real=True) if x else ()
    outputs = f([Sym(s, a) for s, a in zip(symbols, x)])
    return list(symbols), [expr_of(y) for y in outputs]


def dirac_delta(a, k=0):
    """DiracDelta (the second derivative of Abs, Max, Min: SymPy's, which mpmath has not): 0 off
    its kink; at the kink there is no second derivative (not a finite real)."""
    return mpmath.mpf(0) if a != 0 else mpmath.nan


def at(exprs, symbols, x, rounded=True):
    """The expressions at the point, by SymPy's lambdify over mpmath at BITS bits (common
    subexpressions shared), each rounded to float64."""
    function = sympy.lambdify(symbols, list(exprs), modules=[{"DiracDelta": dirac_delta}, "mpmath"], cse=True)
    with mpmath.workprec(BITS):
        try:
            values = [mpmath.mpmathify(v) for v in function(*[mpmath.mpf(float(a)) for a in x])]
        except ZeroDivisionError:
            raise kit.DomainError("SymPy's derivative divides by zero here")
        if not all(isinstance(v, mpmath.mpf) and mpmath.isfinite(v) for v in values):
            raise kit.DomainError("SymPy's derivative is not a finite real here: %s" % values)
        return [float(v) for v in values] if rounded else values


def jacobian(f, x):
    symbols, outputs = traced(f, x)
    if not outputs or not symbols:
        return [[0.0] * len(symbols) for _ in outputs]
    J = sympy.Matrix(outputs).jacobian(symbols)
    values = at(J, symbols, x)
    return [values[i * len(symbols):(i + 1) * len(symbols)] for i in range(len(outputs))]


_hessian = {}  # the last request's Hessian of w . f: the kit asks one hvp per seed of a request


def hvp(f, x, cotangent, seed):
    key = (tuple(x), tuple(cotangent))
    if _hessian.get("f") is not f or _hessian.get("key") != key:
        symbols, outputs = traced(f, x)
        weighted = sum((sympy.Float(float(w), precision=53) * y for w, y in zip(cotangent, outputs)),
                       sympy.Integer(0))
        H = sympy.hessian(weighted, symbols) if symbols else sympy.zeros(0, 0)
        _hessian.update(f=f, key=key, n=len(symbols), values=at(H, symbols, x, rounded=False) if symbols else [])
    n, H = _hessian["n"], _hessian["values"]
    with mpmath.workprec(BITS):
        return [float(mpmath.fsum(H[i * n + j] * mpmath.mpf(float(seed[j])) for j in range(n))) for i in range(n)]


if __name__ == "__main__":
    kit.serve_scalar_tool("sympy", sympy.__version__, number=Sym, jacobian=jacobian, hvp=hvp)

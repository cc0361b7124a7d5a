// The math functions of Dual<S> (model/dual.hpp) that CHAD's target evaluator calls by name
// (sin, cos, exp, log, sqrt, tanh, acos, the second set's special::..., a step function and
// comparisons of primal values), so that CHAD's derivative programs can themselves be evaluated
// over dual numbers: forward-over-reverse and forward-over-forward second derivatives
// (oracle/chad_hessian.hpp). Each is the reference dual number's (model/primitives.hpp,
// model/binary_primitives.hpp: the Taylor recurrences), never a formula of CHAD's table.
#pragma once
#include <cmath>

#include "model/binary_primitives.hpp"
#include "model/dual.hpp"
#include "model/primitives.hpp"

namespace chad {

template <class S> Dual<S> sin(const Dual<S>& x) { return apply_unary(PrimOp::Sin, x); }
template <class S> Dual<S> cos(const Dual<S>& x) { return apply_unary(PrimOp::Cos, x); }
template <class S> Dual<S> exp(const Dual<S>& x) { return apply_unary(PrimOp::Exp, x); }
template <class S> Dual<S> log(const Dual<S>& x) { return apply_unary(PrimOp::Log, x); }
template <class S> Dual<S> sqrt(const Dual<S>& x) { return apply_unary(PrimOp::Sqrt, x); }
template <class S> Dual<S> tanh(const Dual<S>& x) { return apply_unary(PrimOp::Tanh, x); }
// Only of constants (CHAD's table computes pi as acos(-1)).
template <class S>
Dual<S> acos(const Dual<S>& x) {
  using std::acos;
  CHAD_INTERNAL_ASSERT(ScalarTraits<S>::to_double(x.tangent) == 0, "acos of a dual number with a tangent");
  return {S(acos(x.value)), S(0)};
}

// Comparisons of primal values (a tangent never decides a branch).
template <class S> bool operator<(const Dual<S>& a, const Dual<S>& b) { return a.value < b.value; }
template <class S> bool operator>(const Dual<S>& a, const Dual<S>& b) { return a.value > b.value; }
template <class S> bool operator==(const Dual<S>& a, const Dual<S>& b) { return a.value == b.value; }

// 1 where a > b, 0 where a < b, 1/2 at a tie: a constant (its derivative is 0 off the tie).
template <class S>
Dual<S> step(const Dual<S>& a, const Dual<S>& b) {
  return {S(a.value > b.value ? 1 : a.value < b.value ? 0 : 0.5), S(0)};
}

namespace special {
template <class S> Dual<S> log1p(const Dual<S>& x) { return apply_unary(PrimOp::Log1p, x); }
template <class S> Dual<S> expm1(const Dual<S>& x) { return apply_unary(PrimOp::Expm1, x); }
template <class S> Dual<S> atan(const Dual<S>& x) { return apply_unary(PrimOp::Atan, x); }
template <class S> Dual<S> erf(const Dual<S>& x) { return apply_unary(PrimOp::Erf, x); }
template <class S> Dual<S> abs(const Dual<S>& x) { return apply_unary(PrimOp::Abs, x); }
template <class S> Dual<S> pow_int(const Dual<S>& x, int n) { return apply_pow_int(x, n); }
template <class S> Dual<S> pow(const Dual<S>& x, const Dual<S>& y) { return apply_binary(PrimOp::Pow, x, y); }
template <class S> Dual<S> atan2(const Dual<S>& y, const Dual<S>& x) { return apply_binary(PrimOp::Atan2, y, x); }
template <class S> Dual<S> hypot(const Dual<S>& x, const Dual<S>& y) { return apply_binary(PrimOp::Hypot, x, y); }
template <class S> Dual<S> max(const Dual<S>& x, const Dual<S>& y) { return apply_binary(PrimOp::Max, x, y); }
template <class S> Dual<S> min(const Dual<S>& x, const Dual<S>& y) { return apply_binary(PrimOp::Min, x, y); }
}  // namespace special

}  // namespace chad

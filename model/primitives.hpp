// The unary primitives' values for every scalar type, and their Taylor polynomials and dual
// numbers, whose derivatives come from each primitive's defining recurrence (model/taylor.hpp),
// not from a derivative formula. CHAD's derivative table (semantics/) is written separately; the
// references built on these dual numbers are how it is checked.
#pragma once
#include <cmath>

#include "model/dual.hpp"
#include "model/taylor.hpp"
#include "model/taylor_second_set.hpp"
#include "syntax/term.hpp"

namespace chad {

// The value of a unary elementwise primitive (Neg, Sin, ..., Softplus, Log1p, ..., Abs) at x.
template <class S>
inline constexpr bool is_dual_number = false;
template <class S>
inline constexpr bool is_dual_number<Dual<S>> = true;

template <class S>
S apply_unary(PrimOp op, const S& x) {
  using std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
  // A dual number named as the scalar (CHAD's table evaluated over dual numbers, as
  // apply_unary<S>): the dual number's own overload below.
  if constexpr (is_dual_number<S>) {
    return apply_unary(op, x);
  } else {
  switch (op) {
    case PrimOp::Neg: return -x;
    case PrimOp::Sin: return sin(x);
    case PrimOp::Cos: return cos(x);
    case PrimOp::Exp: return exp(x);
    case PrimOp::Log: return log(x);
    case PrimOp::Sqrt: return sqrt(x);
    case PrimOp::Tanh: return tanh(x);
    case PrimOp::Sigmoid:
      if constexpr (std::is_same_v<S, double>) {  // no overflow of exp for large |x|
        return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
      } else {
        return S(1) / (S(1) + exp(-x));
      }
    case PrimOp::Softplus:  // log(1 + exp x)
      if constexpr (std::is_same_v<S, double>) {
        return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
      } else {
        return log(S(1) + exp(x));
      }
    case PrimOp::Log1p: return special::log1p(x);  // the second set (model/special_functions.hpp)
    case PrimOp::Expm1: return special::expm1(x);
    case PrimOp::Atan: return special::atan(x);
    case PrimOp::Erf: return special::erf(x);
    case PrimOp::Abs: return special::abs(x);
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("apply_unary: not a unary primitive: ") + prim_name(op));
  }
}

// A unary elementwise primitive on a Taylor polynomial (model/taylor.hpp): the coefficients of
// degree >= 1 come from the primitive's defining recurrence, the constant one is its value
// (apply_unary, which avoids the cancellation a composed form can have there).
template <class S>
Taylor<S> taylor_unary(PrimOp op, const Taylor<S>& u) {
  Taylor<S> y;
  switch (op) {
    case PrimOp::Neg: y = -u; break;
    case PrimOp::Sin: y = taylor_sin(u); break;
    case PrimOp::Cos: y = taylor_cos(u); break;
    case PrimOp::Exp: y = taylor_exp(u); break;
    case PrimOp::Log: y = taylor_log(u); break;
    case PrimOp::Sqrt: y = taylor_sqrt(u); break;
    case PrimOp::Tanh: y = taylor_tanh(u); break;
    case PrimOp::Sigmoid: y = taylor_sigmoid(u); break;
    case PrimOp::Softplus: y = taylor_softplus(u); break;
    case PrimOp::Log1p: y = taylor_log1p(u); break;  // the second set (model/taylor_second_set.hpp)
    case PrimOp::Expm1: y = taylor_expm1(u); break;
    case PrimOp::Atan: y = taylor_atan(u); break;
    case PrimOp::Erf: y = taylor_erf(u); break;
    case PrimOp::Abs: y = taylor_abs(u); break;
    default:
      CHAD_INTERNAL_ASSERT(false, std::string("taylor_unary: not a unary primitive: ") + prim_name(op));
  }
  y[0] = apply_unary<S>(op, u[0]);
  return y;
}

// On dual numbers, a + a' e is the Taylor polynomial a + a' t of degree 1: f(a + a' e) =
// f(a) + y_1 e with y_1 from f's recurrence. No derivative formula is read (CHAD's own
// derivative table is a separate piece of code, so the references built on dual numbers
// share none with it).
template <class S>
Dual<S> apply_unary(PrimOp op, const Dual<S>& x) {
  Taylor<S> y = taylor_unary(op, Taylor<S>{x.value, x.tangent});
  Dual<S> d = tool_rounded(Dual<S>{std::move(y[0]), std::move(y[1])});
  if constexpr (std::is_same_v<S, Mpfi>) widen_for_tool(d.tangent, x.tangent);
  return d;
}

}  // namespace chad

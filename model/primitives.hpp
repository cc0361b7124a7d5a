// The unary primitives' values and derivative formulas, in one place, for every scalar type.
// Dual numbers apply the chain rule with these formulas; the `fd` reference method uses only
// the values, which is how the formulas are checked (tests/oracle/primitive_derivatives_test).
#pragma once
#include <cmath>

#include "model/dual.hpp"
#include "syntax/term.hpp"

namespace chad {

// The value of a unary elementwise primitive (Neg, Sin, ..., Softplus) at x.
template <class S>
S apply_unary(PrimOp op, const S& x) {
  using std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
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
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("apply_unary: not a unary primitive: ") + prim_name(op));
}

// The derivative of a unary elementwise primitive at x.
template <class S>
S unary_derivative(PrimOp op, const S& x) {
  using std::cos, std::exp, std::sin, std::sqrt, std::tanh;
  switch (op) {
    case PrimOp::Neg: return S(-1);                              // (-x)' = -1
    case PrimOp::Sin: return cos(x);                             // sin' = cos
    case PrimOp::Cos: return -sin(x);                            // cos' = -sin
    case PrimOp::Exp: return exp(x);                             // exp' = exp
    case PrimOp::Log: return S(1) / x;                           // log' = 1/x
    case PrimOp::Sqrt: return S(1) / (S(2) * sqrt(x));           // sqrt' = 1/(2 sqrt x)
    case PrimOp::Tanh: {                                         // tanh' = 1 - tanh^2
      S t = tanh(x);
      return S(1) - t * t;
    }
    case PrimOp::Sigmoid: {                                      // sigmoid' = s (1 - s)
      S s = apply_unary(PrimOp::Sigmoid, x);
      return s * (S(1) - s);
    }
    case PrimOp::Softplus: return apply_unary(PrimOp::Sigmoid, x);  // softplus' = sigmoid
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("unary_derivative: not a unary primitive: ") + prim_name(op));
}

// On dual numbers: the chain rule, f(a + a' e) = f(a) + f'(a) a' e.
template <class S>
Dual<S> apply_unary(PrimOp op, const Dual<S>& x) {
  return {apply_unary<S>(op, x.value), unary_derivative<S>(op, x.value) * x.tangent};
}

}  // namespace chad

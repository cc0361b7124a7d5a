// TEMPORARY (issue 12, branch `ref`): CHAD's derivative formulas of the unary primitives, moved
// here unchanged from model/primitives.hpp, which no longer has them (the references now derive
// their derivatives from Taylor recurrences, model/taylor.hpp). Only
// semantics/primitive_derivatives.cpp uses this, through semantics/primitive_derivatives.hpp.
// Delete this file (and its #include there) when semantics/derivative_table.* lands.
#pragma once
#include <cmath>

#include "model/primitives.hpp"

namespace chad {

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

}  // namespace chad

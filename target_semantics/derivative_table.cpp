// One entry per unary primitive, the formula beside it. The primitives' values come from
// apply_unary (model/primitives.hpp), as in CHAD's primal evaluation; no derivative formula is
// taken from there.
#include "target_semantics/derivative_table.hpp"

#include <cmath>

#include "model/primitives.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {
namespace {

// The entries a mutant replaces (EvaluatorFault), or false for the standard table.
template <class S>
bool wrong_entry(PrimOp op, const S& x, S& out) {
  using std::tanh;
  switch (active_evaluator_fault) {
    case EvaluatorFault::SigmoidOnePlus:  // s (1 + s): a sign lost
      if (op != PrimOp::Sigmoid) return false;
      out = apply_unary<S>(PrimOp::Sigmoid, x) * (S(1) + apply_unary<S>(PrimOp::Sigmoid, x));
      return true;
    case EvaluatorFault::TanhOnePlus:  // 1 + tanh^2: a sign lost
      if (op != PrimOp::Tanh) return false;
      out = S(1) + tanh(x) * tanh(x);
      return true;
    case EvaluatorFault::LogInverseSquare:  // 1 / x^2: the derivative of -1/x
      if (op != PrimOp::Log) return false;
      out = S(1) / (x * x);
      return true;
    default: return false;
  }
}

}  // namespace

template <class S>
S chad_unary_derivative(PrimOp op, const S& x) {
  using std::cos, std::exp, std::sin, std::sqrt, std::tanh;
  if (active_evaluator_fault != EvaluatorFault::None) [[unlikely]] {
    S wrong;
    if (wrong_entry<S>(op, x, wrong)) return wrong;
  }
  switch (op) {
    case PrimOp::Neg: return S(-1);                     // (-x)' = -1
    case PrimOp::Sin: return cos(x);                    // sin' = cos
    case PrimOp::Cos: return -sin(x);                   // cos' = -sin
    case PrimOp::Exp: return exp(x);                    // exp' = exp
    case PrimOp::Log: return S(1) / x;                  // log' = 1/x
    case PrimOp::Sqrt: return S(1) / (S(2) * sqrt(x));  // sqrt' = 1/(2 sqrt x)
    case PrimOp::Tanh: {                                // tanh' = 1 - tanh^2
      const S t = tanh(x);
      return S(1) - t * t;
    }
    case PrimOp::Sigmoid: {  // sigmoid' = s (1 - s), s = sigmoid x
      const S s = apply_unary<S>(PrimOp::Sigmoid, x);
      return s * (S(1) - s);
    }
    case PrimOp::Softplus: return apply_unary<S>(PrimOp::Sigmoid, x);  // softplus' = sigmoid
    case PrimOp::Log1p: case PrimOp::Expm1: case PrimOp::Atan: case PrimOp::Erf: case PrimOp::Abs:
      return chad_second_set_unary_derivative(op, x);  // target_semantics/derivative_table_second_set.cpp
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("chad_unary_derivative: not a unary primitive: ") + prim_name(op));
}

#define CHAD_INSTANTIATE_DERIVATIVE_TABLE(S) template S chad_unary_derivative<S>(PrimOp, const S&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_DERIVATIVE_TABLE)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_DERIVATIVE_TABLE)

}  // namespace chad

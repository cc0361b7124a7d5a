// CHAD's own derivative table: f'(x) for each unary elementwise primitive f, the formula that
// CHAD's op'(x; dx) = f'(x) dx and op^T(x; v) = f'(x) v apply (target_semantics/primitive_derivatives.cpp).
// It is CHAD's alone: the references take no formula from it (dual numbers and intervals have
// their own derivation, fd none), so a wrong entry here is a fault of CHAD that the oracle can
// see. A mutant can override one entry (target_semantics/evaluator_faults.hpp).
#pragma once
#include "syntax/term.hpp"

namespace chad {

// Precondition: op is unary (Neg, Sin, Cos, Exp, Log, Sqrt, Tanh, Sigmoid, Softplus).
template <class S>
S chad_unary_derivative(PrimOp op, const S& x);

}  // namespace chad

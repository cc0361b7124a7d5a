// CHAD's own derivative table: f'(x) for each unary elementwise primitive f, the formula that
// CHAD's op'(x; dx) = f'(x) dx and op^T(x; v) = f'(x) v apply (target_semantics/primitive_derivatives.cpp).
// It is CHAD's alone: the references take no formula from it (dual numbers and intervals have
// their own derivation, fd none), so a wrong entry here is a fault of CHAD that the oracle can
// see. A mutant can override one entry (target_semantics/evaluator_faults.hpp).
#pragma once
#include <utility>

#include "syntax/term.hpp"

namespace chad {

// Precondition: op is unary (Neg, Sin, Cos, Exp, Log, Sqrt, Tanh, Sigmoid, Softplus, Log1p, Expm1,
// Atan, Erf, Abs).
template <class S>
S chad_unary_derivative(PrimOp op, const S& x);

// The second set's elementwise half (target_semantics/derivative_table_second_set.cpp):
// Log1p, Expm1, Atan, Erf, Abs.
template <class S>
S chad_second_set_unary_derivative(PrimOp op, const S& x);
// (x ^ n)' = n x^(n-1), 0 for n = 0.
template <class S>
S chad_pow_int_derivative(int n, const S& x);
// The partial derivatives (d/da, d/db) of pow(a, b), atan2(a, b), hypot(a, b), max(a, b), min(a, b).
template <class S>
std::pair<S, S> chad_binary_partials(PrimOp op, const S& a, const S& b);

}  // namespace chad

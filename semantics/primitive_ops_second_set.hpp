// The second set's elementwise half on values (semantics/primitive_ops.cpp hands these to it):
// log1p expm1 atan erf abs, `x ^ n`, and the pairs pow atan2 hypot max min, elementwise on equal
// shapes. Partial ones check their domain first (DomainError: log1p needs x > -1, pow x > 0,
// atan2 not (0, 0)); at a kink, the dual references throw KinkUndecided (model/kinks.hpp), and
// an evaluation keeping a comparison trace records each kink met as a comparison.
#pragma once
#include "model/value.hpp"
#include "syntax/term.hpp"

namespace chad {

// Whether `op` is one of the primitives below.
bool is_second_set_elementwise(PrimOp op);

// Precondition: is_second_set_elementwise(t.op), and the operands have the checked types.
template <class S>
ValueP<S> apply_second_set_elementwise(const Term& t, const Value<S>* const* args);

}  // namespace chad

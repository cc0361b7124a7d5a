// The second set's array primitives on values (mean prod logsumexp softmax norm cumsum matmul
// transpose outer), by the compositions of model/array_primitives.hpp.
#pragma once
#include <cstdint>

#include "model/value.hpp"
#include "syntax/term.hpp"

namespace chad {

// Precondition: is_array_second_set(t.op) and args have the types the checker gave `t`.
// Throws ComparisonUndecided for norm at 0 in the dual numbers (a kink).
template <class S>
ValueP<S> apply_array_second_set(const Term& t, const Value<S>* const* args);

// The cost model's scalar_ops (semantics/primitive_ops.hpp): the entries of the operand for the
// reductions, softmax, cumsum and transpose; m*k*n for matmul; m*n for outer.
template <class S>
std::uint64_t array_second_set_scalar_ops(const Term& t, const Value<S>* const* args);

}  // namespace chad

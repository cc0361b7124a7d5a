// The primitives on values (semantics of `op(e1, ..., en)`): elementwise arithmetic and
// unary functions on equal shapes, sum, dot, matvec, scale, get, vec and the comparisons.
// Partial primitives check their domain first (DomainError naming the primitive and value).
#pragma once
#include <cstdint>
#include <vector>

#include "model/value.hpp"
#include "syntax/term.hpp"

namespace chad {

// Precondition: args[0 .. t.args.size()) have the types the checker gave the Prim term `t`.
template <class S>
ValueP<S> apply_primitive(const Term& t, const Value<S>* const* args);

// The cost model's scalar_ops of `t` on these operands (model/cost_counter.hpp): the entries
// of an elementwise operand (of the second for scale), 1 for a comparison, n for sum and dot of
// n entries, m*n for matvec of an m x n matrix, 0 for get and vec. The primitive and its
// forward and transposed derivatives all count this.
template <class S>
std::uint64_t primitive_scalar_ops(const Term& t, const Value<S>* const* args);

}  // namespace chad

// The primitives on values (semantics of `op(e1, ..., en)`): elementwise arithmetic and
// unary functions on equal shapes, sum, dot, matvec, scale, get, vec and the comparisons.
// Partial primitives check their domain first (DomainError naming the primitive and value).
#pragma once
#include <vector>

#include "model/value.hpp"
#include "syntax/term.hpp"

namespace chad {

// Precondition: args[0 .. t.args.size()) have the types the checker gave the Prim term `t`.
template <class S>
ValueP<S> apply_primitive(const Term& t, const Value<S>* const* args);

}  // namespace chad

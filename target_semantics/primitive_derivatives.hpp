// The primitives' derivatives on values (shared/spec/chad.md, "Primitive derivatives"): for
// each primitive, the forward derivative op'(x; dx) and the transposed derivative op^T(x; v),
// both linear in their last argument, with each formula in a comment beside its code. CHAD's
// target terms PrimFwd / PrimRev are evaluated with these. A (co)tangent argument may be the
// zero value (model/linear_values.hpp), which stands for zeros of the operand's shape.
#pragma once
#include <vector>

#include "model/linear_values.hpp"
#include "syntax/term.hpp"
// TEMPORARY (issue 12): CHAD's unary derivative formulas until target_semantics/derivative_table.* lands.

namespace chad {

// op'(x1..xk; dx1..dxk). `t` carries op and (for get) index; primals[i] are the operands'
// values (shapes as the checker gave the source primitive), tangents[i] tangents of the same
// shapes or the zero value. Returns the output tangent (the zero value when every tangent is).
// Comparisons: the zero value.
template <class S>
ValueP<S> primitive_forward(const Term& t, std::size_t arity, const Value<S>* const* primals,
                            const Value<S>* const* tangents);

// op^T(x1..xk; v): the k operand cotangents, each shaped like its operand or the zero value.
// `cotangent` is shaped like the output, or the zero value. Comparisons: all zero.
template <class S>
std::vector<ValueP<S>> primitive_transpose(const Term& t, std::size_t arity,
                                           const Value<S>* const* primals,
                                           const Value<S>& cotangent);

}  // namespace chad

// CHAD's forward and transposed derivatives of the second set's array primitives (chad.md,
// "The second set"), each formula beside its code:
//   mean v:      sum dv / N;                      ^T: u / N replicated
//   prod v:      sum_i (prod_{j != i} v_j) dv_i;  ^T: v_i' = u prod_{j != i} v_j (prefix and
//                suffix products: no division, right where entries are 0)
//   logsumexp v: <softmax v, dv>;                 ^T: u softmax v
//   softmax v:   s dv - s <s, dv>;                ^T: s u - s <s, u>        (s = softmax v)
//   norm v:      <v, dv> / norm v;                ^T: u v / norm v          (domain: v != 0)
//   cumsum v:    cumsum dv;                       ^T: reversed running sums of u
//   matmul(a,b): da b + a db;                     ^T: (u b^T, a^T u)
//   transpose a: transpose da;                    ^T: transpose u
//   outer(u,v):  du v^T + u dv^T;                 ^T: (w v, w^T u)
// CHAD's own code: the references (model/array_primitives.hpp) share none of it.
#pragma once
#include <vector>

#include "model/value.hpp"
#include "syntax/term.hpp"

namespace chad {

// x: the operands' values; in[i], d[i]: operand i's entries and its tangent's (zeros for a zero
// tangent), row-major. Precondition: is_array_second_set(t.op).
template <class S>
ValueP<S> array_second_set_forward(const Term& t, const Value<S>* const* x,
                                   const std::vector<std::vector<S>>& in,
                                   const std::vector<std::vector<S>>& d);

// The operands' cotangents for the (non-zero) cotangent `u` of the result.
template <class S>
std::vector<ValueP<S>> array_second_set_transpose(const Term& t, const Value<S>* const* x,
                                                  const std::vector<std::vector<S>>& in,
                                                  const Value<S>& u);

}  // namespace chad

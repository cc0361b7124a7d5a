// The types of the second set's array primitives (language.md, "The second set of primitives"):
// mean, prod, norm : real[s] -> real; logsumexp : real[n] -> real; softmax, cumsum : real[n] ->
// real[n]; matmul : real[m,k] * real[k,n] -> real[m,n]; transpose : real[m,n] -> real[n,m];
// outer : real[m] * real[n] -> real[m,n]. One rule shared by the source and target checkers.
#pragma once
#include <vector>

#include "syntax/term.hpp"
#include "syntax/type.hpp"

namespace chad {

// Whether `op` is one of mean .. outer.
bool is_array_second_set(PrimOp op);

// The result type of `op` (is_array_second_set) applied to operands of the given real types;
// null when their number or shapes do not fit.
TypeP array_second_set_result_type(PrimOp op, const std::vector<TypeP>& operands);

// What `op` expects, for a message: "a vector `real[n]`", ...
const char* array_second_set_expects(PrimOp op);

}  // namespace chad

// Whether a type has finite values: an inductive type `mu a. F` needs a base case, a value
// built without `a` (`mu s. real * s` and `mu a. a` have none; for an infinite structure the
// language has `nu`). The parser rejects a `mu` that is empty whatever its free variables hold.
#pragma once
#include <map>
#include <string>

#include "syntax/type.hpp"

namespace chad {

// Whether `t` has a finite value, when each free variable `v` of `t` is inhabited as
// `variables[v]` says (a variable not listed counts as inhabited). `mu a. F`: F with `a`
// empty (its least fixed point); `nu a. F`: F with `a` inhabited (its greatest); a sum: one
// constructor; a product: both sides; a function type: its result (a constant function).
bool has_finite_values(const TypeP& t, const std::map<std::string, bool>& variables = {});

}  // namespace chad

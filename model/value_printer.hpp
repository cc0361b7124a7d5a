// Printing a value of a given type: data values in the `--at` value syntax of the language
// (parseable, e.g. `roll Cons (1.5, roll Nil ())`, `[[1, 2], [3, 4]]`), closures as
// `<function>`, and lazy `nu` values observed to a depth, then `...`.
#pragma once
#include <string>

#include "model/value.hpp"
#include "syntax/type.hpp"

namespace chad {

template <class S>
std::string print_value(const TypeP& type, const ValueP<S>& value, int lazy_depth = 4);

}  // namespace chad

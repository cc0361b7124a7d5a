// A name for every coordinate of a normal form (model/normal_form.hpp), as a path from a root
// name: `x` (a real), `w[1][3]` (an array, row-major), `p.fst` / `p.snd` (a pair), `cs[2]` (the
// third element of a list: a `mu` whose constructors are a unit one and one holding an element
// and the tail), `t.Node.fst` (any other constructor, by name). Used by the translations and the
// adapter protocol so that a tool's user reads `d out[0] / d cs[2].fst`, not `d y0 / d x7`.
#pragma once
#include <string>
#include <vector>

#include "model/normal_form.hpp"
#include "syntax/program.hpp"

namespace chad {

// Precondition: `index` describes a value of the data type `type`.
std::vector<std::string> coordinate_labels(const TypeP& type, const Index& index, const std::string& root);

// The labels of a program's input: the entry point's parameters by name (its input type is the
// tuple of their types, model/program.hpp).
std::vector<std::string> input_labels(const Def& entry, const Index& index);

}  // namespace chad

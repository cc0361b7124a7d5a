// Random values of a data type, as `--at` text: the inputs of generated programs, and the
// random points at which `verify` checks a program beside its `-- at:` point. Every decision
// is read from a ChoiceSource (generators/choice_source.hpp), 0 the simplest, so an input
// shrinks with its program. Reals are mostly non-trivial dyadic fractions (0.75, -1.25, ...:
// away from 0 and +-1); inductive values take a recursive constructor mostly (non-empty
// lists and trees) up to a bounded depth, then their base constructor.
#pragma once
#include <string>

#include "generators/choice_source.hpp"
#include "syntax/type.hpp"

namespace chad {

// Precondition: `type` is a closed data type (no functions, no `nu`). `zeros`: about one real in
// eight is an exact 0 (prod's zero entries; feature second-set), each real one choice more.
// `edges`: every real at the edges of floating point (feature `edges`): subnormal to near
// overflow, both signs, exact 0 and +-1, a few ulps from 0, 1 and -1, repeats of the previous real.
std::string random_input_text(ChoiceSource& choices, const TypeP& type, int depth = 3, bool zeros = false,
                              bool edges = false);

// The first constructor of `sum` (the unrolling of `fixpoint`) whose payload does not contain
// `fixpoint`: a base case (0 when every constructor recurses).
std::size_t base_ctor(const TypeP& sum, const TypeP& fixpoint);

}  // namespace chad

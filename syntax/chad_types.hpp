// CHAD's translation of source types (shared/spec/chad.md, "Types"): the forward primal D1 and
// tangent D2, the reverse primal R1 and cotangent R2. Sum (co)tangents are represented as the
// SumsStrategy says; the dependency on the primal is erased (§15.2). Function (co)tangents are
// represented as the FunctionsStrategy says (paper: a power / copower; efficient: `env`).
#pragma once
#include "syntax/functions_strategy.hpp"
#include "syntax/sums_strategy.hpp"
#include "syntax/type.hpp"

namespace chad {

enum class ChadMode { Forward, Reverse };

inline const char* chad_mode_name(ChadMode m) { return m == ChadMode::Forward ? "fwd" : "rev"; }

// The primal type: D1 (forward) or R1 (reverse).
TypeP primal_type(const TypeP& source, ChadMode mode, SumsStrategy sums,
                  FunctionsStrategy functions = FunctionsStrategy::Paper);
// The (co)tangent type: D2 (forward) or R2 (reverse).
TypeP tangent_type(const TypeP& source, ChadMode mode, SumsStrategy sums,
                   FunctionsStrategy functions = FunctionsStrategy::Paper);
// The representation of a sum (co)tangent whose constructors' (co)tangent types are given as
// the sum `components` (biproduct: their tuple; lifted: a lifted sum; zero-fn: the sum).
TypeP sum_tangent_type(const TypeP& components, SumsStrategy sums);

}  // namespace chad

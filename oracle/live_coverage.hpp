// Live coverage (issue 12): which of CHAD's rules, per source former and per primitive, ran in
// a program with a non-zero (co)tangent flowing through it. A rule can only be caught being
// wrong there: elsewhere every (co)tangent it handles is zero, or never reaches the output.
//
// A node the author wrote (the entry point's body, the defs above it; not check_program's
// wrapper) is live at the program's input when, in one of its executions, (a) its value has a
// non-zero tangent along a generic direction (every input coordinate moving, with distinct
// weights) and (b) perturbing the values of those executions changes the output's tangent (a
// non-zero cotangent reaches them). Measured in dual numbers: one evaluation along the generic
// direction marks the executions of (a); then, per former or primitive with such executions,
// one evaluation with the input still and those executions' values perturbed (distinct
// weights on every real) tells (b). Executions are matched across
// evaluations by their order, which tangents cannot change (control flow reads primal values).
//
// Values holding no reals in their eager part (unit, booleans, functions, streams) are never
// live themselves: comparisons and unit never are; `fun` is live when a node of its body is
// live (during an application), `unfold` when a node of its step is (when an element is
// observed); other nodes of function or stream type are judged only through their
// applications and observations. A function or stream output is observed as the logical
// relation observes it (logrel/relation.hpp): streams unrolled up to depth 3, functions applied
// to 2 sampled arguments (moving along a generic direction in the first evaluation, still in
// the others) up to depth 3; functions of non-data arguments are not observed. Walks of large
// values stop after a budget of nodes (under-counting, never over-counting).
#pragma once
#include <string>
#include <vector>

#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// Every key a live coverage can hold: each source former (oracle/campaign.hpp former_name) and
// each primitive ("primitive sin", as in a campaign's `features`).
const std::vector<std::string>& live_coverage_keys();

// The keys live in the program at `input`, sorted ("primitive" when some primitive
// is). Throws what evaluating the source in dual numbers throws (DomainError,
// ComparisonUndecided); errors while observing a function or stream output only end that
// observation.
std::vector<std::string> live_features(const CheckedProgram& program, const NormalForm<double>& input);

}  // namespace chad

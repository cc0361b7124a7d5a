// The campaign's check of a program whose output is not a data type (a function, a stream, a
// tuple holding one): no Jacobian exists, so CHAD is judged by the logical relation
// (logrel/program_relation.hpp) along one curve through the input. A disagreement in double
// (the screen) is rechecked in MPFI intervals with the same sampled arguments: disjoint
// enclosures are a certified `fail`; meeting ones a pass cleared by the certified check; an
// interval check that cannot decide, `fail-numeric`.
#pragma once
#include <vector>

#include "oracle/campaign.hpp"
#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// The curve's direction in the input's fibre: fixed, distinct, non-zero coordinates.
std::vector<double> relation_direction(std::size_t dimension);

// Precondition: the source evaluates at `input` in dual numbers without error.
CheckOutcome check_by_relation(const CheckedProgram& program, const NormalForm<double>& input, ChadMode mode,
                               SumsStrategy sums, const RuleTable* rules);

}  // namespace chad

// The campaign's check of the string-diagram reverse AD (diagrams/sd_jacobian.hpp) on one
// program of its fragment: its Jacobian against the dual-number reference in double (the
// screen), and for a disagreement against the certified interval reference: a value outside
// the enclosure by more than double rounding is a certified `fail` (the sd-rev evaluator works
// in double only, so its own value has no enclosure).
#pragma once
#include "oracle/campaign.hpp"
#include "references/jacobian.hpp"

namespace chad {

// Preconditions: `program` is in the fragment (diagrams::program_in_fragment) with a data
// output; `reference` is the differentiable dual-number Jacobian at `input`.
CheckOutcome check_by_string_diagrams(const CheckedProgram& program, const NormalForm<double>& input,
                                      const JacobianResult& reference, const diagrams::RuleTable* rules);

}  // namespace chad

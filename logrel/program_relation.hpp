// The relation checked for a whole program `main : A -> B` at one curve through its input:
// the source runs in dual numbers on the curve, CHAD's transformed program runs on the point,
// and the relation of logrel/relation.hpp is checked at B (any type: functions and streams
// included). The curve is a point of a data type A with a direction, or any related sample
// (logrel/related_sample.hpp: curve_through), which is how inputs of function type are checked.
#pragma once
#include <optional>
#include <vector>

#include "chad/transformer.hpp"
#include "logrel/related_sample.hpp"
#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// Throws what evaluation throws: DomainError and ComparisonUndecided from the source (no
// derivative here), InternalError and friends from CHAD's output (a fault of the
// transformation), LiftedSumInconsistency.
template <class S>
std::optional<RelationFailure> check_program_relation(const CheckedProgram& program, const ChadProgram& chad,
                                                      const RelatedSample<S>& input,
                                                      const RelationOptions& options);

}  // namespace chad

// How far a program's point is from the nearest kink or cut of the second set's primitives (abs
// at 0, max and min at ties, hypot at (0, 0), atan2 on its cut, norm at the zero vector): a
// failure reported near one says so ("abs's argument x = 1e-09 is 1e-09 from its kink at 0"),
// for a kink is where a derivative is not defined and a tool's answer nearby may be a rounding
// of that.
#pragma once
#include <optional>
#include <string>

#include "model/normal_form.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// The sentence for one recorded kink (precondition: record.kink is set).
std::string describe_kink_distance(const ComparisonRecord& record);

// The kink nearest to the evaluation of `program` at `input` (the smallest distance among the
// kinks it meets), described; nullopt when it meets none or cannot be evaluated there.
std::optional<std::string> nearest_kink(const CheckedProgram& program, const NormalForm<double>& input);

}  // namespace chad

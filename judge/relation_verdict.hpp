// The campaign's check of a program whose output is not a data type (a function, a stream, a
// tuple holding one): no Jacobian exists, so CHAD is judged by the logical relation
// (logrel/program_relation.hpp) along one curve through the input. A disagreement in double
// (the screen) is rechecked in MPFI intervals with the same sampled arguments: disjoint
// enclosures are a certified `fail`; meeting ones a pass cleared by the certified check; an
// interval check that cannot decide, `fail-numeric`.
#pragma once
#include <functional>
#include <vector>

#include "logrel/related_sample.hpp"
#include "logrel/relation.hpp"
#include "judge/campaign_options.hpp"
#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// The curve's direction in the input's fibre: fixed, distinct, non-zero coordinates.
std::vector<double> relation_direction(std::size_t dimension);

// The curve every check by the relation uses: through `input` along relation_direction.
template <class S>
RelatedSample<S> relation_curve(const CheckedProgram& program, const NormalForm<double>& input, SumsStrategy sums);

// How deep the relation observes (RelationOptions's depth and compare_from): the campaign's
// default, or the size check's 100,000 stream unrolls compared at the far end.
struct RelationReach {
  int depth = RelationOptions{}.depth;
  int compare_from = 0;
};

// The relation for CHAD's transformed program on that curve (logrel/program_relation.hpp),
// in double or MPFI; throws as check_program_relation.
// `on_compared_derivative`: as RelationOptions's (none when empty).
template <class S>
std::optional<RelationFailure> relation_failure(const CheckedProgram& program, const ChadProgram& chad,
                                                const NormalForm<double>& input,
                                                const std::function<void(double)>& on_compared_derivative = {},
                                                RelationReach reach = {});

// "logical relation fails at <position>: <detail>".
std::string describe_relation_failure(const RelationFailure& failure);

// A value of the program that overflows double while the relation applies one of its functions
// or observes one of its streams (logrel/source_overflow.hpp) makes the check a `skip`
// ("overflow: ..."). Precondition: the source evaluates at `input` in dual numbers without error. Sets the
// outcome's `informative` (judge/informative.hpp) from the derivatives the screen compared.
CheckOutcome check_by_relation(const CheckedProgram& program, const NormalForm<double>& input, ChadMode mode,
                               SumsStrategy sums, const RuleTable* rules,
                               FunctionsStrategy functions = kDefaultFunctionsStrategy, RelationReach reach = {});

}  // namespace chad

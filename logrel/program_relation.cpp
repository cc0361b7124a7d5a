#include "logrel/program_relation.hpp"

#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

template <class S>
std::optional<RelationFailure> check_program_relation(const CheckedProgram& program, const ChadProgram& chad,
                                                      const RelatedSample<S>& input,
                                                      const RelationOptions& options) {
  ValueP<Dual<S>> source = run_main<Dual<S>>(program, input.source);
  ValueP<S> result = apply<S>(evaluate<S>(chad.target, nullptr), input.primal);  // (y, y')
  const ValueP<S>& linear = result->second;
  if (chad.options.mode == ChadMode::Forward) {
    ValueP<S> tangent = linear->kind == ValueKind::Zero ? linear : linear->call(input.tangent);
    return check_forward_relation<S>(program.output_type, source, result->first, tangent, options);
  }
  Pullback<S> pair_input = input.pair;
  Pullback<S> pullback = [linear, pair_input](const ValueP<S>& c) {
    return linear->kind == ValueKind::Zero ? S(0) : pair_input(linear->call(c));
  };
  return check_reverse_relation<S>(program.output_type, source, result->first, pullback, options);
}

#define CHAD_INSTANTIATE_PROGRAM_RELATION(S)                                                         \
  template std::optional<RelationFailure> check_program_relation<S>(                                 \
      const CheckedProgram&, const ChadProgram&, const RelatedSample<S>&, const RelationOptions&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_PROGRAM_RELATION)

}  // namespace chad

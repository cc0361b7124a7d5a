#include "logrel/program_relation.hpp"

#include "model/fibre.hpp"
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

template <class S>
RelatedSample<S> curve_through(const TypeP& type, const NormalForm<double>& point,
                               const std::vector<double>& direction, SumsStrategy sums) {
  RelatedSample<S> r;
  std::vector<Dual<S>> dual;
  std::vector<S> coords, dir;
  for (std::size_t i = 0; i < point.coords.size(); ++i) {
    dual.push_back({ScalarTraits<S>::from_double(point.coords[i]), ScalarTraits<S>::from_double(direction[i])});
    coords.push_back(ScalarTraits<S>::from_double(point.coords[i]));
    dir.push_back(ScalarTraits<S>::from_double(direction[i]));
  }
  r.source = rebuild<Dual<S>>(type, point.index, dual);
  r.primal = rebuild<S>(type, point.index, coords);
  r.tangent = tangent_from_coords<S>(type, point.index, dir, sums);
  Index index = point.index;
  r.pair = [type, index, dir, sums](const ValueP<S>& c) {
    std::vector<S> x = coords_from_tangent<S>(type, index, c, sums);
    S total(0);
    for (std::size_t i = 0; i < x.size(); ++i) total = total + x[i] * dir[i];
    return total;
  };
  r.text = "the input";
  return r;
}

#define CHAD_INSTANTIATE_PROGRAM_RELATION(S)                                                         \
  template std::optional<RelationFailure> check_program_relation<S>(                                 \
      const CheckedProgram&, const ChadProgram&, const RelatedSample<S>&, const RelationOptions&);   \
  template RelatedSample<S> curve_through<S>(const TypeP&, const NormalForm<double>&,               \
                                             const std::vector<double>&, SumsStrategy);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_PROGRAM_RELATION)

}  // namespace chad

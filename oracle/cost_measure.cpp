#include "oracle/cost_measure.hpp"

#include <algorithm>
#include <vector>

#include "model/fibre.hpp"
#include "semantics/evaluate.hpp"

namespace chad {
namespace {

// The derivative map applied to a (co)tangent; the zero map gives zero without a call.
ValueP<double> apply_map(const ValueP<double>& map, const ValueP<double>& direction) {
  return map->kind == ValueKind::Zero ? map : map->call(direction);
}

// CHAD's program applied to the input: (output, derivative map).
ValueP<double> run_transformed(const ChadProgram& chad, const ValueP<double>& x) {
  return apply<double>(evaluate<double>(chad.target, nullptr), x);
}

DerivativeCost measure_mode(const CheckedProgram& program, const NormalForm<double>& input,
                            const ValueP<double>& x, const CostOptions& options, ChadMode mode) {
  ChadOptions chad_options = options.chad;
  chad_options.mode = mode;
  const ChadProgram chad = chad_program(program, chad_options);
  DerivativeCost out;
  out.code_size = chad.target_size();
  const bool forward = mode == ChadMode::Forward;
  const SumsStrategy sums = chad_options.sums;

  ValueP<double> result;
  CostCounts pass;
  {
    CostScope scope;
    result = run_transformed(chad, x);
    pass = scope.counts();
  }
  const Index output_index = normal_form<double>(program.output_type, result->first).index;
  const TypeP& direction_type = forward ? program.input_type : program.output_type;
  const Index& direction_index = forward ? input.index : output_index;
  const std::size_t dimension = std::size_t(direction_index.dimension());
  {
    ValueP<double> ones = tangent_from_coords<double>(direction_type, direction_index,
                                                      std::vector<double>(dimension, 1.0), sums);
    CostScope scope;
    ValueP<double> image = apply_map(result->second, ones);
    out.one = pass + scope.counts();
  }
  if (!options.full_jacobian) return out;
  result = nullptr;  // a fresh pass: no value the JVP / VJP forced is reused
  {
    CostScope scope;
    result = run_transformed(chad, x);
    out.jacobian = scope.counts();
  }
  out.directions = dimension;
  for (std::size_t j = 0; j < dimension; ++j) {
    std::vector<double> e(dimension, 0.0);
    e[j] = 1.0;
    ValueP<double> direction = tangent_from_coords<double>(direction_type, direction_index, e, sums);
    CostScope scope;
    ValueP<double> image = apply_map(result->second, direction);
    out.jacobian = out.jacobian + scope.counts();
  }
  return out;
}

}  // namespace

double cost_ratio(const CostCounts& derivative, const CostCounts& primal) {
  return double(derivative.total()) / double(std::max<std::uint64_t>(primal.total(), 1));
}

ProgramCost measure_cost(const CheckedProgram& program, const NormalForm<double>& input,
                         const CostOptions& options) {
  ProgramCost out;
  out.source_size = term_size(program.main_function);
  out.input_dimension = std::size_t(input.index.dimension());
  const ValueP<double> x = rebuild<double>(program.input_type, input.index, input.coords);
  {
    ValueP<double> y;
    CostScope scope;
    y = run_main<double>(program, x);
    out.primal = scope.counts();
    out.output_dimension = std::size_t(normal_form<double>(program.output_type, y).index.dimension());
  }
  if (options.forward) out.forward = measure_mode(program, input, x, options, ChadMode::Forward);
  if (options.reverse) out.reverse = measure_mode(program, input, x, options, ChadMode::Reverse);
  return out;
}

}  // namespace chad

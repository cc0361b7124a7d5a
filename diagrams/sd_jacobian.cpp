#include "diagrams/sd_jacobian.hpp"

#include "diagrams/evaluate_diagram.hpp"
#include "model/fibre.hpp"
#include "model/linear_values.hpp"

namespace chad::diagrams {

SdJacobian sd_jacobian(const CheckedProgram& program, const Diagram& diagram,
                       const NormalForm<double>& input, const SdOptions& options) {
  Foliation f = options.foliation_seed ? random_foliation(diagram, *options.foliation_seed)
                                       : maximal_foliation(diagram);
  Diagram a = adjoint(diagram, f, options.rules ? *options.rules : default_rules());
  ValueP<double> x = rebuild<double>(program.input_type, input.index, input.coords);
  ValueP<double> result = evaluate_diagram(a, {x});
  NormalForm<double> y = normal_form<double>(program.output_type, result->first);
  const ValueP<double>& back = result->second;
  SdJacobian out;
  out.output_index = y.index;
  out.output = y.coords;
  const std::size_t m = y.coords.size();
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<double> e(m, 0.0);
    e[i] = 1.0;
    ValueP<double> dy = tangent_from_coords<double>(program.output_type, y.index, e, SumsStrategy::Biproduct);
    ValueP<double> dx = back->call(dy);
    out.jacobian.push_back(
        coords_from_tangent<double>(program.input_type, input.index, dx, SumsStrategy::Biproduct));
  }
  return out;
}

SdJacobian sd_jacobian(const CheckedProgram& program, const NormalForm<double>& input,
                       const SdOptions& options) {
  return sd_jacobian(program, translate_main(program), input, options);
}

}  // namespace chad::diagrams

#include "cost/cost_growth.hpp"

#include "cost/input_growth.hpp"

namespace chad {

CostGrowth measure_cost_growth(const CheckedProgram& program, const NormalForm<double>& input,
                               const std::vector<std::size_t>& sizes, CostOptions options) {
  CostGrowth out;
  out.observed_output = !is_data_type(program.output_type);
  options.full_jacobian = false;
  for (std::size_t n : sizes) {
    if (out.observed_output) {
      options.observations = n;
      out.rows.push_back({n, measure_cost(program, input, options)});
    } else {
      out.rows.push_back({n, measure_cost(program, grow_input(program.input_type, input, n), options)});
    }
  }
  std::vector<double> x, primal, jvp, vjp;
  for (const CostGrowthRow& row : out.rows) {
    x.push_back(double(row.size));
    primal.push_back(double(row.cost.primal.total()));
    if (row.cost.forward) jvp.push_back(double(row.cost.forward->one.total()));
    if (row.cost.reverse) vjp.push_back(double(row.cost.reverse->one.total()));
  }
  out.primal_exponent = growth_exponent(x, primal);
  if (jvp.size() == x.size()) out.jvp_exponent = growth_exponent(x, jvp);
  if (vjp.size() == x.size()) out.vjp_exponent = growth_exponent(x, vjp);
  return out;
}

}  // namespace chad

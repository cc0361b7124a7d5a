// The `dual` method: forward dual numbers in double, `directions` columns per pass.
#include "references/finite_result.hpp"
#include "references/forward_columns.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"

namespace chad {

JacobianResult jacobian_by_dual(const CheckedProgram& program, const NormalForm<double>& input,
                                const ReferenceOptions& options) {
  JacobianResult result = start_result(JacobianMethod::Dual, input);
  result.selected_cols = options.columns;
  const std::vector<std::size_t> selected = columns_to_compute(options, input);
  ForwardColumns<double> columns;
  try {
    columns = forward_columns<double>(program, input, selected, options.directions);
  } catch (const ComparisonUndecided& e) {
    return not_differentiable(std::move(result), format_loc(e.loc()) + ": " + e.message());
  }
  result.output_index = columns.output_index;
  result.output_coords = columns.output;
  const std::size_t m = columns.output.size(), n = selected.size();
  result.jacobian.assign(m, std::vector<double>(n));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) result.jacobian[i][j] = columns.columns[j][i];
  require_finite_result(program, result);
  return result;
}

JacobianResult jacobian_by_dual(const CheckedProgram& program, const NormalForm<double>& input) {
  return jacobian_by_dual(program, input, ReferenceOptions{});
}

}  // namespace chad

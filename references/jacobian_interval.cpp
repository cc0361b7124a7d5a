// The `interval` method: dual numbers over MPFI intervals (128 bits), `directions` columns per
// pass. Each Jacobian entry's tangent interval is an enclosure of the exact derivative; the
// reported value is its midpoint.
#include "references/finite_result.hpp"
#include "references/forward_columns.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"

namespace chad {

JacobianResult jacobian_by_interval(const CheckedProgram& program, const NormalForm<double>& input,
                                    const ReferenceOptions& options) {
  JacobianResult result = start_result(JacobianMethod::Interval, input);
  result.selected_cols = options.columns;
  const std::vector<std::size_t> selected = columns_to_compute(options, input);
  ForwardColumns<Mpfi> columns;
  try {
    columns = forward_columns<Mpfi>(program, input, selected, options.directions);
  } catch (const ComparisonUndecided& e) {
    return not_differentiable(std::move(result), format_loc(e.loc()) + ": " + e.message());
  }
  result.output_index = columns.output_index;
  for (const Mpfi& y : columns.output) {
    result.output_coords.push_back(ScalarTraits<Mpfi>::to_double(y));
    result.output_enclosure.push_back(enclose(y));
  }
  const std::size_t m = columns.output.size(), n = selected.size();
  result.jacobian.assign(m, std::vector<double>(n));
  result.enclosure.assign(m, std::vector<Enclosure>(n));
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const Mpfi& entry = columns.columns[j][i];
      result.jacobian[i][j] = ScalarTraits<Mpfi>::to_double(entry);
      result.enclosure[i][j] = enclose(entry);
    }
  require_finite_result(program, result);
  return result;
}

JacobianResult jacobian_by_interval(const CheckedProgram& program,
                                    const NormalForm<double>& input) {
  return jacobian_by_interval(program, input, ReferenceOptions{});
}

}  // namespace chad

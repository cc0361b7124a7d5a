// The `interval` method: dual numbers over MPFI intervals (128 bits), `directions` columns per
// pass. Each Jacobian entry's tangent interval is an enclosure of the exact derivative; the
// reported value is its midpoint.
#include <cmath>

#include "references/finite_result.hpp"
#include "references/forward_columns.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// "the enclosure of d output[i] / d input[j], [lo, hi]," of the first entry (or output coordinate)
// whose enclosure is unbounded, or "": such an enclosure certifies nothing (its midpoint, a
// finite number, would pass for a value).
std::string first_unbounded_enclosure(const JacobianResult& result) {
  auto bounded = [](const Enclosure& e) { return std::isfinite(e.lo) && std::isfinite(e.hi); };
  auto text = [](const Enclosure& e) { return "[" + print_real(e.lo) + ", " + print_real(e.hi) + "]"; };
  for (std::size_t i = 0; i < result.output_enclosure.size(); ++i)
    if (!bounded(result.output_enclosure[i]))
      return "the enclosure of output coordinate " + std::to_string(i) + ", " + text(result.output_enclosure[i]) + ",";
  for (std::size_t i = 0; i < result.enclosure.size(); ++i)
    for (std::size_t j = 0; j < result.enclosure[i].size(); ++j)
      if (!bounded(result.enclosure[i][j]))
        return "the enclosure of d output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "], " +
               text(result.enclosure[i][j]) + ",";
  return "";
}

}  // namespace

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
  if (std::string unbounded = first_unbounded_enclosure(result); !unbounded.empty()) {
    result = not_differentiable(std::move(result), "cannot certify: " + unbounded +
                                                       " is unbounded (its bounds overflow at this point)");
    result.cannot_certify = true;
  }
  return result;
}

JacobianResult jacobian_by_interval(const CheckedProgram& program,
                                    const NormalForm<double>& input) {
  return jacobian_by_interval(program, input, ReferenceOptions{});
}

}  // namespace chad

// The `dual` method: forward dual numbers in double.
#include <cmath>

#include "references/forward_columns.hpp"
#include "references/jacobian.hpp"
#include "references/not_differentiable.hpp"

namespace chad {
namespace {

void require_finite(const CheckedProgram& program, double x, const std::string& what) {
  if (std::isfinite(x)) return;
  Loc loc{intern_file_name(program.program.file), 0, 0};
  throw SourceError(loc, what + " is not finite in double (" + std::to_string(x) +
                             "): the program overflows double at this point; "
                             "`--method interval` or `--method fd` work in higher precision");
}

}  // namespace

JacobianResult jacobian_by_dual(const CheckedProgram& program, const NormalForm<double>& input) {
  JacobianResult result = start_result(JacobianMethod::Dual, input);
  ForwardColumns<double> columns;
  try {
    columns = forward_columns<double>(program, input);
  } catch (const ComparisonUndecided& e) {
    return not_differentiable(std::move(result), format_loc(e.loc()) + ": " + e.message());
  }
  result.output_index = columns.output_index;
  result.output_coords = columns.output;
  const std::size_t m = columns.output.size(), n = input.coords.size();
  result.jacobian.assign(m, std::vector<double>(n));
  for (std::size_t i = 0; i < m; ++i) {
    require_finite(program, columns.output[i], "output coordinate " + std::to_string(i));
    for (std::size_t j = 0; j < n; ++j) {
      result.jacobian[i][j] = columns.columns[j][i];
      require_finite(program, columns.columns[j][i],
                     "Jacobian entry [" + std::to_string(i) + "][" + std::to_string(j) + "]");
    }
  }
  return result;
}

}  // namespace chad

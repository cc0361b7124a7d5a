#include "table_printer.hpp"

#include <algorithm>

#include "syntax/printer.hpp"

namespace chad {
namespace {

std::string join_reals(const std::vector<double>& xs) {
  std::string s = "[";
  for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + print_real(xs[i]);
  return s + "]";
}

}  // namespace

void print_normal_form(std::ostream& out, const std::string& label, const Index& index,
                       const std::vector<double>& coords) {
  out << label << ":\n  index  " << index.to_string() << "\n  coords " << join_reals(coords)
      << "  (dimension " << coords.size() << ")\n";
}

void print_jacobian(std::ostream& out, const JacobianResult& result) {
  out << "method: " << method_name(result.method);
  if (is_chad_method(result.method)) out << " (sums: " << sums_strategy_name(result.sums) << ")";
  out << "\n";
  print_normal_form(out, "input", result.input_index, result.input_coords);
  if (!result.differentiable) {
    out << (result.cannot_certify ? "" : "not differentiable: ") << result.reason << "\n";
    return;
  }
  print_normal_form(out, "output", result.output_index, result.output_coords);
  const std::size_t m = result.jacobian.size();
  const std::size_t n = m ? result.jacobian[0].size() : result.input_coords.size();
  out << "jacobian (" << m << " x " << n << "):\n";
  std::vector<std::vector<std::string>> cells(m);
  std::size_t width = 1;
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      std::string cell = print_real(result.jacobian[i][j]);
      if (!result.enclosure.empty())
        cell += " in [" + print_real(result.enclosure[i][j].lo) + ", " +
                print_real(result.enclosure[i][j].hi) + "]";
      if (!result.error_estimate.empty())
        cell += " (+- " + print_real(result.error_estimate[i][j]) + ")";
      width = std::max(width, cell.size());
      cells[i].push_back(std::move(cell));
    }
  for (const auto& row : cells) {
    out << "  ";
    for (const auto& cell : row) out << cell << std::string(width + 2 - cell.size(), ' ');
    out << "\n";
  }
}

}  // namespace chad

// Selections of a Jacobian's rows and columns (references/jacobian.hpp).
#include "references/jacobian.hpp"

#include <algorithm>

namespace chad {
namespace {

// The entries of `rows` x `cols` (empty: all) of a matrix.
template <class T>
std::vector<std::vector<T>> slice(const std::vector<std::vector<T>>& matrix, const std::vector<std::size_t>& rows,
                                  const std::vector<std::size_t>& cols) {
  if (matrix.empty()) return matrix;
  std::vector<std::vector<T>> out;
  const std::size_t m = rows.empty() ? matrix.size() : rows.size();
  for (std::size_t r = 0; r < m; ++r) {
    const std::vector<T>& row = matrix[rows.empty() ? r : rows[r]];
    if (cols.empty()) {
      out.push_back(row);
      continue;
    }
    std::vector<T> picked;
    picked.reserve(cols.size());
    for (std::size_t c : cols) picked.push_back(row[c]);
    out.push_back(std::move(picked));
  }
  return out;
}

// The selection `wanted` (of coordinates) as positions in `present` (the coordinates already
// selected; empty: all). Precondition: every wanted coordinate is present.
std::vector<std::size_t> positions(const std::vector<std::size_t>& wanted, const std::vector<std::size_t>& present) {
  if (present.empty() || wanted.empty()) return wanted;
  std::vector<std::size_t> out;
  for (std::size_t w : wanted) {
    auto it = std::lower_bound(present.begin(), present.end(), w);
    CHAD_INTERNAL_ASSERT(it != present.end() && *it == w, "a selection of a coordinate not computed");
    out.push_back(std::size_t(it - present.begin()));
  }
  return out;
}

}  // namespace

std::vector<std::size_t> columns_to_compute(const ReferenceOptions& options, const NormalForm<double>& input) {
  if (!options.columns.empty()) return options.columns;
  std::vector<std::size_t> all(input.coords.size());
  for (std::size_t j = 0; j < all.size(); ++j) all[j] = j;
  return all;
}

JacobianResult select_jacobian(JacobianResult result, const std::vector<std::size_t>& rows,
                               const std::vector<std::size_t>& cols) {
  if (!result.differentiable) return result;
  const std::vector<std::size_t> row_positions = positions(rows, result.selected_rows);
  const std::vector<std::size_t> col_positions = positions(cols, result.selected_cols);
  result.jacobian = slice(result.jacobian, row_positions, col_positions);
  result.enclosure = slice(result.enclosure, row_positions, col_positions);
  result.error_estimate = slice(result.error_estimate, row_positions, col_positions);
  if (!rows.empty()) result.selected_rows = rows;
  if (!cols.empty()) result.selected_cols = cols;
  return result;
}

}  // namespace chad

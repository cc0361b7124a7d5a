// Forward dual-number passes over the columns of a Jacobian: the shared core of the `dual` and
// `interval` reference methods. Column j seeds tangent e_j in the input's normal-form fibre and
// reads the output's tangent coordinates. A pass carries up to `directions` columns at once
// (vector-mode dual numbers, model/vector_dual.hpp), so n columns take ceil(n / directions)
// passes; each component is computed exactly as a one-column pass (Dual<S>) computes it. Under a
// ToolRoundingScope (model/tool_rounding.hpp), and with directions = 1, every column has its own
// scalar pass.
#pragma once
#include <algorithm>
#include <vector>

#include "model/dual.hpp"
#include "model/normal_form.hpp"
#include "model/tool_rounding.hpp"
#include "model/vector_dual.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

template <class Base>
struct ForwardColumns {
  Index output_index;
  std::vector<Base> output;                   // primal output coordinates
  std::vector<std::vector<Base>> columns;     // columns[c][i] = d output_i / d input_{selected c}
};

// One forward pass in dual numbers over Base at `input`, with the input's tangent `tangent` (its
// fibre coordinates, as many as the input's): the output's normal form, each coordinate a value
// and its tangent (J tangent). Under a ToolRoundingScope the inputs are rounded as a tool's
// (model/dual.hpp: tool_rounded).
template <class Base>
NormalForm<Dual<Base>> dual_pass(const CheckedProgram& program, const NormalForm<double>& input,
                                 const std::vector<double>& tangent) {
  using D = Dual<Base>;
  std::vector<D> coords;
  coords.reserve(input.coords.size());
  for (std::size_t i = 0; i < input.coords.size(); ++i)
    coords.push_back(tool_rounded(D{ScalarTraits<Base>::from_double(input.coords[i]),
                                    ScalarTraits<Base>::from_double(tangent[i])}));
  return normal_form<D>(program.output_type, run_main<D>(program, rebuild<D>(program.input_type, input.index, coords)));
}

namespace forward_detail {

// Records a pass's output: its index and primal coordinates on the first pass.
template <class Base, class D>
const NormalForm<D>& record_output(ForwardColumns<Base>& result, const NormalForm<D>& nf, bool first) {
  if (first) {
    result.output_index = nf.index;
    for (const D& c : nf.coords) result.output.push_back(c.value);
  }
  CHAD_INTERNAL_ASSERT(nf.index == result.output_index,
                       "output index changed between dual passes at the same point");
  return nf;
}

template <class Base>
void scalar_passes(const CheckedProgram& program, const NormalForm<double>& input,
                   const std::vector<std::size_t>& columns, ForwardColumns<Base>& result) {
  using D = Dual<Base>;
  const std::size_t n = input.coords.size();
  // With no column, one pass still computes the output.
  for (std::size_t c = 0; c < std::max<std::size_t>(columns.size(), 1); ++c) {
    const std::size_t seeded = columns.empty() ? n : columns[c];
    take_reverse_order_allowance();  // this pass's own, from its first input on
    std::vector<double> unit(n, 0.0);
    if (seeded < n) unit[seeded] = 1.0;
    const NormalForm<D> nf = dual_pass<Base>(program, input, unit);
    record_output(result, nf, c == 0);
    if (columns.empty()) break;
    std::vector<Base> column;
    column.reserve(nf.coords.size());
    for (const D& x : nf.coords) column.push_back(x.tangent);
    // Under a ToolRoundingScope: the reverse order's allowance (model/tool_rounding.hpp).
    if constexpr (std::is_same_v<Base, Mpfi>) {
      const double allowance = take_reverse_order_allowance();
      if (allowance > 0)
        for (Base& entry : column) widen_absolutely(entry, allowance);
    }
    result.columns.push_back(std::move(column));
  }
}

template <class Base>
void vector_passes(const CheckedProgram& program, const NormalForm<double>& input,
                   const std::vector<std::size_t>& columns, std::size_t directions,
                   ForwardColumns<Base>& result) {
  using D = VectorDual<Base>;
  const std::size_t n = input.coords.size();
  std::vector<int> direction_of(n, -1);  // the input coordinate's direction in this pass
  for (std::size_t first = 0; first < std::max<std::size_t>(columns.size(), 1); first += directions) {
    const std::size_t width = std::min(directions, columns.size() - std::min(first, columns.size()));
    for (std::size_t d = 0; d < width; ++d) direction_of[columns[first + d]] = int(d);
    std::vector<D> coords;
    coords.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      D x{ScalarTraits<Base>::from_double(input.coords[i])};
      if (direction_of[i] >= 0) x.tangent = SparseTangent<Base>::unit(width, std::size_t(direction_of[i]), Base(1));
      coords.push_back(std::move(x));
    }
    for (std::size_t d = 0; d < width; ++d) direction_of[columns[first + d]] = -1;
    ValueP<D> out = run_main<D>(program, rebuild<D>(program.input_type, input.index, coords));
    coords.clear();
    const NormalForm<D> nf = normal_form<D>(program.output_type, out);
    record_output(result, nf, first == 0);
    for (std::size_t d = 0; d < width; ++d) {
      std::vector<Base> column;
      column.reserve(nf.coords.size());
      for (const D& y : nf.coords) column.push_back(y.tangent_at(d));
      result.columns.push_back(std::move(column));
    }
  }
}

}  // namespace forward_detail

// The columns `columns` (input coordinates, each < input.coords.size()), `directions` per pass.
// Throws ComparisonUndecided where a comparison ties (or its intervals overlap).
template <class Base>
ForwardColumns<Base> forward_columns(const CheckedProgram& program, const NormalForm<double>& input,
                                     const std::vector<std::size_t>& columns,
                                     std::size_t directions) {
  ForwardColumns<Base> result;
  if (directions <= 1 || tool_rounding_relative() != 0)
    forward_detail::scalar_passes(program, input, columns, result);
  else
    forward_detail::vector_passes(program, input, columns, directions, result);
  return result;
}

}  // namespace chad

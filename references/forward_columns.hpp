// One forward dual-number pass per input coordinate: the shared core of the `dual` and
// `interval` reference methods. Column j seeds tangent e_j in the input's normal-form fibre
// and reads the output's tangent coordinates.
#pragma once
#include <vector>

#include "model/dual.hpp"
#include "model/normal_form.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

template <class Base>
struct ForwardColumns {
  Index output_index;
  std::vector<Base> output;                   // primal output coordinates
  std::vector<std::vector<Base>> columns;     // columns[j][i] = d output_i / d input_j
};

// Throws ComparisonUndecided where a comparison ties (or its intervals overlap).
template <class Base>
ForwardColumns<Base> forward_columns(const CheckedProgram& program,
                                     const NormalForm<double>& input) {
  using D = Dual<Base>;
  const std::size_t n = input.coords.size();
  ForwardColumns<Base> result;
  // With no input coordinates, one pass still computes the output.
  for (std::size_t j = 0; j < (n == 0 ? 1 : n); ++j) {
    std::vector<D> coords;
    coords.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
      coords.push_back(tool_rounded(D{ScalarTraits<Base>::from_double(input.coords[i]),
                                      ScalarTraits<Base>::from_double(i == j ? 1.0 : 0.0)}));
    ValueP<D> out = run_main<D>(program, rebuild<D>(program.input_type, input.index, coords));
    NormalForm<D> nf = normal_form<D>(program.output_type, out);
    if (j == 0) {
      result.output_index = nf.index;
      for (const D& c : nf.coords) result.output.push_back(c.value);
    }
    CHAD_INTERNAL_ASSERT(nf.index == result.output_index,
                         "output index changed between dual passes at the same point");
    if (n == 0) break;
    std::vector<Base> column;
    column.reserve(nf.coords.size());
    for (const D& c : nf.coords) column.push_back(c.tangent);
    result.columns.push_back(std::move(column));
  }
  return result;
}

}  // namespace chad

// The machine-readable forms of normal forms and Jacobians (the `--json` output of
// `chad-oracle shape` and `chad-oracle jacobian`, and the reference in `verify --json`; schema
// docs/schemas/jacobian.schema.json). Doubles are written so they read back exactly (shortest
// round-trip form). Shapes are always explicit and every key is always present: a 0 x n Jacobian
// is {"rows": 0, "cols": n, "jacobian": []}; each coordinate is labelled by its path in the value
// (model/coordinate_labels.hpp: the input by the entry point's parameter names, the output from
// the root `out`), so column j of a 1 x 19 row is named by col_labels[j], e.g. `w[2][3]`.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "references/jacobian.hpp"

namespace chad {

// {"index", "dimension", "coords", "labels"} (labels.size() == coords.size()).
nlohmann::json normal_form_json(const Index& index, const std::vector<double>& coords,
                                const std::vector<std::string>& labels);

// The labels of a program's input coordinates (by parameter name) and output coordinates (from
// `out`) at the given indices.
std::vector<std::string> input_coordinate_labels(const CheckedProgram& program, const Index& input_index);
std::vector<std::string> output_coordinate_labels(const CheckedProgram& program, const Index& output_index);

// The keys a Jacobian's and a Hessian's JSON share: "method", "differentiable", "reason" (""
// when differentiable), "cannot_certify", "input", "cols", "col_labels", "output" and "rows"
// (null when not differentiable), "row_labels", and the lists `derivative` ("jacobian",
// "hessian"), "enclosure" and "error_estimate", empty for the caller to fill.
struct DerivativePoint {
  std::string method;
  bool differentiable = false;
  std::string reason;
  bool cannot_certify = false;
  const Index& input_index;
  const std::vector<double>& input_coords;
  const Index& output_index;
  const std::vector<double>& output_coords;
};
nlohmann::json derivative_json_frame(const DerivativePoint& point, const CheckedProgram& program,
                                     const char* derivative);

// {"method", "sums" (null unless a CHAD method), "differentiable", "reason" ("" when
// differentiable), "cannot_certify", "input", "output" (null when not differentiable), "rows"
// (null when not differentiable), "cols", "row_labels", "col_labels", "jacobian" (rows lists of
// cols numbers), "enclosure" (rows x cols [lo, hi] pairs for the interval method, [] for the
// others), "error_estimate" (rows x cols for fd, [] for the others)}.
nlohmann::json jacobian_json(const JacobianResult& result, const CheckedProgram& program);

}  // namespace chad

// The machine-readable form of a Hessian (`chad-oracle hessian --json`; schema
// docs/schemas/hessian.schema.json), in the style of jacobian_json (references/jacobian_json.hpp):
// every key always present, doubles in shortest round-trip form, coordinates labelled.
#pragma once
#include <nlohmann/json.hpp>

#include "references/hessian.hpp"

namespace chad {

// {"method", "differentiable", "reason" ("" when differentiable), "cannot_certify", "input",
// "output" (null when not differentiable), "rows" (output coordinates; null when not
// differentiable), "cols" (input coordinates), "row_labels", "col_labels", "hessian" (rows
// matrices of cols x cols numbers: hessian[i][j][k] = d2 output[i] / d input[j] d input[k]),
// "enclosure" (the same shape of [lo, hi] pairs for the interval method, [] for the others),
// "error_estimate" (the same shape for fd, [] for the others)}.
nlohmann::json hessian_json(const HessianResult& result, const CheckedProgram& program);

}  // namespace chad

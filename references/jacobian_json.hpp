// The machine-readable forms of normal forms and Jacobians (the `--json` output of
// `chad-oracle shape` and `chad-oracle jacobian`). Doubles are written so they read back
// exactly (shortest round-trip form).
#pragma once
#include <nlohmann/json.hpp>

#include "references/jacobian.hpp"

namespace chad {

// {"index": "...", "coords": [...]}
nlohmann::json normal_form_json(const Index& index, const std::vector<double>& coords);

// {"method", ["sums"], "input", "output", "jacobian", ["enclosure"], ["error_estimate"]}, or, when not
// differentiable, {"method", "input", "differentiable": false, "reason"}.
nlohmann::json jacobian_json(const JacobianResult& result);

}  // namespace chad

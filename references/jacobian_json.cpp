#include "references/jacobian_json.hpp"

namespace chad {

nlohmann::json normal_form_json(const Index& index, const std::vector<double>& coords) {
  return {{"index", index.to_string()}, {"dimension", coords.size()}, {"coords", coords}};
}

nlohmann::json jacobian_json(const JacobianResult& result) {
  nlohmann::json out;
  out["method"] = method_name(result.method);
  if (is_chad_method(result.method)) out["sums"] = sums_strategy_name(result.sums);
  out["input"] = normal_form_json(result.input_index, result.input_coords);
  out["differentiable"] = result.differentiable;
  if (!result.differentiable) {
    out["reason"] = result.reason;
    if (result.cannot_certify) out["cannot_certify"] = true;
    return out;
  }
  out["output"] = normal_form_json(result.output_index, result.output_coords);
  out["jacobian"] = result.jacobian;
  if (!result.enclosure.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : result.enclosure) {
      nlohmann::json cells = nlohmann::json::array();
      for (const Enclosure& e : row) cells.push_back({e.lo, e.hi});
      rows.push_back(cells);
    }
    out["enclosure"] = rows;
  }
  if (!result.error_estimate.empty()) out["error_estimate"] = result.error_estimate;
  return out;
}

}  // namespace chad

#include "references/hessian_json.hpp"

#include "references/jacobian_json.hpp"

namespace chad {

nlohmann::json hessian_json(const HessianResult& result, const CheckedProgram& program) {
  nlohmann::json out = derivative_json_frame({hessian_method_name(result.method), result.differentiable, result.reason,
                                              result.cannot_certify, result.input_index, result.input_coords,
                                              result.output_index, result.output_coords},
                                             program, "hessian");
  if (!result.differentiable) return out;
  for (const Matrix& h : result.hessian) out["hessian"].push_back(h);
  for (const auto& matrix : result.enclosure) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : matrix) {
      nlohmann::json cells = nlohmann::json::array();
      for (const Enclosure& e : row) cells.push_back({e.lo, e.hi});
      rows.push_back(cells);
    }
    out["enclosure"].push_back(rows);
  }
  for (const Matrix& e : result.error_estimate) out["error_estimate"].push_back(e);
  return out;
}

}  // namespace chad

#include "references/hessian_json.hpp"

#include "references/jacobian_json.hpp"

namespace chad {

nlohmann::json hessian_json(const HessianResult& result, const CheckedProgram& program) {
  const std::vector<std::string> col_labels = input_coordinate_labels(program, result.input_index);
  nlohmann::json out;
  out["method"] = hessian_method_name(result.method);
  out["differentiable"] = result.differentiable;
  out["reason"] = result.differentiable ? std::string() : result.reason;
  out["cannot_certify"] = result.cannot_certify;
  out["input"] = normal_form_json(result.input_index, result.input_coords, col_labels);
  out["cols"] = result.input_coords.size();
  out["col_labels"] = col_labels;
  out["hessian"] = nlohmann::json::array();
  out["enclosure"] = nlohmann::json::array();
  out["error_estimate"] = nlohmann::json::array();
  if (!result.differentiable) {
    out["output"] = nullptr;
    out["rows"] = nullptr;
    out["row_labels"] = nlohmann::json::array();
    return out;
  }
  const std::vector<std::string> row_labels = output_coordinate_labels(program, result.output_index);
  out["output"] = normal_form_json(result.output_index, result.output_coords, row_labels);
  out["rows"] = result.output_coords.size();
  out["row_labels"] = row_labels;
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

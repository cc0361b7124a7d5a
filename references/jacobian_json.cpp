#include "references/jacobian_json.hpp"

#include "model/coordinate_labels.hpp"

namespace chad {

nlohmann::json normal_form_json(const Index& index, const std::vector<double>& coords,
                                const std::vector<std::string>& labels) {
  return {{"index", index.to_string()}, {"dimension", coords.size()}, {"coords", coords}, {"labels", labels}};
}

std::vector<std::string> input_coordinate_labels(const CheckedProgram& program, const Index& input_index) {
  return input_labels(entry_point(program.program), input_index);
}

std::vector<std::string> output_coordinate_labels(const CheckedProgram& program, const Index& output_index) {
  return coordinate_labels(program.output_type, output_index, "out");
}

nlohmann::json jacobian_json(const JacobianResult& result, const CheckedProgram& program) {
  const std::vector<std::string> col_labels = input_coordinate_labels(program, result.input_index);
  nlohmann::json out;
  out["method"] = method_name(result.method);
  out["sums"] = is_chad_method(result.method) ? nlohmann::json(sums_strategy_name(result.sums)) : nlohmann::json();
  out["differentiable"] = result.differentiable;
  out["reason"] = result.differentiable ? std::string() : result.reason;
  out["cannot_certify"] = result.cannot_certify;
  out["input"] = normal_form_json(result.input_index, result.input_coords, col_labels);
  out["cols"] = result.input_coords.size();
  out["col_labels"] = col_labels;
  out["jacobian"] = nlohmann::json::array();
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
  for (const auto& row : result.jacobian) out["jacobian"].push_back(row);
  for (const auto& row : result.enclosure) {
    nlohmann::json cells = nlohmann::json::array();
    for (const Enclosure& e : row) cells.push_back({e.lo, e.hi});
    out["enclosure"].push_back(cells);
  }
  for (const auto& row : result.error_estimate) out["error_estimate"].push_back(row);
  return out;
}

}  // namespace chad

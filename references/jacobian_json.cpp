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

nlohmann::json derivative_json_frame(const DerivativePoint& point, const CheckedProgram& program,
                                     const char* derivative) {
  const std::vector<std::string> col_labels = input_coordinate_labels(program, point.input_index);
  nlohmann::json out;
  out["method"] = point.method;
  out["differentiable"] = point.differentiable;
  out["reason"] = point.differentiable ? std::string() : point.reason;
  out["cannot_certify"] = point.cannot_certify;
  out["input"] = normal_form_json(point.input_index, point.input_coords, col_labels);
  out["cols"] = point.input_coords.size();
  out["col_labels"] = col_labels;
  out[derivative] = nlohmann::json::array();
  out["enclosure"] = nlohmann::json::array();
  out["error_estimate"] = nlohmann::json::array();
  if (!point.differentiable) {
    out["output"] = nullptr;
    out["rows"] = nullptr;
    out["row_labels"] = nlohmann::json::array();
    return out;
  }
  const std::vector<std::string> row_labels = output_coordinate_labels(program, point.output_index);
  out["output"] = normal_form_json(point.output_index, point.output_coords, row_labels);
  out["rows"] = point.output_coords.size();
  out["row_labels"] = row_labels;
  return out;
}

nlohmann::json jacobian_json(const JacobianResult& result, const CheckedProgram& program) {
  nlohmann::json out = derivative_json_frame({method_name(result.method), result.differentiable, result.reason,
                                              result.cannot_certify, result.input_index, result.input_coords,
                                              result.output_index, result.output_coords},
                                             program, "jacobian");
  out["sums"] = is_chad_method(result.method) ? nlohmann::json(sums_strategy_name(result.sums)) : nlohmann::json();
  if (!result.differentiable) return out;
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

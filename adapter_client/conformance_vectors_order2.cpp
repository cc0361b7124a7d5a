#include "adapter_client/conformance_vectors_order2.hpp"

#include "codegen/translate.hpp"
#include "logrel/agreement.hpp"
#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "adapter_client/conformance_vectors.hpp"
#include "adapter_client/order2_conformance.hpp"
#include "references/input_value.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using json = nlohmann::json;

json hex_pair(const Enclosure& e) { return json::array({hex_float(e.lo), hex_float(e.hi)}); }

json case_vector(const Order2ConformanceCase& c, const std::vector<std::string>& translations) {
  const CheckedProgram program = check_program(parse_program(c.program, "<order-2 conformance: " + c.name + ">"));
  const NormalForm<double> input = read_input_point(program, c.at);
  const HessianResult certified = hessian_by_interval(program, input);
  if (!certified.differentiable)  // the suite's own fault: its cases are twice differentiable
    throw InternalError("the order-2 conformance case " + c.name + " is not twice differentiable: " + certified.reason);
  const std::size_t n = input.coords.size(), m = certified.output_coords.size();
  const json request = differentiate_request(
      AdapterRequest{c.program, &program, input, certified.output_index, AdapterAsk::Hessian, {}}, 0, AdapterHello{});
  json translated = case_translations(program, translations);
  const std::vector<Matrix> by_hand = c.by_hand();
  json hand = json::array(), enclosure = json::array();
  for (std::size_t i = 0; i < m; ++i) {
    json hand_rows = json::array(), rows = json::array();
    for (std::size_t j = 0; j < n; ++j) {
      hand_rows.push_back(hex_floats(by_hand[i][j]));
      json row = json::array();
      for (std::size_t l = 0; l < n; ++l) row.push_back(hex_pair(certified.enclosure[i][j][l]));
      rows.push_back(std::move(row));
    }
    hand.push_back(std::move(hand_rows));
    enclosure.push_back(std::move(rows));
  }
  // The HVP asked as campaign --order 2 asks it (oracle/adapter_order2_check.cpp).
  const std::vector<double> cotangent = adapter_seed(m, 1), seed = adapter_seed(n, 0);
  const HessianVectorProduct hvp = hessian_vector_product(HessianMethod::Interval, program, input, cotangent, seed);
  json hvp_enclosure = json::array();
  for (const Enclosure& e : hvp.enclosure) hvp_enclosure.push_back(hex_pair(e));
  std::string id = "order2-" + c.name;
  for (char& ch : id)
    if (ch == ' ') ch = '-';
  return json{{"id", id},
              {"name", c.name},
              {"program", c.program},
              {"input_type", request["input_type"]},
              {"output_type", request["output_type"]},
              {"input", request["input"]},
              {"output", request["output"]},
              {"translations", std::move(translated["translations"])},
              {"untranslatable", std::move(translated["untranslatable"])},
              {"hessian", {{"outputs", m}, {"inputs", n}, {"by_hand", std::move(hand)}, {"enclosure", std::move(enclosure)}}},
              {"hvp",
               {{"cotangent", hex_floats(cotangent)},
                {"seeds", json::array({hex_floats(seed)})},
                {"enclosure", json::array({std::move(hvp_enclosure)})}}},
              {"band", ScreenTolerance::relative}};
}

}  // namespace

std::vector<nlohmann::json> order2_conformance_vectors(const std::vector<std::string>& translations) {
  std::vector<json> out;
  for (const Order2ConformanceCase& c : order2_conformance_cases()) out.push_back(case_vector(c, translations));
  return out;
}

}  // namespace chad

#include "reports/standalone_script.hpp"

#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "codegen/translate.hpp"
#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "references/input_value.hpp"
#include "references/hessian.hpp"
#include "references/jacobian.hpp"
#include "logrel/agreement.hpp"
#include "reports/written_file.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

nlohmann::json bounds(const Enclosure& e) { return nlohmann::json::array({hex_float(e.lo), hex_float(e.hi)}); }

nlohmann::json matrix(const std::vector<std::vector<Enclosure>>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : rows) {
    nlohmann::json r = nlohmann::json::array();
    for (const Enclosure& e : row) r.push_back(bounds(e));
    out.push_back(r);
  }
  return out;
}

// A file name the adapter chose, if it is a plain one (no folder, no odd characters).
std::string plain_file_name(const std::string& name) {
  if (name.empty() || name.size() > 100 || name[0] == '.') return "";
  for (char ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '.' && ch != '_' && ch != '-') return "";
  return name;
}

// At order 2: {"order": 2, "precision", "hessian": [[[[lo, hi], ...], ...], ...] (certified, one
// n x n matrix per output coordinate), "band": the relative band the verdict widens them by,
// "output"}.
nlohmann::json hessian_enclosures(const CheckedProgram& program, const NormalForm<double>& input, const AdapterHello& hello) {
  const HessianResult certified = hessian_by_interval(program, input);
  if (!certified.differentiable) throw std::runtime_error("no certified Hessian at this input: " + certified.reason);
  nlohmann::json hessian = nlohmann::json::array();
  for (const auto& rows : certified.enclosure) hessian.push_back(matrix(rows));
  nlohmann::json output = nlohmann::json::array();
  for (double y : certified.output_coords) output.push_back(hex_float(y));
  return {{"order", 2},
          {"precision", precision_name(hello.precision)},
          {"hessian", hessian},
          {"band", hello.second_order_band.value_or(ScreenTolerance::relative)},
          {"output", output}};
}

}  // namespace

nlohmann::json standalone_enclosures(const CheckedProgram& program, const NormalForm<double>& input,
                                     ToolPrecision precision, Subnormals subnormals) {
  const JacobianResult certified = jacobian_by_interval(program, input);
  if (!certified.differentiable) throw std::runtime_error("no certified Jacobian at this input: " + certified.reason);
  nlohmann::json out = {{"precision", precision_name(precision)}, {"jacobian", matrix(certified.enclosure)}};
  nlohmann::json output = nlohmann::json::array();
  for (const Enclosure& e : certified.output_enclosure) output.push_back(bounds(e));
  out["output"] = output;
  if (subnormals == Subnormals::Flush) out["subnormals"] = "flush";
  const InPrecision in_precision = jacobian_in_precision(program, input, precision, subnormals);
  out["tool_precision"] = in_precision.result ? matrix(in_precision.result->enclosure) : nlohmann::json(nullptr);
  if (in_precision.result && !in_precision.result->output_enclosure.empty()) {
    nlohmann::json wide = nlohmann::json::array();
    for (const Enclosure& e : in_precision.result->output_enclosure) wide.push_back(bounds(e));
    out["tool_precision_output"] = wide;
  }
  if (!in_precision.result) out["tool_precision_problem"] = in_precision.problem;
  return out;
}

StandaloneScript write_standalone_script(const std::string& dir, const CampaignOptions& options,
                                         const GeneratedCase& generated) {
  if (!options.adapter) return {};
  AdapterClient& client = *options.adapter;
  const AdapterHello& hello = client.hello();
  if (!hello.standalone) return {};
  const std::string who = hello.name();
  try {
    const CheckedProgram program = check_program(parse_program(generated.program, "<counterexample>"));
    const NormalForm<double> input = read_input_point(program, generated.input);
    const bool second_order = options.order == 2;
    nlohmann::json enclosures =
        second_order ? hessian_enclosures(program, input, hello) : standalone_enclosures(program, input, hello.precision, hello.subnormals);
    const JacobianResult dual = jacobian_by_dual(program, input);
    nlohmann::json request = differentiate_request(
        AdapterRequest{generated.program, &program, input, dual.output_index}, 0, hello);
    request["kind"] = "standalone";
    request.erase("ask");
    request.erase("seeds");
    request["translations"]["json"] = translation_json(program, "json");
    request["enclosure"] = std::move(enclosures);
    if (second_order) request["order"] = 2;
    long id = 0;
    const AdapterReply reply = client.exchange(request, id);
    if (reply.status != AdapterReply::Status::Answered)
      return {"", "No standalone script: " + who + "'s adapter gave no answer to the request: " + reply.problem};
    const nlohmann::json& a = reply.answer;
    if (!a.is_object() || a.value("kind", "") != "standalone" || !a.contains("script") || !a["script"].is_string())
      return {"", "No standalone script: " + who + "'s adapter answered " + a.dump().substr(0, 300)};
    std::string file = plain_file_name(a.value("file", std::string()));
    if (file.empty()) file = "standalone.py";
    write_text_file(std::filesystem::path(dir) / file, a["script"].get<std::string>());
    if (second_order)
      return {file, "A reproduction in " + hello.tool + " alone (no oracle code): `" + file +
                        "` (run it with the tool's Python: `python " + file +
                        "`). It runs the program above in the tool's own operators at the input's exact floats, "
                        "takes its Hessian by the mode's own nesting and prints it entry by entry against the "
                        "certified enclosure of the exact second derivative widened by the band of the verdict, "
                        "\"inside\" or \"OUTSIDE\", then a VERDICT line."};
    return {file, "A reproduction in " + hello.tool + " alone (no oracle code): `" + file +
                      "` (run it with the tool's Python: `python " + file +
                      "`). It runs the program above in the tool's own operators at the input's exact floats and "
                      "prints the tool's Jacobian entry by entry against the certified enclosure of the exact "
                      "derivative and the enclosure in the tool's precision (" + arithmetic_name(hello.precision, hello.subnormals) +
                      ", the verdict's rule), \"inside\" or \"OUTSIDE\"."};
  } catch (const std::exception& e) {
    return {"", "No standalone script: " + std::string(e.what())};
  }
}

}  // namespace chad

// `chad-oracle serve-adapter [--method chad-rev|chad-fwd|dual|interval|sd-rev] [--sums S]
// [--precision float64|float32]`: the oracle's own AD as an adapter (docs/adapter-protocol.md):
// the golden tool other adapters are compared with, and the subject of the measurement that
// the precision rule gives no false `fail` (float32: the input rounded to float, the method's
// answer rounded to float). JVPs and VJPs are the full Jacobian times the seeds. It times its
// answers when asked ("timing": golden_adapter_timing.hpp). The second-order asks (hvp, hessian)
// are answered from the whole Hessian: CHAD differentiated twice (chad-rev: forward over reverse,
// chad-fwd: forward over forward), hyper-dual numbers (dual, interval: midpoints); sd-rev declines them.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "golden_adapter_timing.hpp"
#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "oracle/chad_hessian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "point_option.hpp"
#include "references/finite_result.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

struct ServeOptions {
  std::string method = "chad-rev", sums = "biproduct", precision = "float64";
  std::string functions = functions_strategy_name(kDefaultFunctionsStrategy);
};

double to_precision(double x, bool float32) { return float32 ? double(float(x)) : x; }

// The Hessian method of a --method, for the second-order asks: CHAD differentiated twice for
// CHAD's modes, the hyper-dual references for dual and interval; none for sd-rev.
std::optional<HessianMethod> second_order_method(const std::string& method) {
  if (method == "chad-rev") return HessianMethod::ChadForwardOverReverse;
  if (method == "chad-fwd") return HessianMethod::ChadForwardOverForward;
  if (method == "dual") return HessianMethod::Taylor;
  if (method == "interval") return HessianMethod::Interval;
  return std::nullopt;
}

// `hvp` (one H_w v per seed, w the request's cotangent) or `hessian` (one n x n matrix per output
// coordinate), both from the method's whole Hessian, as the JVPs and VJPs are from the Jacobian.
nlohmann::json answer_second_order(long id, const nlohmann::json& request, const CheckedProgram& program,
                                   const NormalForm<double>& input, AdapterAsk ask, const ServeOptions& options) {
  const std::optional<HessianMethod> method = second_order_method(options.method);
  if (!method)
    return error_answer(id, "unsupported", "the golden adapter's " + options.method + " has no second derivatives");
  const bool float32 = options.precision == "float32";
  const SumsStrategy sums = *parse_sums_strategy(options.sums);
  const HessianResult h = *method == HessianMethod::ChadForwardOverReverse || *method == HessianMethod::ChadForwardOverForward
                              ? hessian_by_chad(program, input, *method, sums, functions_option_value(options.functions))
                              : compute_hessian(program, input, *method, sums);
  if (!h.differentiable) return error_answer(id, "domain", "not twice differentiable here: " + h.reason);
  const std::size_t m = h.output_coords.size(), n = input.coords.size();
  NormalForm<double> output{h.output_index, h.output_coords};
  for (double& x : output.coords) x = to_precision(x, float32);
  std::vector<Matrix> hessians = h.hessian;
  for (Matrix& matrix : hessians)
    for (auto& row : matrix)
      for (double& x : row) x = to_precision(x, float32);
  if (ask == AdapterAsk::Hessian) {  // (result_answer writes one matrix's rows: each matrix so, then all)
    nlohmann::json matrices = nlohmann::json::array();
    for (const Matrix& matrix : hessians) matrices.push_back(result_answer(id, ask, matrix, nullptr)["hessian"]);
    nlohmann::json answer = result_answer(id, ask, {}, &output);
    answer["hessian"] = std::move(matrices);
    return answer;
  }
  const std::vector<double> w = read_numbers(request.value("cotangent", nlohmann::json::array()), m, "cotangent");
  std::vector<std::vector<double>> rows;
  for (const auto& seed_json : request.value("seeds", nlohmann::json::array())) {
    const std::vector<double> v = read_numbers(seed_json, n, "seeds");
    std::vector<double> product(n, 0.0);
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t k = 0; k < n; ++k) product[j] += w[i] * h.hessian[i][j][k] * v[k];
    for (double& x : product) x = to_precision(x, float32);
    rows.push_back(std::move(product));
  }
  return result_answer(id, ask, rows, &output);
}

nlohmann::json answer_request(const nlohmann::json& request, const ServeOptions& options, std::string& last_text,
                              CheckedProgram& last_program) {
  const long id = request.value("id", 0L);
  const bool float32 = options.precision == "float32";
  try {
    const std::string text = request.value("program", "");
    if (text != last_text) {
      last_program = check_program(parse_program(text, "<request>"));
      last_text = text;
    }
    const CheckedProgram& program = last_program;
    NormalForm<double> input = read_request_input(request, program);
    for (double& x : input.coords) x = to_precision(x, float32);
    const AdapterAsk ask = read_ask(request);
    if (second_order(ask)) return answer_second_order(id, request, program, input, ask, options);
    JacobianResult j = compute_jacobian(program, input, *parse_method(options.method), *parse_sums_strategy(options.sums), {},
                                      {}, functions_option_value(options.functions));
    if (!j.differentiable) return error_answer(id, "domain", "not differentiable here: " + j.reason);
    const std::size_t m = j.output_coords.size(), n = input.coords.size();
    std::vector<std::vector<double>> rows;
    if (ask == AdapterAsk::Jacobian) {
      rows = j.jacobian;
    } else {
      for (const auto& seed_json : request.value("seeds", nlohmann::json::array())) {
        const std::vector<double> seed = read_numbers(seed_json, ask == AdapterAsk::Jvp ? n : m, "seeds");
        rows.push_back(jacobian_product(j.jacobian, n, seed, ask));
      }
    }
    for (auto& row : rows)
      for (double& x : row) x = to_precision(x, float32);
    NormalForm<double> output{j.output_index, j.output_coords};
    for (double& x : output.coords) x = to_precision(x, float32);
    if (!read_timing(request)) return result_answer(id, ask, rows, &output);
    GoldenTimingRequest timed{&program, input, j.output_index, ask, {}, *parse_method(options.method),
                              *parse_sums_strategy(options.sums), functions_option_value(options.functions)};
    if (ask != AdapterAsk::Jacobian && !request["seeds"].empty())
      timed.seed = read_numbers(request["seeds"][0], ask == AdapterAsk::Jvp ? n : m, "seeds");
    const AdapterSeconds seconds = time_golden_answer(timed);
    return result_answer(id, ask, rows, &output, &seconds);
  } catch (const DomainError& e) {
    return error_answer(id, "domain", e.what());
  } catch (const NotFiniteResult& e) {  // double overflows here: the program's arithmetic, not a crash
    return error_answer(id, "domain", e.what());
  } catch (const std::exception& e) {
    return error_answer(id, "crash", e.what());
  }
}

}  // namespace

void add_serve_adapter_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve-adapter", "Serve the oracle's own AD over the adapter protocol (JSON Lines on stdin/stdout): the golden adapter");
  cmd->add_option("--method", options->method, "the Jacobian method answering: chad-rev, chad-fwd, dual, interval, sd-rev")
      ->check(CLI::IsMember({"chad-rev", "chad-fwd", "dual", "interval", "sd-rev"}))
      ->capture_default_str();
  add_functions_option(*cmd, options->functions);
  cmd->add_option("--sums", options->sums, "CHAD's sums strategy")
      ->check(CLI::IsMember({"biproduct", "lifted", "zero-fn"}))
      ->capture_default_str();
  cmd->add_option("--precision", options->precision,
                  "float64, or float32 (inputs and answers rounded to float: a float32 tool's answers)")
      ->check(CLI::IsMember({"float64", "float32"}))
      ->capture_default_str();
  cmd->callback([options, &exit_code] {
    CommonOptions common;
    exit_code = run_command(common, [&] {
      std::string line, last_text;
      CheckedProgram last_program;
      while (std::getline(std::cin, line)) {
        nlohmann::json request;
        try {
          request = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception& e) {
          std::cout << error_answer(0, "crash", std::string("a request that is not JSON: ") + e.what()).dump() << std::endl;
          continue;
        }
        const std::string kind = request.value("kind", "");
        if (kind == "bye") break;
        if (kind == "hello") {
          nlohmann::json hello = {{"kind", "hello"},
                                  {"protocol", adapter_protocol_version},
                                  {"tool", "chad-oracle-" + options->method},
                                  {"version", "1"},
                                  {"precision", options->precision},
                                  {"translations", nlohmann::json::array()},
                                  {"timing", true}};
          hello["asks"] = second_order_method(options->method)  // (sd-rev: first order only)
                              ? nlohmann::json{"jacobian", "jvp", "vjp", "hvp", "hessian"}
                              : nlohmann::json{"jacobian", "jvp", "vjp"};
          // Its second derivatives rounded to float32 (2^-24 relative) are judged in a band that holds them.
          if (second_order_method(options->method) && options->precision == "float32") hello["second_order_band"] = 1e-6;
          std::cout << hello.dump() << std::endl;
          continue;
        }
        if (kind != "differentiate") {
          std::cout << error_answer(request.value("id", 0L), "crash", "unknown request kind `" + kind + "`").dump() << std::endl;
          continue;
        }
        std::cout << answer_request(request, *options, last_text, last_program).dump() << std::endl;
      }
      return kExitOk;
    });
  });
}

}  // namespace chad

#include "api/gradient_adapter.hpp"

#include "adapter_client/adapter_check.hpp"
#include "syntax/parser.hpp"

namespace chad::api {
namespace {

// The last program and point asked about, and the function's answer there.
struct LastAnswer {
  std::string program_text;
  CheckedProgram program;
  std::string point;  // the request's "input", as JSON text
  Jacobian jacobian;
};

std::vector<std::string> labels_of(const nlohmann::json& part) {
  return part.contains("labels") ? part["labels"].get<std::vector<std::string>>() : std::vector<std::string>{};
}

std::string shape_problem(const Jacobian& j, std::size_t m, std::size_t n) {
  if (j.size() != m)
    return "the gradient function gave " + std::to_string(j.size()) + " rows, the output has " + std::to_string(m) +
           " coordinates";
  for (std::size_t i = 0; i < m; ++i)
    if (j[i].size() != n)
      return "row " + std::to_string(i) + " of the gradient function's Jacobian has " + std::to_string(j[i].size()) +
             " entries, the input has " + std::to_string(n) + " coordinates";
  return "";
}

}  // namespace

std::shared_ptr<AdapterClient> gradient_adapter(const GradientFunction& gradient, const CheckOptions& options) {
  AdapterHello hello;
  hello.tool = options.name;
  hello.version = "in-process";
  hello.precision = options.precision;
  hello.translations = options.translations;
  hello.notes = "a gradient function checked through api/chad_oracle.hpp";
  auto last = std::make_shared<LastAnswer>();
  InProcessAdapter answer = [gradient, last](const nlohmann::json& request) -> nlohmann::json {
    const long id = request.value("id", 0L);
    const std::string text = request.value("program", "");
    if (text != last->program_text || last->program_text.empty()) {
      last->program = check_program(parse_program(text, "<request>"));
      last->program_text = text;
      last->point.clear();
    }
    const NormalForm<double> input = read_request_input(request, last->program);
    const std::vector<std::string> in_labels = labels_of(request["input"]);
    const std::vector<std::string> out_labels = labels_of(request["output"]);
    const std::string point = request["input"].dump();
    if (point != last->point) {
      GradientQuestion question{last->program, last->program_text, input, in_labels, out_labels, request};
      try {
        last->jacobian = gradient(question);
      } catch (const Unsupported& e) {
        return error_answer(id, "unsupported", e.what());
      } catch (const NotDefinedHere& e) {
        return error_answer(id, "domain", e.what());
      } catch (const std::exception& e) {
        return error_answer(id, "crash", std::string("the gradient function threw: ") + e.what());
      }
      last->point = point;
    }
    const AdapterAsk ask = read_ask(request);
    if (second_order(ask)) return error_answer(id, "unsupported", std::string("a gradient function answers first order only, not ") + ask_name(ask));
    const std::size_t m = out_labels.size(), n = in_labels.size();
    if (ask == AdapterAsk::Jacobian) return result_answer(id, ask, last->jacobian, nullptr);  // its shape is judged
    const std::string problem = shape_problem(last->jacobian, m, n);
    if (!problem.empty()) return error_answer(id, "crash", problem);
    std::vector<std::vector<double>> rows;
    for (const auto& seed_json : request.value("seeds", nlohmann::json::array()))
      rows.push_back(jacobian_product(last->jacobian, n, read_numbers(seed_json, ask == AdapterAsk::Jvp ? n : m, "seeds"), ask));
    return result_answer(id, ask, rows, nullptr);
  };
  return std::make_shared<AdapterClient>(AdapterOptions{"in-process gradient function `" + options.name + "`", 0},
                                         std::move(hello), std::move(answer));
}

}  // namespace chad::api

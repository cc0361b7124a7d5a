#include "adapter_client/adapter_conformance.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "generators/declared_fragment.hpp"
#include "adapter_client/adapter_check.hpp"
#include "judge/campaign_options.hpp"
#include "adapter_client/order2_conformance.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The point written on the program's first `-- at: VALUE` line ("" when there is none).
std::string at_line(const std::string& text) {
  const std::string marker = "-- at: ";
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (text.compare(start, marker.size(), marker) == 0)
      return text.substr(start + marker.size(), end - start - marker.size());  // the marker has no newline
    start = end + 1;
  }
  return "";
}

ConformanceCheck check(std::string name, bool passed, std::string reason) {
  return ConformanceCheck{std::move(name), passed, false, std::move(reason)};
}

// A small program and a point where it is defined, asked for its Jacobian.
struct SmallRequest {
  std::string text;
  CheckedProgram program;
  AdapterRequest request;
};

std::unique_ptr<SmallRequest> small_request(const std::string& text, double x) {
  auto s = std::make_unique<SmallRequest>();
  s->text = text;
  s->program = check_program(parse_program(text, "<conformance>"));
  Index reals;
  reals.kind = Index::Kind::Reals;
  reals.reals = 1;
  s->request = AdapterRequest{text, &s->program, NormalForm<double>{reals, {x}}, reals, AdapterAsk::Jacobian, {}};
  return s;
}

// Sends the request and reads its answer; "" or what broke the protocol.
std::string ask(AdapterClient& client, const AdapterRequest& request, AdapterAnswer& answer) {
  long id = 0;
  const AdapterReply reply = client.exchange(differentiate_request(request, 0, client.hello()), id);
  if (reply.status != AdapterReply::Status::Answered) return "no answer: " + reply.problem;
  try {
    answer = read_answer(reply.answer, id, request);
  } catch (const ProtocolError& e) {
    client.stop(false);
    return std::string("malformed answer: ") + e.what();
  }
  return "";
}

// Whether the hello declares a fragment (any of primitives, formers, asks) and the program, with
// every ask of check_by_adapter (jacobian, jvp, vjp), lies inside it: such a program the adapter
// has promised to answer. Without a declaration nothing is promised.
bool inside_declaration(const CheckedProgram& program, const AdapterHello& hello) {
  if (!hello.primitives && !hello.formers && !hello.asks) return false;
  if (hello.asks)
    for (const char* ask : {"jacobian", "jvp", "vjp"})
      if (!hello.asks->count(ask)) return false;
  return inside_fragment(*program.main_function, hello.primitives, hello.formers);
}

ConformanceCheck example_check(const CampaignOptions& options, const std::string& path) {
  const std::string name = "example " + std::filesystem::path(path).filename().string();
  try {
    const std::string text = file_text(path);
    const CheckedProgram program = check_program(parse_program(text, path));
    const NormalForm<double> input = read_input_point(program, at_line(text));
    const JacobianResult reference = jacobian_by_dual(program, input);
    if (!reference.differentiable) return check(name, false, "the example is not differentiable at its point: " + reference.reason);
    std::optional<JacobianResult> certified;
    const CheckOutcome c = check_by_adapter(options, text, program, input, reference, certified);
    const std::string seen = std::string(verdict_name(c.verdict)) + (c.detail.empty() ? "" : ": " + c.detail);
    if (c.verdict == Verdict::Unsupported && inside_declaration(program, options.adapter->hello()))
      return check(name, false,
                   "declined a program inside the declared fragment (" + options.adapter->hello().declaration() +
                       "): " + seen);
    ConformanceCheck out = check(name, c.verdict == Verdict::Pass || c.verdict == Verdict::Unsupported, seen);
    out.unsupported = c.verdict == Verdict::Unsupported;
    return out;
  } catch (const SourceError& e) {
    return check(name, false, std::string("the example cannot be judged here: ") + e.what());
  }
}

ConformanceCheck ids_check(AdapterClient& client) {
  const auto square = small_request("def main (x : real) : real = x * x;", 3);
  for (int k = 1; k <= 2; ++k) {
    AdapterAnswer answer;
    if (std::string problem = ask(client, square->request, answer); !problem.empty())
      return check("ids", false, "request " + std::to_string(k) + " of 2: " + problem);
    // d(x*x)/dx = 2x = 6 at x = 3.
    if (answer.error || answer.rows.size() != 1 || answer.rows[0].size() != 1 || answer.rows[0][0] != 6)
      return check("ids", false, "request " + std::to_string(k) + " of 2: d(x*x)/dx at 3 is 6; the answer was " +
                                     (answer.error ? "an error: " + answer.message : "another number"));
  }
  return check("ids", true, "two requests, each answered once with its id");
}

ConformanceCheck domain_check(AdapterClient& client) {
  const auto log_of = small_request("def main (x : real) : real = log(x);", -1);
  AdapterAnswer answer;
  if (std::string problem = ask(client, log_of->request, answer); !problem.empty()) return check("domain error", false, problem);
  if (!answer.error) return check("domain error", false, "log(x) at x = -1 was answered with numbers, not an error");
  if (answer.error_kind != "domain")
    return check("domain error", false, "log(x) at x = -1: an error of kind `" + answer.error_kind + "`, not `domain`");
  return check("domain error", true, "log(x) at x = -1: " + answer.message);
}

ConformanceCheck unknown_request_check(AdapterClient& client) {
  const std::string name = "unknown request";
  long id = 0;
  const AdapterReply reply = client.exchange({{"kind", "frobnicate"}}, id);
  if (reply.status != AdapterReply::Status::Answered) return check(name, false, "a request of kind `frobnicate`: " + reply.problem);
  if (!reply.answer.is_object() || reply.answer.value("kind", "") != "error")
    return check(name, false, "a request of kind `frobnicate` was answered by " + reply.answer.dump().substr(0, 200));
  const int restarts = client.restarts();
  const auto identity = small_request("def main (x : real) : real = x;", 2);
  AdapterAnswer answer;
  if (std::string problem = ask(client, identity->request, answer); !problem.empty())
    return check(name, false, "the next request: " + problem);
  if (client.restarts() != restarts) return check(name, false, "the adapter had to be restarted");
  if (answer.error) return check(name, false, "the next request: an error: " + answer.message);
  return check(name, true, "answered by an error of kind `" + reply.answer.value("error", std::string("?")) +
                               "`; the next request answered");
}

}  // namespace

bool ConformanceReport::passed() const {
  return hello && std::all_of(checks.begin(), checks.end(), [](const ConformanceCheck& c) { return c.passed; });
}

std::size_t ConformanceReport::unsupported() const {
  return std::size_t(std::count_if(checks.begin(), checks.end(), [](const ConformanceCheck& c) { return c.unsupported; }));
}

std::vector<std::string> conformance_examples(const std::string& examples_dir) {
  std::vector<std::string> out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(examples_dir, error)) {
    if (entry.path().extension() != ".chad") continue;
    const std::string text = file_text(entry.path().string());
    try {
      const CheckedProgram program = check_program(parse_program(text, entry.path().string()));
      if (is_data_type(program.input_type) && is_data_type(program.output_type) && !at_line(text).empty())
        out.push_back(entry.path().string());
    } catch (const SourceError&) {  // not a program: not an example
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

ConformanceReport check_adapter_conformance(const AdapterOptions& adapter, const std::string& examples_dir) {
  ConformanceReport report;
  CampaignOptions options;
  options.implementation = Implementation::Adapter;
  options.adapter = std::make_shared<AdapterClient>(adapter);
  AdapterClient& client = *options.adapter;
  try {
    report.hello = client.hello();
  } catch (const AdapterStartError& e) {
    report.checks.push_back(check("handshake", false, e.what()));
    return report;
  }
  const AdapterHello& hello = *report.hello;
  std::string problem = hello.tool.empty() ? "no tool name" : hello.version.empty() ? "no version" : "";
  report.checks.push_back(check("handshake", problem.empty(),
                                problem.empty() ? hello.tool + " " + hello.version + ", " + precision_name(hello.precision)
                                                : problem));
  const std::vector<std::string> examples = conformance_examples(examples_dir);
  if (examples.empty()) report.checks.push_back(check("examples", false, "no examples found in " + examples_dir));
  for (const std::string& path : examples) report.checks.push_back(example_check(options, path));
  for (ConformanceCheck& c : order2_conformance_checks(options)) report.checks.push_back(std::move(c));
  report.checks.push_back(ids_check(client));
  report.checks.push_back(domain_check(client));
  report.checks.push_back(unknown_request_check(client));
  try {
    client.hello();  // running, to be asked to stop
    const std::string bye = client.say_bye(5);
    report.checks.push_back(check("bye", bye.empty(), bye.empty() ? "exited with status 0" : bye));
  } catch (const AdapterStartError& e) {
    report.checks.push_back(check("bye", false, std::string("could not restart the adapter: ") + e.what()));
  }
  return report;
}

}  // namespace chad

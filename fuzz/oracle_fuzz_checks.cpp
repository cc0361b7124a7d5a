#include "fuzz/oracle_fuzz_checks.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "campaigns/error_histogram.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "oracle/campaign_log.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/parser.hpp"

namespace chad::fuzz {
namespace {

struct FixedRequest {
  CheckedProgram program;
  AdapterRequest request;
};

const FixedRequest& fixed_request() {
  static const FixedRequest fixed = [] {
    FixedRequest f;
    f.program = check_program(
        parse_program("def main (x : real, v : real[2]) : real * real[2] = (x * sin(x), scale(x, v));", "<fuzz>"));
    f.request.program_text = "";
    f.request.program = &f.program;
    f.request.input = read_input_point(f.program, "(1.5, [2, 3])");
    f.request.output_index = jacobian_by_dual(f.program, f.request.input).output_index;
    return f;
  }();
  return fixed;
}

// (A number may be "nan" or "inf": the protocol carries a tool's non-finite answer to the judge,
// which never passes it; judge/discrepancy.hpp.)
std::string rows_shape_problem(const AdapterAnswer& answer, std::size_t count, std::size_t width) {
  if (answer.rows.size() != count) return "an answer with " + std::to_string(answer.rows.size()) + " rows was accepted";
  for (const auto& row : answer.rows)
    if (row.size() != width) return "a row of " + std::to_string(row.size()) + " numbers was accepted";
  if (answer.seconds && !(std::isfinite(answer.seconds->primal) && answer.seconds->primal >= 0 &&
                          std::isfinite(answer.seconds->derivative) && answer.seconds->derivative >= 0))
    return "times that are negative or not finite were accepted";
  return "";
}

// A file of this process's own (libFuzzer runs one input at a time per process).
const std::string& scratch_log() {
  static const std::string path = [] {
    std::string pattern = "/tmp/chad_fuzz_campaign_log_XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd >= 0) close(fd);
    return pattern;
  }();
  return path;
}

}  // namespace

std::string check_adapter_answer(const std::string& text) {
  if (text.empty()) return "";
  const FixedRequest& fixed = fixed_request();
  AdapterRequest request = fixed.request;
  // The first byte picks the ask (first and second order) and whether the request is timed.
  const int choice = static_cast<unsigned char>(text[0]) % 10;
  const AdapterAsk asks[] = {AdapterAsk::Jacobian, AdapterAsk::Jvp, AdapterAsk::Vjp, AdapterAsk::Hvp, AdapterAsk::Hessian};
  request.ask = asks[choice % 5];
  request.timing = choice >= 5;
  const std::size_t n = request.input.coords.size(), m = std::size_t(request.output_index.dimension());
  if (request.ask == AdapterAsk::Jvp || request.ask == AdapterAsk::Hvp)
    request.seeds = {std::vector<double>(n, 1.0), std::vector<double>(n, 0.5)};
  if (request.ask == AdapterAsk::Vjp) request.seeds = {std::vector<double>(m, 1.0), std::vector<double>(m, 0.5)};
  if (request.ask == AdapterAsk::Hvp) request.cotangent = std::vector<double>(m, 1.0);
  const nlohmann::json answer = nlohmann::json::parse(text.substr(1), nullptr, false);
  if (answer.is_discarded()) return "";  // not JSON: the client's own rejection (AdapterReply::NotJson)
  try {
    const AdapterAnswer read = read_answer(answer, 1, request);
    if (read.error) return read.error_kind.empty() ? "an error answer without its kind was accepted" : "";
    if (request.timing && !read.seconds) return "a timed request's answer without seconds was accepted";
    if (request.ask == AdapterAsk::Hessian) {
      if (read.hessians.size() != m) return "a hessian of " + std::to_string(read.hessians.size()) + " matrices was accepted";
      for (const auto& matrix : read.hessians) {
        AdapterAnswer rows_only;
        rows_only.rows = matrix;
        const std::string problem = rows_shape_problem(rows_only, n, n);
        if (!problem.empty()) return "in a hessian's matrix, " + problem;
      }
      return rows_shape_problem(AdapterAnswer{false, "", "", std::nullopt, {}, {}, read.seconds}, 0, 0);
    }
    const std::size_t count = request.ask == AdapterAsk::Jacobian ? m : request.seeds.size();
    const std::size_t width = request.ask == AdapterAsk::Jvp ? m : n;
    return rows_shape_problem(read, count, width);
  } catch (const ProtocolError&) {
    return "";
  } catch (const std::exception& e) {
    return std::string("an exception other than ProtocolError: ") + e.what();
  }
}

std::string check_campaign_log(const std::string& text) {
  const std::string& path = scratch_log();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
  }
  std::vector<nlohmann::json> lines;
  try {
    lines = read_log(path);
  } catch (const SourceError& e) {
    return e.loc().line > 0 ? "" : std::string("a rejection without its line: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("reading: an exception other than SourceError: ") + e.what();
  }
  try {
    summarize(lines);
    error_histogram_svg(lines);
  } catch (const SourceError& e) {
    return e.loc().line > 0 ? "" : std::string("a rejection without its line: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("summarising: an exception other than SourceError: ") + e.what();
  }
  return "";
}

}  // namespace chad::fuzz

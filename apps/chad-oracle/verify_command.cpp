// `chad-oracle verify FILE --at VALUE`: CHAD in both modes and every sums strategy, in
// intervals, against the certified reference; a table of verdicts and the worst discrepancy.
// Outputs holding functions or streams are judged by the logical relation instead.
// Exit 0 when every case passes, 1 on a mismatch or fault, 2 when the point is not
// differentiable.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/input_value.hpp"
#include "references/jacobian_json.hpp"
#include "oracle/verify.hpp"
#include "point_option.hpp"

namespace chad {
namespace {

nlohmann::json report_json(const std::string& file, const VerifyReport& report) {
  nlohmann::json cases = nlohmann::json::array();
  for (const VerifyCase& c : report.cases) {
    nlohmann::json enclosure = nlohmann::json::array();
    for (const auto& row : c.enclosure) {
      nlohmann::json r = nlohmann::json::array();
      for (const Enclosure& e : row) r.push_back({e.lo, e.hi});
      enclosure.push_back(r);
    }
    cases.push_back({{"mode", chad_mode_name(c.mode)},
                     {"sums", sums_strategy_name(c.sums)},
                     {"verdict", verdict_name(c.verdict)},
                     {"discrepancy", c.discrepancy},
                     {"gap", c.gap},
                     {"detail", c.detail},
                     {"enclosure", enclosure}});
  }
  return {{"file", file},
          {"passed", report.passed()},
          {"differentiable", report.differentiable()},
          {"worst_discrepancy", report.worst_discrepancy()},
          {"judged_by", report.by_relation ? "logical relation" : "jacobian"},
          {"reference", jacobian_json(report.reference)},
          {"cases", cases}};
}

void print_report(std::ostream& out, const VerifyReport& report) {
  if (!report.differentiable()) {
    out << "not differentiable at this point: " << report.reference.reason << "\n";
    return;
  }
  out << std::left << std::setw(6) << "mode" << std::setw(11) << "sums" << std::setw(20)
      << "verdict" << std::setw(14) << "discrepancy" << std::setw(10) << "gap" << "detail\n";
  for (const VerifyCase& c : report.cases)
    out << std::setw(6) << chad_mode_name(c.mode) << std::setw(11) << sums_strategy_name(c.sums)
        << std::setw(20) << verdict_name(c.verdict) << std::setw(14) << c.discrepancy
        << std::setw(10) << c.gap << c.detail << "\n";
  if (report.by_relation) {
    out << (report.passed() ? "PASS" : "FAIL")
        << ": the logical relation, in intervals, along one curve through the input (the output holds "
           "a function or a stream, so there is no Jacobian)\n";
    return;
  }
  out << (report.passed() ? "PASS" : "FAIL") << ": worst discrepancy "
      << report.worst_discrepancy()
      << " (relative distance of midpoints) against the certified interval reference\n";
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  CLI::App* cmd = add_point_command(
      app, "verify", "Check CHAD (both modes, every sums strategy) against the certified reference",
      *options, *at);
  cmd->callback([options, at, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      NormalForm<double> input = read_input_point(program, point_text(program, *at));
      VerifyReport report = verify_chad(program, input);
      if (options->json)
        std::cout << report_json(options->file, report).dump(2) << "\n";
      else
        print_report(std::cout, report);
      if (!report.differentiable()) return kExitNotDifferentiable;
      for (const VerifyCase& c : report.cases)
        if (c.verdict == Verdict::Mismatch || c.verdict == Verdict::Fault) return kExitCheckFailed;
      return report.passed() ? kExitOk : kExitNotDifferentiable;
    });
  });
}

}  // namespace chad

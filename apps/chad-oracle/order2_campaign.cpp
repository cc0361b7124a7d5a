#include "order2_campaign.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "command_context.hpp"
#include "exit_codes.hpp"
#include "oracle/adapter_client.hpp"
#include "oracle/order2_check.hpp"
#include "point_option.hpp"

namespace chad {
namespace {

// A check's name: an outside tool's mode as its hello names it, else CHAD's nesting.
std::string check_name(const CheckOutcome& c, const CampaignOptions& options) {
  if (c.implementation == Implementation::Adapter && options.adapter) return options.adapter->hello().name();
  return c.mode == ChadMode::Reverse ? "chad-fwd-over-rev" : "chad-fwd-over-fwd";
}

nlohmann::json outcome_line(const ProgramOutcome& o, const CampaignOptions& options) {
  nlohmann::json checks = nlohmann::json::array();
  for (const CheckOutcome& c : o.checks)
    checks.push_back({{"mode", check_name(c, options)},
                      {"sums", sums_strategy_name(c.sums)},
                      {"verdict", verdict_name(c.verdict)},
                      {"error", c.error},
                      {"screen_cleared", c.screen_cleared},
                      {"detail", c.detail}});
  return {{"order", 2},          {"index", o.index},   {"seed", o.seed},   {"verdict", verdict_name(o.verdict)},
          {"detail", o.detail},  {"checks", checks},   {"program", o.generated.program},
          {"input", o.generated.input}};
}

void print_checks(const ProgramOutcome& o, const CampaignOptions& options) {
  std::cout << "order 2: " << verdict_name(o.verdict) << (o.detail.empty() ? "" : ": " + o.detail) << "\n";
  for (const CheckOutcome& c : o.checks)
    std::cout << "  " << check_name(c, options) << " ("
              << sums_strategy_name(c.sums) << "): " << verdict_name(c.verdict)
              << (c.detail.empty() ? "" : ": " + c.detail) << "\n";
}

}  // namespace

int run_order2_campaign(const CampaignOptions& options, const std::string& out, bool quiet, bool json) {
  std::ofstream log;
  if (!out.empty()) {
    std::filesystem::create_directories(out);
    log.open(out + "/log.jsonl");
  }
  const auto start = std::chrono::steady_clock::now();
  std::size_t failing = 0;
  const CampaignSummary summary = run_campaign_order2(options, [&](const ProgramOutcome& o) {
    if (log.is_open()) log << outcome_line(o, options).dump() << "\n";
    if (is_failure(o.verdict)) {
      ++failing;
      if (!quiet)
        std::cout << "FAILED program " << o.index << ": " << verdict_name(o.verdict) << ": "
                  << (o.detail.empty() && !o.checks.empty() ? [&] {
                       for (const CheckOutcome& c : o.checks)
                         if (is_failure(c.verdict)) return c.detail;
                       return std::string();
                     }()
                                                             : o.detail)
                  << "\n";
    }
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::size_t judged = summary.programs - summary.verdicts.at("skip");
  if (json) {
    std::cout << nlohmann::json{{"order", 2},
                                {"programs", summary.programs},
                                {"verdicts", summary.verdicts},
                                {"judged", judged},
                                {"checks", summary.checks},
                                {"screen_cleared", summary.screen_cleared},
                                {"seconds", seconds}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "order 2: " << summary.programs << " programs in " << seconds << " s ("
              << (seconds > 0 ? double(summary.programs) / seconds : 0.0) << " programs/s)\n"
              << verdict_counts_text(summary) << "\n"
              << "judged " << judged << " of " << summary.programs << " programs (" << summary.checks
              << " checks; the others have no second derivative to judge at their point)\n";
    if (summary.screen_cleared)
      std::cout << summary.screen_cleared << " checks cleared by the certified Hessian after the double screen\n";
    if (!out.empty()) std::cout << "log in " << out << "/log.jsonl\n";
  }
  return failing ? kExitCheckFailed : kExitOk;
}

int verify_order2(const std::string& file, const std::string& at, const CampaignOptions& options, bool json) {
  const CheckedProgram program = load_program(file);
  const std::string point = point_text(program, at, json);
  Case k(GeneratedCase{loaded_program_text(file), point}, file);
  const ProgramOutcome o = check_case_order2(options, k);
  if (json)
    std::cout << outcome_line(o, options).dump(2) << "\n";
  else
    print_checks(o, options);
  return is_failure(o.verdict) ? kExitCheckFailed : kExitOk;
}

}  // namespace chad

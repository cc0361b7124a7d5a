// `chad-oracle replay DIR`: re-checks the program of a counterexample report exactly as its
// campaign did, prints the verdicts and whether they match the recorded ones. Exit 1 when the
// program fails (the failure reproduces), 0 when it passes.
#include <iostream>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "oracle/campaign_log.hpp"
#include "reports/counterexample.hpp"

namespace chad {

void add_replay_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  CLI::App* cmd = app.add_subcommand("replay", "Re-check the program of a counterexample report");
  cmd->add_option("DIR", options->file, "a report directory (holding report.json)")->required();
  cmd->add_flag("--json", options->json, "print one JSON object");
  cmd->callback([options, &exit_code] {
    exit_code = run_command(*options, [&] {
      Replay r = replay_report(options->file);
      if (options->json) {
        nlohmann::json j = outcome_json(r.outcome);
        j["recorded_verdict"] = r.recorded_verdict;
        j["reproduced"] = r.reproduced;
        if (!r.not_reproduced.empty()) j["not_reproduced"] = r.not_reproduced;
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << r.outcome.generated.program << "-- at: " << r.outcome.generated.input << "\n";
        for (const CheckOutcome& c : r.outcome.checks)
          std::cout << (c.implementation == Implementation::Chad
                            ? check_mode_name(c) + " " + sums_strategy_name(c.sums)
                            : std::string(implementation_name(c.implementation)))
                    << ": "
                    << verdict_name(c.verdict) << (c.detail.empty() ? "" : " (" + c.detail + ")") << "\n";
        std::cout << "verdict " << verdict_name(r.outcome.verdict) << " (";
        if (!r.not_reproduced.empty())  // the report is of a failure that did not come back
          std::cout << (is_failure(r.outcome.verdict) ? "the campaign's failure reproduces now"
                                                      : "not a counterexample: the campaign's failure did not "
                                                        "reproduce when the report was written, nor now")
                    << "; " << r.not_reproduced;
        else
          std::cout << (r.reproduced ? "reproduces the report" : "differs from the report's " + r.recorded_verdict);
        std::cout << ")\n";
      }
      return is_failure(r.outcome.verdict) ? kExitCheckFailed : kExitOk;
    });
  });
}

}  // namespace chad

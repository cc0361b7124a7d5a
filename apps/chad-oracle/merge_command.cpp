// `chad-oracle merge DIR... --out DIR`: combines the logs of campaign shards (or of any runs of
// one campaign) into one log.jsonl, one line per program index, with its summary.json and
// summary.md. Exit 1 when the merged campaign has a failure, as `campaign` does.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "campaign_files.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "oracle/campaign_log.hpp"

namespace chad {

void add_merge_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("merge", "Combine the logs of campaign shards into one");
  cmd->add_option("DIRS", *inputs, "campaign output directories (each holding log.jsonl)")->required();
  cmd->add_option("--out", *out, "the merged campaign's directory")->required();
  cmd->add_flag("--json", options->json, "print the summary as one JSON object");
  cmd->callback([options, inputs, out, &exit_code] {
    exit_code = run_command(*options, [&] {
      CampaignFiles files(*out);
      {
        std::ofstream merged(std::filesystem::path(*out) / "worker-merge.jsonl", std::ios::app);
        for (const std::string& dir : *inputs) {
          const std::string log = (std::filesystem::path(dir) / "log.jsonl").string();
          if (!std::filesystem::exists(log))
            throw SourceError(Loc{intern_file_name(dir), 0, 0}, "no campaign log here (log.jsonl is missing)");
          for (const auto& line : read_log(log)) merged << line.dump() << "\n";
        }
      }
      std::vector<nlohmann::json> lines = files.merge_logs();
      CampaignSummary summary = summarize(lines);
      files.write_summary(summary, lines);
      if (options->json) {
        std::cout << summary_json(summary, lines).dump(2) << "\n";
      } else {
        std::cout << summary.programs << " programs: ";
        for (const auto& [v, n] : summary.verdicts) std::cout << v << " " << n << "  ";
        std::cout << "\nmerged into " << *out << "/\n";
      }
      for (const auto& [verdict, programs] : summary.verdicts)
        if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
      return kExitOk;
    });
  });
}

}  // namespace chad

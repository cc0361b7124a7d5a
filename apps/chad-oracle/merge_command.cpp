// `chad-oracle merge DIR... --out DIR`: combines the logs of campaign shards (or of any runs of
// one campaign) into one log.jsonl, one line per program index, with its summary.json and
// summary.md. Each DIR must hold a campaign.json (campaigns/campaign_parameters.hpp):
// shards of different campaigns, of different partitions (0/2 with 1/3), or the same shard
// twice are refused (exit 3, naming the directories). Missing shards, or shards with fewer
// programs than their count, are merged all the same, with a warning on stderr ("missing" in
// the --json output) and exit 1, so that a script never takes a partial merge for a whole one;
// the merged campaign.json records the shards it holds, so a later merge can add the rest.
// Otherwise exit 1 when the merged campaign has a failure, as `campaign` does. The merging is
// campaigns/campaign_merge.hpp's; this command parses the options and prints.
#include <iostream>

#include "campaigns/campaign_merge.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"

namespace chad {

void add_merge_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("merge", "Combine the logs of campaign shards into one");
  cmd->add_option("DIRS", *inputs, "campaign output directories (each holding log.jsonl)")
      ->required();
  cmd->add_option("--out", *out, "the merged campaign's directory")->required();
  cmd->add_flag("--json", options->json, "print the summary as one JSON object");
  cmd->callback([options, inputs, out, &exit_code] {
    exit_code = run_command(*options, [&] {
      const MergeResult merged = merge_campaigns(*inputs, *out);
      if (options->json) {
        nlohmann::json j = summary_json(merged.summary, merged.lines);
        j["missing"] = merged.missing;
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << merged.summary.programs << " programs: ";
        std::cout << verdict_counts_text(merged.summary);
        std::cout << "\nmerged into " << *out << "/\n";
      }
      for (const std::string& m : merged.missing)
        std::cerr << "warning: incomplete merge: " << m << " missing\n";
      if (!merged.missing.empty()) return kExitCheckFailed;
      for (const auto& [verdict, programs] : merged.summary.verdicts)
        if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
      return kExitOk;
    });
  });
}

}  // namespace chad

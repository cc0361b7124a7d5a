// `chad-oracle merge DIR... --out DIR`: combines the logs of campaign shards (or of any runs of
// one campaign) into one log.jsonl, one line per program index, with its summary.json and
// summary.md. Each DIR must hold a campaign.json (campaigns/campaign_parameters.hpp):
// shards of different campaigns, of different partitions (0/2 with 1/3), or the same shard
// twice are refused (exit 3, naming the directories). Missing shards, or shards with fewer
// programs than their count, are merged all the same, with a warning on stderr ("missing" in
// the --json output) and exit 1, so that a script never takes a partial merge for a whole one;
// the merged campaign.json records the shards it holds, so a later merge can add the rest.
// A campaign through an adapter (campaign.json's "tool", the hello it recorded) gets the tool's
// section in its summaries and the judged share, as `campaign` prints them (--min-judged).
// Otherwise exit 1 when the merged campaign has a failure or judged too little, as `campaign` does. The merging is
// campaigns/campaign_merge.hpp's; this command parses the options and prints.
#include <iostream>
#include <optional>

#include "campaigns/campaign_merge.hpp"
#include "campaigns/judged_share.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "adapter_client/adapter_protocol.hpp"
#include "syntax/location.hpp"

namespace chad {

void add_merge_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  auto min_judged = std::make_shared<double>(kDefaultMinJudgedShare);
  CLI::App* cmd = app.add_subcommand("merge", "Combine the logs of campaign shards into one");
  cmd->add_option("DIRS", *inputs, "campaign output directories (each holding log.jsonl)")
      ->required();
  cmd->add_option("--out", *out, "the merged campaign's directory")->required();
  cmd->add_flag("--json", options->json, "print the summary as one JSON object");
  cmd->add_option("--min-judged", *min_judged,
                  "a campaign through an adapter: the least share of the judgeable programs the tool must not "
                  "decline, else exit 1 (as campaign's --min-judged)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->callback([options, inputs, out, min_judged, &exit_code] {
    exit_code = run_command(*options, [&] {
      const MergeResult merged = merge_campaigns(*inputs, *out);
      // The judged tool, from the hello the campaign recorded.
      const nlohmann::json& recorded = merged.parameters.campaign.value("tool", nlohmann::json());
      std::optional<AdapterHello> hello;
      if (recorded.is_object()) try {
          hello = read_hello(recorded);
        } catch (const ProtocolError& e) {  // a campaign.json edited by hand: the input's fault
          throw SourceError(Loc{intern_file_name(*out + "/campaign.json"), 1, 1},
                            std::string("the tool it records: ") + e.what());
        }
      const std::string adapter = merged.parameters.campaign.value("adapter", "");
      const JudgedShare share = judged_share(merged.summary);
      const std::string too_little = hello ? too_little_judged(share, *min_judged) : "";
      std::optional<JudgedTool> tool;
      if (hello) {
        tool = judged_tool(*hello, adapter, recorded_restarts(*inputs), share, *min_judged, too_little, merged.lines);
        add_judged_tool_to_summary(*out, *tool);
      }
      if (options->json) {
        nlohmann::json j = summary_json(merged.summary, merged.lines);
        j["missing"] = merged.missing;
        j["tool"] = tool ? tool->tool : nlohmann::json(nullptr);
        if (tool) j["judged"] = tool->judged;
        std::cout << j.dump(2) << "\n";
      } else {
        if (hello) std::cout << judged_tool_header_text(*hello, adapter);
        std::cout << merged.summary.programs << " programs: ";
        std::cout << verdict_counts_text(merged.summary) << "\n";
        if (hello) std::cout << judged_share_text(share, merged.lines, too_little);
        std::cout << "merged into " << *out << "/\n";
      }
      for (const std::string& m : merged.missing)
        std::cerr << "warning: incomplete merge: " << m << " missing\n";
      if (!merged.missing.empty() || !too_little.empty()) return kExitCheckFailed;
      for (const auto& [verdict, programs] : merged.summary.verdicts)
        if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
      return kExitOk;
    });
  });
}

}  // namespace chad

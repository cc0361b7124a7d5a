// `chad-oracle merge DIR... --out DIR`: combines the logs of campaign shards (or of any runs of
// one campaign) into one log.jsonl, one line per program index, with its summary.json and
// summary.md. Each DIR must hold a campaign.json (apps/chad-oracle/campaign_parameters.hpp):
// shards of different campaigns, of different partitions (0/2 with 1/3), or the same shard
// twice are refused (exit 3, naming the directories). Missing shards, or shards with fewer
// programs than their count, are merged all the same, with a warning on stderr ("missing" in
// the --json output) and exit 1, so that a script never takes a partial merge for a whole one;
// the merged campaign.json records the shards it holds, so a later merge can add the rest.
// Otherwise exit 1 when the merged campaign has a failure, as `campaign` does.
#include <filesystem>
#include <iostream>
#include <map>

#include "campaign_files.hpp"
#include "campaign_parameters.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "oracle/campaign_log.hpp"

namespace chad {

namespace {

Loc dir_loc(const std::string& dir) { return Loc{intern_file_name(dir), 0, 0}; }

// The parameters of the shards in `inputs`, checked to be disjoint shards of one campaign;
// `out`'s own (from an earlier merge) must be of that campaign too, and are included.
CampaignParameters merged_parameters(const std::vector<std::string>& inputs,
                                     const std::string& out) {
  std::optional<CampaignParameters> merged;
  std::string first_dir;
  std::map<std::size_t, std::string> shard_dirs;  // shard -> the input holding it
  for (const std::string& dir : inputs) {
    const std::optional<CampaignParameters> p = read_campaign_parameters(dir);
    if (!p)
      throw SourceError(dir_loc(dir),
                        "no campaign.json here: not the output of `campaign` (or of a version "
                        "before campaign.json), so merge cannot tell which campaign it belongs to");
    if (!merged) {
      merged = *p;
      first_dir = dir;
    } else if (const std::string d = campaign_differences(*merged, *p); !d.empty()) {
      throw SourceError(dir_loc(dir), "not a shard of the campaign in " + first_dir + ": " + d);
    }
    for (std::size_t shard : p->shards) {
      const std::string name = std::to_string(shard) + "/" + std::to_string(p->shard_count);
      if (auto [it, fresh] = shard_dirs.emplace(shard, dir); !fresh)
        throw SourceError(
            dir_loc(dir),
            it->second == dir || std::filesystem::equivalent(it->second, dir)
                ? "the same directory is given twice (shard " + name + ")"
                : "shard " + name + " is also in " + it->second + ": the same shard twice");
      merged->shards.insert(shard);
    }
  }
  if (const std::optional<CampaignParameters> before = read_campaign_parameters(out)) {
    if (const std::string d = campaign_differences(*before, *merged); !d.empty())
      throw SourceError(dir_loc(out), "holds another campaign than the shards to merge: " + d);
    merged->shards.insert(before->shards.begin(), before->shards.end());
  }
  return *merged;
}

}  // namespace

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
      for (const std::string& dir : *inputs)
        if (!std::filesystem::exists(std::filesystem::path(dir) / "log.jsonl"))
          throw SourceError(dir_loc(dir), "no campaign log here (log.jsonl is missing)");
      CampaignFiles files(*out);
      CampaignParameters parameters = merged_parameters(*inputs, *out);
      {
        const std::string merge_file =
            (std::filesystem::path(*out) / "worker-merge.jsonl").string();
        remove_file_checked(merge_file);  // what a killed merge left: made again from the inputs
        AppendFile merged(merge_file);
        for (const std::string& dir : *inputs)
          for (const auto& line : read_log((std::filesystem::path(dir) / "log.jsonl").string()))
            merged.append_line(line.dump());
      }
      write_campaign_parameters(*out, parameters);
      std::vector<nlohmann::json> lines = files.merge_logs();
      CampaignSummary summary = summarize(lines);
      files.write_summary(summary, lines);
      // What is missing: shards, or programs of the shards there.
      std::vector<std::string> missing;
      for (std::size_t shard = 0; shard < parameters.shard_count; ++shard)
        if (!parameters.shards.count(shard))
          missing.push_back("shard " + std::to_string(shard) + "/" +
                            std::to_string(parameters.shard_count));
      const std::optional<std::size_t> expected = parameters.expected_programs();
      if (expected && lines.size() < *expected)
        missing.push_back(std::to_string(*expected - lines.size()) + " of the " +
                          std::to_string(*expected) + " programs of shards " +
                          parameters.describe_shards());
      if (options->json) {
        nlohmann::json j = summary_json(summary, lines);
        j["missing"] = missing;
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << summary.programs << " programs: ";
        std::cout << verdict_counts_text(summary);
        std::cout << "\nmerged into " << *out << "/\n";
      }
      for (const std::string& m : missing)
        std::cerr << "warning: incomplete merge: " << m << " missing\n";
      if (!missing.empty()) return kExitCheckFailed;
      for (const auto& [verdict, programs] : summary.verdicts)
        if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
      return kExitOk;
    });
  });
}

}  // namespace chad

#include "campaigns/campaign_merge.hpp"

#include <filesystem>
#include <map>

#include "campaigns/campaign_files.hpp"
#include "campaigns/campaign_identity.hpp"
#include "campaigns/durable_files.hpp"
#include "campaigns/log_identity.hpp"

namespace chad {
namespace {

Loc dir_loc(const std::string& dir) { return Loc{intern_file_name(dir), 0, 0}; }

// What is missing: shards, or programs of the shards there.
std::vector<std::string> missing_parts(const CampaignParameters& parameters, std::size_t programs) {
  std::vector<std::string> missing;
  for (std::size_t shard = 0; shard < parameters.shard_count; ++shard)
    if (!parameters.shards.count(shard))
      missing.push_back("shard " + std::to_string(shard) + "/" + std::to_string(parameters.shard_count));
  const std::optional<std::size_t> expected = parameters.expected_programs();
  if (expected && programs < *expected)
    missing.push_back(std::to_string(*expected - programs) + " of the " + std::to_string(*expected) +
                      " programs of shards " + parameters.describe_shards());
  return missing;
}

}  // namespace

CampaignParameters merged_parameters(const std::vector<std::string>& inputs, const std::string& out) {
  std::optional<CampaignParameters> merged;
  std::string first_dir;
  std::map<std::size_t, std::string> shard_dirs;  // shard -> the input holding it
  for (const std::string& dir : inputs) {
    const std::optional<CampaignParameters> p = read_campaign_parameters(dir);
    if (!p)
      throw SourceError(dir_loc(dir),
                        "no campaign.json here: not the output of `campaign` (or of a version "
                        "before campaign.json), so merge cannot tell which campaign it belongs to");
    check_log_identity((std::filesystem::path(dir) / "log.jsonl").string(), *p);  // its log is its campaign's
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

MergeResult merge_campaigns(const std::vector<std::string>& inputs, const std::string& out) {
  for (const std::string& dir : inputs)
    if (!std::filesystem::exists(std::filesystem::path(dir) / "log.jsonl"))
      throw SourceError(dir_loc(dir), "no campaign log here (log.jsonl is missing)");
  CampaignFiles files(out);
  MergeResult result;
  result.parameters = merged_parameters(inputs, out);
  files.set_identity(result.parameters);
  {
    const std::string merge_file = (std::filesystem::path(out) / "worker-merge.jsonl").string();
    remove_file_checked(merge_file);  // what a killed merge left: made again from the inputs
    AppendFile merged(merge_file);
    merged.append_line(campaign_identity_line(result.parameters).dump());
    for (const std::string& dir : inputs)
      for (const auto& line : read_log((std::filesystem::path(dir) / "log.jsonl").string()))
        merged.append_line(line.dump());
  }
  write_campaign_parameters(out, result.parameters);
  result.lines = files.merge_logs();
  result.summary = summarize(result.lines);
  // An outside tool's checks named as it names itself (the hello campaign.json recorded).
  const nlohmann::json tool = result.parameters.campaign.value("tool", nlohmann::json::object());
  const nlohmann::json name = tool.is_object() ? tool.value("mode", tool.value("tool", nlohmann::json(""))) : "";
  files.write_summary(result.summary, result.lines, name.is_string() ? name.get<std::string>() : std::string());
  result.missing = missing_parts(result.parameters, result.lines.size());
  return result;
}

}  // namespace chad

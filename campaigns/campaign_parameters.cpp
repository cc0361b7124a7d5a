#include "campaigns/campaign_parameters.hpp"

#include <filesystem>
#include <fstream>

#include "campaigns/durable_files.hpp"
#include "campaigns/shard.hpp"
#include "adapter_client/adapter_client.hpp"
#include "oracle/implementation_registry.hpp"
#include "syntax/location.hpp"

namespace chad {

namespace fs = std::filesystem;

namespace {

std::string parameters_file(const std::string& dir) {
  return (fs::path(dir) / "campaign.json").string();
}

}  // namespace

nlohmann::json CampaignParameters::to_json() const {
  return {{"campaign", campaign}, {"shard_count", shard_count}, {"shards", shards}};
}

std::string CampaignParameters::describe_shards() const {
  std::string text;
  for (std::size_t shard : shards) text += (text.empty() ? "" : ",") + std::to_string(shard);
  return text + "/" + std::to_string(shard_count);
}

std::optional<std::size_t> CampaignParameters::expected_programs() const {
  const std::size_t count = campaign.value("count", std::size_t(0));
  if (count == 0) return std::nullopt;
  std::size_t programs = 0;
  for (std::size_t shard : shards) programs += programs_in_shard(count, shard, shard_count);
  return programs;
}

CampaignParameters campaign_parameters_of(const CampaignOptionsText& text, const CampaignOptions& options,
                                          const ShardChoice& shard) {
  nlohmann::json modes = nlohmann::json::array(), sums = nlohmann::json::array();
  for (ChadMode m : options.modes) modes.push_back(chad_mode_name(m));
  for (SumsStrategy s : options.sums) sums.push_back(sums_strategy_name(s));
  CampaignParameters p;
  p.campaign = {{"seed", text.seed},
                {"count", text.count},  // 0 with --time: as many as time allows
                {"max_size", text.max_size},
                {"features", options.features.describe()},
                {"modes", modes},
                {"sums", sums},
                {"functions", functions_strategy_name(options.functions)},
                {"implementation", text.implementation},
                {"mutant", text.mutant},
                {"codegen_fault", text.codegen_fault},
                {"cross_check_fd_rate", options.cross_check_fd_rate}};
  if (!text.adapter.empty()) p.campaign["adapter"] = text.adapter;
  // The tool as its hello named it: what it declared decides what is drawn, so a resume or a merge
  // with another version or declaration is another campaign; `merge` names the tool from it.
  if (options.adapter) p.campaign["tool"] = recorded_hello(options.adapter->hello());
  if (options.cost) p.campaign["check"] = cost_check_flags(options);
  if (options.order != 1) p.campaign["order"] = options.order;  // (absent at first order, as before)
  // The size check (oracle/size_check.hpp), at first order; absent where the implementation has none.
  if (options.order == 1 && !implementation_under_test(options)->size_checks().empty()) {
    p.campaign["size_share"] = options.size_share;
    p.campaign["size_nodes"] = options.size_nodes;
  }
  p.shard_count = shard.count;
  p.shards = {shard.index};
  return p;
}

std::optional<CampaignParameters> read_campaign_parameters(const std::string& dir) {
  const std::string file = parameters_file(dir);
  std::ifstream in(file);
  if (!in) {
    if (!fs::exists(file)) return std::nullopt;
    throw StorageError(file, "cannot read", errno);
  }
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  const Loc at{intern_file_name(file), 1, 1};
  if (j.is_discarded() || !j.is_object() || !j.contains("campaign") || !j["campaign"].is_object() ||
      !j.contains("shard_count") || !j["shard_count"].is_number_unsigned() ||
      !j.contains("shards") || !j["shards"].is_array())
    throw SourceError(at,
                      "not a campaign description (expected {\"campaign\": {...}, \"shard_count\": "
                      "N, \"shards\": [...]})");
  CampaignParameters p;
  p.campaign = j["campaign"];
  p.shard_count = j["shard_count"];
  for (const auto& shard : j["shards"]) {
    if (!shard.is_number_unsigned() || shard.get<std::size_t>() >= p.shard_count)
      throw SourceError(at, "a shard number outside 0 .. shard_count - 1: " + shard.dump());
    p.shards.insert(shard.get<std::size_t>());
  }
  return p;
}

void write_campaign_parameters(const std::string& dir, const CampaignParameters& parameters) {
  write_file_durably(parameters_file(dir), parameters.to_json().dump(2) + "\n");
}

std::string campaign_differences(const CampaignParameters& recorded,
                                 const CampaignParameters& given) {
  std::string differences;
  auto differ = [&](const std::string& field, const nlohmann::json& a, const nlohmann::json& b) {
    if (a != b)
      differences +=
          (differences.empty() ? "" : ", ") + field + " " + a.dump() + " (here: " + b.dump() + ")";
  };
  for (const auto& [field, value] : recorded.campaign.items())
    differ(field, value, given.campaign.value(field, nlohmann::json()));
  for (const auto& [field, value] : given.campaign.items())
    if (!recorded.campaign.contains(field)) differ(field, nlohmann::json(), value);
  differ("number of shards (another partition, whose shards overlap these)", recorded.shard_count,
         given.shard_count);
  return differences;
}

void record_or_check_campaign(const std::string& dir, const CampaignParameters& given) {
  const std::optional<CampaignParameters> recorded = read_campaign_parameters(dir);
  if (!recorded) {
    write_campaign_parameters(dir, given);
    return;
  }
  std::string differences = campaign_differences(*recorded, given);
  if (recorded->shards != given.shards)
    differences += (differences.empty() ? "shard " : ", shard ") + recorded->describe_shards() +
                   " (here: " + given.describe_shards() + ")";
  if (!differences.empty())
    throw SourceError(Loc{intern_file_name(parameters_file(dir)), 0, 0},
                      "this directory holds another campaign: " + differences +
                          "; resume it with the same arguments, or use another --out");
}

}  // namespace chad

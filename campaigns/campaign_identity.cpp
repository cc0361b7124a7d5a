#include "campaigns/campaign_identity.hpp"

#include <fstream>

#include "oracle/campaign_log.hpp"
#include "syntax/location.hpp"

namespace chad {

namespace {

constexpr const char* kIdentityField = "campaign_identity";

// "seed 1 (here: 2), shard 0/2 (here: 1/2)": how the log's campaign differs from this one.
std::string identity_differences(const CampaignParameters& logged, const CampaignParameters& here) {
  std::string differences = campaign_differences(logged, here);
  if (logged.shards != here.shards)
    differences += (differences.empty() ? "shard " : ", shard ") + logged.describe_shards() + " (here: " +
                   here.describe_shards() + ")";
  return differences;
}

}  // namespace

nlohmann::json campaign_identity_line(const CampaignParameters& parameters) {
  return {{kIdentityField, parameters.to_json()}};
}

std::vector<nlohmann::json> read_worker_log(const std::string& path, const CampaignParameters& parameters) {
  std::string first;
  {
    std::ifstream in(path, std::ios::binary);
    std::getline(in, first);
    if (in.eof()) return {};  // missing, empty, or a first line cut off by a kill (cut before this)
  }
  const Loc at{intern_file_name(path), 1, 1};
  const nlohmann::json line = nlohmann::json::parse(first, nullptr, false);
  if (line.is_discarded() || !line.is_object() || !line.contains(kIdentityField))
    throw SourceError(at,
                      "this worker log carries no campaign identity (its first line is not "
                      "{\"campaign_identity\": ...}), so it cannot be told to be this campaign's: remove it, or use "
                      "another --out");
  if (line[kIdentityField] != parameters.to_json()) {
    std::string differences = "(unreadable)";
    try {
      const nlohmann::json& j = line[kIdentityField];
      CampaignParameters logged;
      logged.campaign = j.at("campaign");
      logged.shard_count = j.at("shard_count").get<std::size_t>();
      logged.shards = j.at("shards").get<std::set<std::size_t>>();
      differences = identity_differences(logged, parameters);
    } catch (const nlohmann::json::exception&) {
    }
    throw SourceError(at, "this worker log belongs to another campaign: " + differences +
                              "; it is never adopted: remove it, or use another --out");
  }
  return read_log(path, 2);
}

}  // namespace chad

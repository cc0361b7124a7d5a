// What a campaign directory holds, recorded in its `campaign.json`: the parameters that decide
// its log (seed, count, max size, features, modes, sums, implementation, mutant, cross-check)
// and which shards of how many it covers. A campaign resumed with other parameters is refused;
// `merge` combines only shards of one campaign, each once, and says which are missing.
#pragma once
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "campaigns/campaign_options_text.hpp"
#include "campaigns/shard.hpp"

namespace chad {

struct CampaignParameters {
  nlohmann::json campaign;  // {"seed", "count", "max_size", "features", "modes", "sums", ...}
  std::size_t shard_count = 1;
  std::set<std::size_t> shards;  // the shards this directory holds (one, unless merged)

  nlohmann::json to_json() const;
  // "0/2", or "0,1/4" for several.
  std::string describe_shards() const;
  // The number of programs of `count` in these shards (none known when count is 0: --time).
  std::optional<std::size_t> expected_programs() const;
};

// The parameters of the campaign `text` says (as `options`, parsed from it), shard `shard`.
CampaignParameters campaign_parameters_of(const CampaignOptionsText& text, const CampaignOptions& options,
                                          const ShardChoice& shard);

// Reads DIR/campaign.json: none when absent; a located SourceError when malformed.
std::optional<CampaignParameters> read_campaign_parameters(const std::string& dir);
void write_campaign_parameters(const std::string& dir, const CampaignParameters& parameters);

// "seed 1 (here: 2), count 30 (here: 40)": the fields in which two campaigns differ (empty when
// they are the same campaign; shards are not compared).
std::string campaign_differences(const CampaignParameters& recorded,
                                 const CampaignParameters& given);

// Records `given` in DIR/campaign.json, or checks that it is what the directory already holds
// (a SourceError naming the differences otherwise: a resume must use the same arguments).
void record_or_check_campaign(const std::string& dir, const CampaignParameters& given);

}  // namespace chad

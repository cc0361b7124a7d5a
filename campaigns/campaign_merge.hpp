// Merging campaign shards (or any runs of one campaign) into one directory: one log.jsonl, one
// line per program index, with its summary.json, summary.md and errors.svg. Each input must hold
// a log.jsonl and a campaign.json (campaign_parameters.hpp): shards of different campaigns, of
// different partitions (0/2 with 1/3), or the same shard twice are refused (a SourceError
// naming the directory). The merged campaign.json records the shards it holds, so that a later
// merge into the same directory can add the rest; what is still missing is said.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "campaigns/campaign_parameters.hpp"
#include "oracle/campaign_log.hpp"

namespace chad {

// The parameters of the shards in `inputs`, checked to be disjoint shards of one campaign;
// `out`'s own (from an earlier merge) must be of that campaign too, and are included.
CampaignParameters merged_parameters(const std::vector<std::string>& inputs, const std::string& out);

struct MergeResult {
  CampaignParameters parameters;      // the merged campaign's
  std::vector<nlohmann::json> lines;  // the merged log's, sorted by index
  CampaignSummary summary;
  // "shard 2/4", "3 of the 10 programs of shards 0,1/2": what a whole campaign would have more.
  std::vector<std::string> missing;
};

MergeResult merge_campaigns(const std::vector<std::string>& inputs, const std::string& out);

}  // namespace chad

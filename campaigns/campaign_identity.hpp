// The campaign a worker's log belongs to: the first line of every `worker-K.jsonl` is
// {"campaign_identity": <campaign.json's object>} (seed, count, features, implementation, ...,
// and the shards). A resume reads a worker log only when its identity is the directory's, so a
// worker log copied from another campaign (even one with the same count and shards) is refused
// with an error located at its first line. log.jsonl's lines are unchanged: the merged log is
// written by the campaign whose campaign.json stands beside it.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaigns/campaign_parameters.hpp"

namespace chad {

// The line a worker log starts with.
nlohmann::json campaign_identity_line(const CampaignParameters& parameters);

// The log lines of worker log `path` after its identity line, once that line is found to be
// `parameters`' (a SourceError at PATH:1:1 otherwise: no identity, or another campaign's, with
// the fields that differ). An empty or missing file has no lines.
std::vector<nlohmann::json> read_worker_log(const std::string& path, const CampaignParameters& parameters);

}  // namespace chad

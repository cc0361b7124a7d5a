// The identity of a campaign's merged log. log.jsonl's lines carry none (they stay as they are:
// a campaign's log is byte-identical from one version to the next), so `log.identity.json`
// beside it says which campaign wrote it (campaign.json's "campaign" object) and the content it
// wrote: {"campaign": ..., "log_digests": [{"bytes": N, "crc32": "xxxxxxxx"}, ...]}. A resume
// reads log.jsonl only when that file names this campaign and log.jsonl's content is one it
// records, so a log.jsonl copied beside another campaign's campaign.json is refused at
// log.jsonl:1:1 (exit 3), before anything runs. The digests are recorded before log.jsonl is
// replaced, the new one with the one it replaces, so that a kill between the two writes leaves
// a log that is still accepted.
#pragma once
#include <string>

#include "campaigns/campaign_parameters.hpp"

namespace chad {

// Records, beside the log `log_path` (DIR/log.jsonl), that `parameters`' campaign writes
// `new_text` there next (keeping the digest of the content there now, which was accepted).
void record_log_identity(const std::string& log_path, const CampaignParameters& parameters,
                         const std::string& new_text);

// A SourceError at LOG:1:1 unless the log `log_path` (present and not empty) is one that
// `parameters`' campaign wrote (its sidecar missing, another campaign's, or another content).
void check_log_identity(const std::string& log_path, const CampaignParameters& parameters);

}  // namespace chad

// `campaign --order 2` and `verify --order 2`: CHAD differentiated twice judged against the
// certified Hessian (oracle/order2_check.hpp), in this process.
#pragma once
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

// Programs 0 .. count-1 of the campaign at order 2; with `out`, one JSON line per program in
// out/log.jsonl. Prints the verdict counts, the share judged and the throughput (and, unless
// quiet, each failing program). Returns the exit code (1 when a check failed).
int run_order2_campaign(const CampaignOptions& options, const std::string& out, bool quiet, bool json);

// The program FILE at its point(s) (`at`: a value, or the file's `-- at:` line) at order 2.
int verify_order2(const std::string& file, const std::string& at, const CampaignOptions& options, bool json);

}  // namespace chad

// A campaign's failing program shrunk and reported: the report stage of `campaign --out`
// (campaigns/campaign_run.hpp runs it in a child process for each of the first failures).
#pragma once
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "oracle/campaign.hpp"

namespace chad {

// Shrinks program `index` of the campaign `options` (its fault injected under the name
// `mutant`) and writes its counterexample report to `dir`; returns a line saying so: "program
// INDEX: shrunk from N to M term nodes (C candidates); report in DIR/". A program that does not
// fail when checked again (a flaky timeout) is reported unshrunk as "did not reproduce on replay",
// with what the campaign logged (`logged`: its log line); a shrunk program that does not fail
// again when checked for the report gives way to the original.
std::string report_campaign_failure(const CampaignOptions& options, const std::string& mutant, std::size_t index,
                                    const std::string& dir, const nlohmann::json& logged);

}  // namespace chad

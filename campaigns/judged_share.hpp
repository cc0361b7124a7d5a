// How much of a campaign was judged: a tool behind an adapter may decline programs
// (`unsupported`), and a campaign that judged little of what it could judge proves little. A
// program is judgeable unless it is a `skip` (no derivative to compare there); it is judged
// unless the tool declined it. With an adapter, a campaign that judged less than its minimum
// share of the judgeable programs, or none at all, fails (exit 1) with a line saying so, and the
// reasons of the declines are tallied.
#pragma once
#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "oracle/campaign.hpp"

namespace chad {

constexpr double kDefaultMinJudgedShare = 0.9;

struct JudgedShare {
  std::size_t programs = 0, judgeable = 0, judged = 0;
  double share() const { return judgeable ? double(judged) / double(judgeable) : 0.0; }
};

JudgedShare judged_share(const CampaignSummary& summary);

// "" when enough was judged (at least `min_share` of the judgeable programs, and at least one when
// the campaign checked any program); else the line that says how little was judged.
std::string too_little_judged(const JudgedShare& share, double min_share);

// The declined checks of a campaign's log lines, counted by the tool's reason (the check's detail).
std::map<std::string, std::size_t> unsupported_reasons(const std::vector<nlohmann::json>& lines);

}  // namespace chad

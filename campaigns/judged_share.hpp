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

#include "adapter_client/adapter_protocol.hpp"
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

// The judged outside tool in a campaign's summary, named as it names itself (tool, version, mode,
// declared fragment) with how much of the campaign it was judged on.
struct JudgedTool {
  nlohmann::json tool;    // {"name", "version", "precision", "adapter", "restarts", "mode", "declared"}
  nlohmann::json judged;  // {"judgeable", "judged", "min_share", "too_little", "unsupported_reasons"}
  std::string markdown;   // the same for summary.md: a "## The tool judged" section
};
JudgedTool judged_tool(const AdapterHello& hello, const std::string& adapter_command, int restarts,
                       const JudgedShare& share, double min_share, const std::string& too_little,
                       const std::vector<nlohmann::json>& lines);

// The lines a command prints about the judged tool: `header_text` before the verdicts ("judged:
// TOOL VERSION, mode M (PRECISION) behind the adapter `CMD`" and its declared fragment),
// `share_text` after them ("judged N of M judgeable programs", the declines by reason, and the
// too-little line when there is one). `campaign` and `merge` print the same.
std::string judged_tool_header_text(const AdapterHello& hello, const std::string& adapter_command);
std::string judged_share_text(const JudgedShare& share, const std::vector<nlohmann::json>& lines,
                              const std::string& too_little);

// The adapter restarts the campaign directories `dirs` recorded in their summary.json (0 where none).
int recorded_restarts(const std::vector<std::string>& dirs);

// Adds the tool to the summary files of the campaign directory `dir`: "tool" and "judged" to
// summary.json, its section to summary.md (after the verdicts' table). Written durably.
void add_judged_tool_to_summary(const std::string& dir, const JudgedTool& tool);

}  // namespace chad

// The files of a campaign: an append-only JSONL log with one line per checked program (its
// index, seed, program text, input, verdict and per-check verdicts, the features it uses and those
// live in it; no timings, so the same seed and arguments give the same bytes), the summary made from a
// log (`summary.json`, `summary.md`; `errors.svg` is campaigns/error_histogram.hpp's). Reading a
// log ignores a last line cut off by a kill, and stops with a located error at a damaged line
// elsewhere.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "oracle/campaign.hpp"

namespace chad {

nlohmann::json outcome_json(const ProgramOutcome& outcome);
// The line of a program whose check did not complete (verdict `crash`): `detail` says why
// (the signal the worker died of, or the error that escaped the checks); `signal` is kept as a
// number when non-zero; `replay` is the command that checks the program alone. `generated` may
// be empty (the worker died before its program was known).
nlohmann::json crash_json(std::size_t index, std::uint64_t seed, const GeneratedCase& generated,
                          const std::string& detail, int signal, const std::string& replay);

// The lines of a JSONL log file (none if it does not exist), without a trailing partial line
// (one without its newline). A complete line that is not a log line is a SourceError located at
// the file and line. Lines before `first_line` are skipped (a worker log's identity line).
std::vector<nlohmann::json> read_log(const std::string& path, int first_line = 1);

// Counts verdicts and coverage over log lines (programs = number of lines).
CampaignSummary summarize(const std::vector<nlohmann::json>& lines);

// informative_checks / checks (0 when there are no checks).
double informative_share(const CampaignSummary& summary);

// {"programs", "verdicts": {"pass", "fail", "fail-numeric", "skip", "fault", "crash"}, "screen_cleared",
//  "cross_check": {"checked", "disagreements", "cannot_certify"},
//  "coverage": {...}, "informative": {"checks", "informative", "share"}, "shapes": {name:
//  programs}, "live_coverage": {rule: programs, every rule}, "live_coverage_share":
//  {rule: programs / all programs}, "seconds": {...}, "failures": [{"index", "seed", "verdict"}...]}
nlohmann::json summary_json(const CampaignSummary& summary, const std::vector<nlohmann::json>& lines);
// summary.md: the tables above and the failures (oracle/failure_classes.hpp: by class, checks named
// by `tool` for an outside tool's, linked to the reports the campaign directory `dir` holds).
std::string summary_markdown(const CampaignSummary& summary, const std::vector<nlohmann::json>& lines,
                             const std::string& tool = "", const std::string& dir = "");

}  // namespace chad

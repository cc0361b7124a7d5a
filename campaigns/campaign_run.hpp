// A campaign run in its directory (--out, or a temporary one): campaign.json recorded, or
// checked to be this campaign's (a resume must use the same arguments); the programs already
// logged skipped; the workers run (worker_pool.hpp); their logs merged into log.jsonl; a run
// without --time checked complete; summary.json, summary.md and errors.svg written; the first
// failures (not crashes) shrunk and reported, each in a child process (shrinking runs the
// faulty AD on many more programs, which may crash).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "campaigns/campaign_options_text.hpp"
#include "campaigns/shard.hpp"
#include "oracle/campaign_log.hpp"

namespace chad {

constexpr double kDefaultProgramSeconds = 600;

struct CampaignRun {
  CampaignOptionsText text;  // as given: campaign.json and the replay commands
  CampaignOptions options;   // campaign_options_from_text(text)
  ShardChoice shard;
  std::string out;    // the directory; empty: a temporary one
  double time = 0;    // stop after this many seconds (0: no limit; with count 0: only the time)
  int jobs = 1;       // worker processes
  int reports = 5;    // with `out`: at most this many failures shrunk and reported
  bool progress = true;  // a progress line on a terminal (stderr)
  // Shrinks failing program `index` (`logged`: its log line) and writes its report to `dir`;
  // returns a line saying so (reports/campaign_failure_report.hpp). Run in a child process.
  std::function<std::string(std::size_t index, const std::string& dir, const nlohmann::json& logged)> report_failure;
  // The watchdog (worker_pool.hpp): seconds one program's check may take before its worker is
  // killed and the program logged as `crash` (0: no limit).
  double program_seconds = kDefaultProgramSeconds;
};

struct CampaignRunResult {
  std::vector<nlohmann::json> lines;  // log.jsonl's, sorted by index
  CampaignSummary summary;            // with the seconds per stage and "wall"
  std::vector<std::string> reported;  // one line per failure report (or why there is none)
  std::size_t checked_now = 0;         // programs this run checked (the rest were resumed from the log)
};

// Throws SourceError when the directory cannot be written, is busy, or holds another campaign;
// InternalError when a worker failed or the log is not this campaign's whole run.
CampaignRunResult run_campaign_directory(const CampaignRun& run);

}  // namespace chad

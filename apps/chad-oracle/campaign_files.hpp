// The files of a `campaign` run in its --out directory (or a temporary one): one append-only
// JSONL log per worker process while it runs, merged into `log.jsonl` (sorted by program
// index) at the end; the indices already in the logs (a re-run resumes after them); a progress
// line on a terminal; `summary.json` and `summary.md`. `merge` reuses it to combine shards.
#pragma once
#include <atomic>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/campaign.hpp"

namespace chad {

class CampaignFiles {
 public:
  // `out` empty: a temporary directory, removed when this object is.
  explicit CampaignFiles(const std::string& out);
  ~CampaignFiles();

  std::set<std::size_t> done_indices() const;
  std::ofstream open_worker_log(int worker) const;
  // Until stop_progress(): every quarter second, the number of programs checked so far, on
  // stderr when it is a terminal.
  void show_progress(int workers, std::size_t limit, std::size_t shards);
  void stop_progress() { stop_ = true; }
  // Every log line so far, one per index, sorted; rewrites log.jsonl with them.
  std::vector<nlohmann::json> merge_logs() const;
  // A worker's time per stage, handed to the parent through a file (then removed).
  void write_worker_seconds(int worker, const std::map<std::string, double>& seconds) const;
  std::map<std::string, double> collect_worker_seconds(int workers) const;
  void write_summary(const CampaignSummary& summary, const std::vector<nlohmann::json>& lines) const;

 private:
  std::vector<std::string> log_files() const;
  std::string dir_;
  bool temporary_ = false;
  std::atomic<bool> stop_{false};
};

}  // namespace chad

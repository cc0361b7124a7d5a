// The files of a `campaign` run in its --out directory (or a temporary one): one append-only
// JSONL log per worker process while it runs, merged into `log.jsonl` (sorted by program
// index) at the end; the indices already in the logs (a re-run resumes after them); a progress
// line on a terminal; `summary.json` and `summary.md`. `merge` reuses it to combine shards.
#pragma once
#include <chrono>
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
  // Appends a line to a worker's log while no worker process writes it (the parent, after the
  // worker died), first cutting off a partial last line the worker may have left.
  void append_to_worker_log(int worker, const nlohmann::json& line) const;
  // The number of programs the workers' logs hold so far, redrawn on stderr when it is a
  // terminal, at most every quarter second (call it often; no thread does it, so that a worker
  // process stays single-threaded: see syntax/deep_stack.hpp). clear_progress() erases it.
  void update_progress(int workers, std::size_t limit, std::size_t shards);
  void clear_progress();
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
  // The progress line's state: when it started and was last drawn, how far each log was read.
  struct Progress {
    bool terminal = false, started = false, drawn = false;
    std::chrono::steady_clock::time_point start, last;
    std::map<std::string, std::pair<std::uintmax_t, std::size_t>> seen;  // file -> (offset, lines)
  } progress_;
};

}  // namespace chad

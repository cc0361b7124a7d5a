// The files of a `campaign` run in its --out directory (or a temporary one): one append-only
// JSONL log per worker process while it runs, merged into `log.jsonl` (sorted by program
// index) at the end; the indices already in the logs (a re-run resumes after them); a progress
// line on a terminal; `summary.json` and `summary.md`. `merge` reuses it to combine shards.
// Every write is checked (durable_files.hpp): a full disk or an I/O error is an error (exit 3)
// that keeps the logs so far; the directory is locked while this object lives.
#pragma once
#include <chrono>
#include <functional>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "campaigns/campaign_parameters.hpp"
#include "campaigns/durable_files.hpp"
#include "oracle/campaign.hpp"

namespace chad {

class CampaignFiles {
 public:
  // `out` empty: a temporary directory, removed when this object is. Creates and locks the
  // directory (a StorageError when it cannot be written, a SourceError when another campaign
  // holds it), so that a read-only or busy --out fails at once.
  explicit CampaignFiles(const std::string& out);
  ~CampaignFiles();

  const std::string& dir() const { return dir_; }
  // The campaign this directory holds (campaign.json's): every worker log starts with its identity
  // line (campaign_identity.hpp), and one with another identity or none is refused when read.
  // Set it before reading or writing any worker log.
  void set_identity(const CampaignParameters& parameters) { identity_ = parameters; }
  // The indices already logged, after repairing the workers' logs: a last line without its
  // newline is cut off (its program runs again); a damaged complete line is an error naming
  // the file and line.
  // A line whose program `belongs` rejects (another campaign's, another shard's) is an error
  // naming the file and the program (a SourceError: the directory's content is the user's).
  std::set<std::size_t> done_indices(const std::function<bool(std::size_t)>& belongs) const;
  // Whether the directory holds a log (log.jsonl or a worker's).
  bool holds_logs() const { return !log_files().empty(); }
  std::unique_ptr<AppendFile> open_worker_log(int worker) const;
  // Appends a line to a worker's log while no worker process writes it (the parent, after the
  // worker died), first cutting off a partial last line the worker may have left.
  void append_to_worker_log(int worker, const nlohmann::json& line) const;
  // The number of programs the workers' logs hold so far, redrawn on stderr when it is a
  // terminal, at most every quarter second (call it often; no thread does it, so that a worker
  // process stays single-threaded: see syntax/deep_stack.hpp). clear_progress() erases it.
  void update_progress(int workers, std::size_t limit, std::size_t shards);
  void clear_progress();
  // Every log line so far, one per index, sorted; rewrites log.jsonl with them (durably: a
  // temporary file, fsync'ed and renamed), then removes the workers' logs. log.jsonl is read
  // only when log.identity.json beside it names this campaign and its content
  // (campaigns/log_identity.hpp), which is recorded there before log.jsonl is rewritten.
  std::vector<nlohmann::json> merge_logs() const;
  // A worker's time per stage, handed to the parent through a file (then removed).
  void write_worker_seconds(int worker, const std::map<std::string, double>& seconds) const;
  std::map<std::string, double> collect_worker_seconds(int workers) const;
  // `tool`: an outside tool's name, for its checks in the failure classes ("" for CHAD's).
  void write_summary(const CampaignSummary& summary, const std::vector<nlohmann::json>& lines,
                     const std::string& tool = "") const;

 private:
  std::vector<std::string> log_files() const;
  // The log lines of log.jsonl, or of a worker log after its identity is checked.
  std::vector<nlohmann::json> read_lines(const std::string& file) const;
  std::string worker_log(int worker) const;
  std::string dir_;
  std::optional<CampaignParameters> identity_;
  bool temporary_ = false;
  std::unique_ptr<DirectoryLock> lock_;
  // The progress line's state: when it started and was last drawn, how far each log was read.
  struct Progress {
    bool terminal = false, started = false, drawn = false;
    std::chrono::steady_clock::time_point start, last;
    std::map<std::string, std::pair<std::uintmax_t, std::size_t>> seen;  // file -> (offset, lines)
  } progress_;
};

}  // namespace chad

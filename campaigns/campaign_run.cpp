#include "campaigns/campaign_run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "campaigns/campaign_files.hpp"
#include "campaigns/campaign_parameters.hpp"
#include "campaigns/child_process.hpp"
#include "campaigns/worker_pool.hpp"
#include "adapter_client/adapter_client.hpp"

namespace chad {
namespace {

// Whether program `index` is one of this campaign's: in its shard, and below its count (0: no count).
bool in_campaign(std::size_t index, const ShardChoice& shard, std::size_t count) {
  return in_shard(index, shard.index, shard.count) && (count == 0 || index < count);
}

// A campaign never ends well with fewer programs than asked for, nor with one not asked for.
void check_complete(const std::vector<nlohmann::json>& lines, const CampaignParameters& parameters,
                    const ShardChoice& shard, const std::string& dir) {
  const std::size_t count = parameters.campaign["count"];
  for (const auto& line : lines) {
    const std::size_t index = line["index"];
    if (!in_campaign(index, shard, count))
      throw InternalError("the log in " + dir + " holds program " + std::to_string(index) +
                          ", which is not part of this campaign");
  }
  const std::optional<std::size_t> expected = parameters.expected_programs();
  if (expected && lines.size() != *expected)
    throw InternalError("the log in " + dir + " holds " + std::to_string(lines.size()) + " programs, not the " +
                        std::to_string(*expected) + " asked for; run the same command again to resume");
}

// The first `run.reports` failures (not crashes: their programs kill the AD), each shrunk and
// reported in a child process.
std::vector<std::string> report_failures(const CampaignRun& run, const std::vector<nlohmann::json>& lines) {
  std::vector<std::string> reported;
  if (run.out.empty() || !run.report_failure) return reported;
  for (const auto& line : lines)
    if (is_failure(line["verdict"].get<std::string>()) && line["verdict"] != "crash" &&
        int(reported.size()) < run.reports) {
      const std::size_t index = line["index"];
      const std::string dir = (std::filesystem::path(run.out) / "failures" / std::to_string(index)).string();
      ChildOutcome report = run_in_child([&] { return run.report_failure(index, dir, line); });
      reported.push_back(report.completed ? report.output
                                          : "program " + std::to_string(index) + ": no report, shrinking it " +
                                                report.failure);
    }
  return reported;
}

}  // namespace

CampaignRunResult run_campaign_directory(const CampaignRun& run) {
  CampaignFiles files(run.out);
  const CampaignParameters parameters = campaign_parameters_of(run.text, run.options, run.shard);
  if (!read_campaign_parameters(files.dir()) && files.holds_logs())  // whose logs? never adopted
    throw SourceError(Loc{intern_file_name(files.dir()), 0, 0},
                      "holds campaign logs but no campaign.json, so it cannot tell which campaign they belong to; "
                      "use another --out (or remove the logs)");
  record_or_check_campaign(files.dir(), parameters);
  files.set_identity(parameters);
  const bool timed = run.time > 0;
  WorkerPool pool{run.options, WorkerPlan{}, std::chrono::steady_clock::time_point::max(), {}, {}};
  pool.plan.shard = run.shard.index;
  pool.plan.shards = run.shard.count;
  // This shard's indices: shard, shard + shards, ...; with --time, as many as time allows.
  pool.plan.limit = timed && run.text.count == 0 ? std::size_t(-1) : run.text.count;
  pool.plan.jobs = std::max(1, run.jobs);
  pool.program_seconds = run.program_seconds;
  pool.plan.done =
      files.done_indices([&](std::size_t index) { return in_campaign(index, run.shard, run.text.count); });
  if (timed)
    pool.deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(run.time));
  pool.replay_command = [&](std::size_t index) { return campaign_replay_command(run.text, run.options, index); };
  pool.on_poll = [&] {
    if (run.progress) files.update_progress(pool.plan.jobs, pool.plan.limit, pool.plan.shards);
  };
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, double> seconds = run_workers(pool, files);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CampaignRunResult result;
  result.lines = files.merge_logs();
  if (!timed) check_complete(result.lines, parameters, run.shard, files.dir());
  result.summary = summarize(result.lines);
  result.summary.seconds = seconds;
  result.summary.seconds["wall"] = wall;
  result.checked_now = result.lines.size() - std::min(result.lines.size(), pool.plan.done.size());
  result.reported = report_failures(run, result.lines);  // (first: summary.md links the reports)
  files.write_summary(result.summary, result.lines,
                      run.options.adapter ? run.options.adapter->hello().name() : std::string());
  return result;
}

}  // namespace chad

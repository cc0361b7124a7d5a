#include "campaigns/worker_pool.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <vector>
#include <thread>

#include "campaigns/child_process.hpp"
#include "campaigns/command_line_location.hpp"
#include "campaigns/compiled_prefetch.hpp"
#include "oracle/compiled_check.hpp"
#include "campaigns/worker_markers.hpp"
#include "adapter_client/adapter_client.hpp"
#include "oracle/campaign_log.hpp"

namespace chad {
namespace {

struct TestCrash {
  std::size_t index;
  int signal;
};

// CHAD_ORACLE_TEST_CRASH_AT=INDEX or INDEX:SIGNAL (worker_pool.hpp); nothing else reads it.
std::optional<TestCrash> test_crash_hook() {
  const char* text = std::getenv("CHAD_ORACLE_TEST_CRASH_AT");
  if (!text || !*text) return std::nullopt;
  TestCrash crash{0, SIGSEGV};
  char* end = nullptr;
  crash.index = std::strtoull(text, &end, 10);
  if (*end == ':') crash.signal = int(std::strtol(end + 1, &end, 10));
  if (end == text || *end != '\0' || crash.signal <= 0 || crash.signal >= NSIG)
    throw SourceError(command_line_loc(), std::string("CHAD_ORACLE_TEST_CRASH_AT: expected INDEX or INDEX:SIGNAL, found `") +
                                              text + "`");
  return crash;
}

// Ends the remaining workers (SIGKILL) and waits for them.
void stop_workers(std::map<pid_t, int>& children) {
  for (const auto& [pid, worker] : children) kill(pid, SIGKILL);
  for (const auto& [pid, worker] : children)
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  children.clear();
}

// The watchdog's view of one worker: the program it was last seen on, since when, and whether
// the watchdog has killed it.
struct ProgramWatch {
  std::optional<std::size_t> index;
  std::chrono::steady_clock::time_point since = std::chrono::steady_clock::now();
  bool killed = false;
};

// Kills worker `k` (process `pid`) when it has been on one program longer than the pool allows
// (hung, stopped, or looping): its death is then reaped as a `crash` of that program.
void watch_program(const WorkerPool& pool, const WorkerMarkers& markers, int k, pid_t pid, ProgramWatch& watch) {
  if (pool.program_seconds <= 0 || watch.killed) return;
  const auto now = std::chrono::steady_clock::now();
  const std::optional<std::size_t> index = markers.current(k);
  if (index != watch.index) {
    watch.index = index;
    watch.since = now;
    return;
  }
  if (index && std::chrono::duration<double>(now - watch.since).count() > pool.program_seconds) {
    kill(pid, SIGKILL);  // (a stopped process dies of SIGKILL too)
    watch.killed = true;
  }
}

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

// What one worker process does: check its programs from `first` on, one log line each.
void work(const WorkerPool& pool, const CampaignFiles& files, WorkerMarkers& markers,
          const std::optional<TestCrash>& test_crash, int worker, std::size_t first,
          std::map<std::string, double>* stage_seconds) {
  const CampaignOptions& options = pool.options;
  const WorkerPlan& plan = pool.plan;
  std::unique_ptr<AppendFile> log = files.open_worker_log(worker);
  std::size_t position = 0;
  for (std::size_t index = plan.shard; index < plan.limit; index += plan.shards, ++position) {
    if (std::chrono::steady_clock::now() > pool.deadline) break;
    if (!plan.assigned(worker, position, index, first)) continue;
    prefetch_compiled_batch(options, plan, worker, index, position, stage_seconds);
    markers.begin(worker, index);
    nlohmann::json line;
    try {
      const GeneratedCase generated = generate_program_at(options, index, stage_seconds);
      markers.generated(worker, generated);
      if (test_crash && test_crash->index == index) raise(test_crash->signal);
      ProgramOutcome o = check_case_prefetched(options, generated, stage_seconds);  // (parsed once)
      o.index = index;
      o.seed = program_seed(options.seed, index);
      line = outcome_json(o);
    } catch (const AdapterStartError&) {  // the tool cannot be restarted: no program can be judged
      throw;
    } catch (const std::exception& e) {  // an error of the oracle itself: this program only
      line = crash_json(index, program_seed(options.seed, index), markers.current_case(worker),
                        std::string("an error escaped the checks: ") + e.what(), 0, pool.replay_command(index));
    }
    log->append_line(line.dump());
    markers.end(worker);
  }
}

}  // namespace

std::map<std::string, double> run_workers(const WorkerPool& pool, CampaignFiles& files) {
  const int jobs = pool.plan.jobs;
  WorkerMarkers markers(jobs);
  const std::optional<TestCrash> test_crash = test_crash_hook();
  auto start_worker = [&](int k, std::size_t first) {
    std::cout.flush();
    const pid_t pid = fork();
    if (pid < 0) throw InternalError("cannot start a campaign worker");
    if (pid == 0) {
      prepare_child_process();
      int code = 0;
      try {
        std::map<std::string, double> worker_seconds;
        work(pool, files, markers, test_crash, k, first, &worker_seconds);
        files.write_worker_seconds(k, worker_seconds);
      } catch (const SourceError& e) {  // its log cannot be written (a full disk, an I/O error)
        std::cerr << "worker " << k << ": " << e.what() << "\n";
        code = kChildStorageFailed;
      } catch (const AdapterStartError& e) {  // the adapter died and failed its handshake on restart
        std::cerr << "worker " << k << ": " << e.what() << "\n";
        code = kChildToolFailed;
      } catch (const std::exception& e) {
        std::cerr << "worker " << k << ": " << e.what() << "\n";
        code = kChildFailed;
      }
      _exit(code);
    }
    return pid;
  };
  std::map<pid_t, int> children;  // worker process -> worker number
  for (int k = 0; k < jobs; ++k) children[start_worker(k, 0)] = k;
  std::vector<ProgramWatch> watches(std::size_t(jobs), ProgramWatch{});
  int failed_workers = 0;
  while (!children.empty()) {  // poll the workers, calling on_poll in between
    for (auto it = children.begin(); it != children.end();) {
      int status = 0;
      const pid_t reaped = waitpid(it->first, &status, WNOHANG);
      if (reaped == 0 || (reaped < 0 && errno == EINTR)) {  // still running
        watch_program(pool, markers, it->second, it->first, watches[std::size_t(it->second)]);
        ++it;
        continue;
      }
      const int k = it->second;
      it = children.erase(it);
      if (reaped > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
      if (reaped > 0 && WIFEXITED(status) && WEXITSTATUS(status) == kChildStorageFailed) {
        stop_workers(children);  // their logs stay as they are, for a resume
        throw SourceError(Loc{intern_file_name(files.dir()), 0, 0},
                          "a campaign worker could not write its log (above); the programs checked so far are "
                          "kept in this directory: make room and run the same command again to resume");
      }
      if (reaped > 0 && WIFEXITED(status) && WEXITSTATUS(status) == kChildToolFailed) {
        stop_workers(children);  // their logs stay as they are, for a resume
        throw AdapterStartError(
            "the adapter could not be restarted after it failed (above), so no further program can be judged; "
            "the programs checked so far are kept in " + files.dir() +
            ": mend the tool and run the same command again to resume");
      }
      const std::optional<std::size_t> index = markers.current(k);
      if (reaped > 0 && watches[std::size_t(k)].killed && !index) {  // it finished that program just before
        const std::size_t next = *watches[std::size_t(k)].index + 1;
        watches[std::size_t(k)] = ProgramWatch{};
        children[start_worker(k, next)] = k;
        it = children.begin();
        continue;
      }
      if (reaped < 0 || !WIFSIGNALED(status) || !index) {  // not while checking a program
        ++failed_workers;
        continue;
      }
      const std::string signal = signal_description(WTERMSIG(status));
      const std::string detail =
          watches[std::size_t(k)].killed
              ? "the check of this program took longer than " + seconds_text(pool.program_seconds) +
                    " s (--program-timeout): the watchdog stopped its worker (" + signal + ")"
              : "the worker died of " + signal + " while checking this program";
      watches[std::size_t(k)] = ProgramWatch{};
      try {
        files.append_to_worker_log(
            k, crash_json(*index, program_seed(pool.options.seed, *index), markers.current_case(k), detail,
                          WTERMSIG(status), pool.replay_command(*index)));
      } catch (const SourceError&) {
        stop_workers(children);
        throw;
      }
      markers.end(k);
      children[start_worker(k, *index + 1)] = k;  // the campaign goes on after it
      it = children.begin();
    }
    if (pool.on_poll) pool.on_poll();
    if (!children.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(jobs == 1 ? 5 : 50));
  }
  files.clear_progress();
  if (failed_workers) throw InternalError(std::to_string(failed_workers) + " campaign worker(s) failed");
  return files.collect_worker_seconds(jobs);  // summed over the workers
}

}  // namespace chad

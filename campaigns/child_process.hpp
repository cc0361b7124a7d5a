// Running part of a command in a forked child process, so that the command survives a crash
// of the code under test there (a signal: SIGSEGV, SIGABRT, ...): the campaign's workers and its
// report stage (shrinking re-runs the faulty AD many times). Used by the worker pool
// (campaigns/worker_pool.hpp) and the campaign's report stage.
#pragma once
#include <functional>
#include <string>

namespace chad {

// A child process's exit status: 0 when its work was done; kChildStorageFailed when its files
// could not be written (a full disk: the caller keeps what is there, for a resume);
// kChildFailed for any other error. (The same numbers as the tool's exit codes 3 and 4.)
constexpr int kChildStorageFailed = 3;
constexpr int kChildFailed = 4;
constexpr int kChildToolFailed = 5;  // the adapter could not be restarted (its handshake failed)

// "signal 11 (Segmentation fault)"
std::string signal_description(int signal);

// In a just-forked child: dies with its parent (a killed campaign takes its children with it)
// and writes no core file when it crashes.
void prepare_child_process();

struct ChildOutcome {
  bool completed = false;  // the work returned; `output` is what it returned
  std::string output;
  std::string failure;     // otherwise: the signal it died of, or the error it threw
};

// Runs `work` in a child process and hands back the string it returns.
ChildOutcome run_in_child(const std::function<std::string()>& work);

}  // namespace chad

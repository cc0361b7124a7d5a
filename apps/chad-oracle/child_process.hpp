// Running part of a command in a forked child process, so that the command survives a crash
// of the code under test there (a signal: SIGSEGV, SIGABRT, ...): the campaign's workers and its
// report stage (shrinking re-runs the faulty AD many times).
#pragma once
#include <functional>
#include <string>

namespace chad {

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

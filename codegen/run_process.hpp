// Running an outside program (the system compiler) as a child process with posix_spawnp, its
// standard output and standard error captured together. No shell: arguments pass as they are.
#pragma once
#include <string>
#include <vector>

namespace chad {

struct ProcessResult {
  bool started = false;  // false: the program could not be run (`output` says why)
  int exit_code = -1;    // when it exited normally
  int signal = 0;        // when a signal ended it
  std::string output;    // stdout and stderr, interleaved as written
  bool succeeded() const { return started && signal == 0 && exit_code == 0; }
  std::string status_text() const;  // "exit code 1", "signal 9 (Killed)", "could not start: ..."
};

ProcessResult run_process(const std::vector<std::string>& argv);

}  // namespace chad

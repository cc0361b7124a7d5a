#include "campaigns/child_process.hpp"

#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>
#include <iostream>


namespace chad {

std::string signal_description(int signal) {
  const char* name = strsignal(signal);
  return "signal " + std::to_string(signal) + (name ? std::string(" (") + name + ")" : std::string());
}

void prepare_child_process() {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) _exit(kChildFailed);  // the parent is already gone
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
}

namespace {

void write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += std::size_t(n);
  }
}

}  // namespace

ChildOutcome run_in_child(const std::function<std::string()>& work) {
  ChildOutcome outcome;
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("cannot make a pipe");
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot start a child process");
  if (pid == 0) {
    close(fds[0]);
    prepare_child_process();
    int code = 0;
    try {
      write_all(fds[1], work());
    } catch (const std::exception& e) {
      write_all(fds[1], e.what());
      code = kChildFailed;
    }
    close(fds[1]);
    _exit(code);
  }
  close(fds[1]);
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, std::size_t(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    outcome.completed = true;
    outcome.output = std::move(text);
  } else if (WIFSIGNALED(status)) {
    outcome.failure = "died of " + signal_description(WTERMSIG(status));
  } else {
    outcome.failure = text.empty() ? "exited with status " + std::to_string(WEXITSTATUS(status)) : text;
  }
  return outcome;
}

}  // namespace chad

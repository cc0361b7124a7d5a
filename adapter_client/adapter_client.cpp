#include "adapter_client/adapter_client.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace chad {
namespace {

constexpr std::size_t kStderrLines = 12;

// At most this much of a line the adapter has not ended yet is kept (stdout: an answer can be
// long, a Jacobian of a million inputs is about 25 MB; stderr: only the tail is shown).
constexpr std::size_t kMaxAnswerLine = std::size_t(256) << 20;
constexpr std::size_t kMaxStderrPartialLine = 4096;

// Writes `text` to a blocking pipe (used only where nothing can be waited for: `bye` before a kill).
bool write_all(int fd, const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      pollfd p{fd, POLLOUT, 0};
      if (poll(&p, 1, 1000) <= 0) return false;  // a second, then it counts as closed
      continue;
    }
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

// The supervisor between the oracle and the adapter's shell: in the adapter's process group, told
// by the kernel when the oracle dies (PR_SET_PDEATHSIG, also when it is killed with SIGKILL), and
// then kills the whole group, so that no process the adapter started outlives the oracle.
void kill_own_group(int) { kill(0, SIGKILL); }

[[noreturn]] void supervise_adapter(const std::string& command) {
  const pid_t tool = fork();
  if (tool < 0) _exit(127);
  if (tool == 0) {
    signal(SIGTERM, SIG_DFL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  // The supervisor holds no end of the adapter's pipes, so that the oracle sees the tool's end.
  const int null = open("/dev/null", O_RDWR);
  dup2(null, 0), dup2(null, 1), dup2(null, 2);
  int status = 0;
  while (waitpid(tool, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    kill(getpid(), WTERMSIG(status));  // end as the tool ended, for the oracle's message
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("died of signal ") + std::to_string(WTERMSIG(status)) + " (" +
                                  strsignal(WTERMSIG(status)) + ")";
  return "stopped";
}

}  // namespace

AdapterClient::AdapterClient(AdapterOptions options) : options_(std::move(options)) {}

AdapterClient::AdapterClient(AdapterOptions options, AdapterHello hello, InProcessAdapter answer)
    : options_(std::move(options)), hello_(std::move(hello)), in_process_(std::move(answer)) {}

AdapterClient::~AdapterClient() { stop(true); }

bool AdapterClient::running_here() const { return pid_ > 0 && owner_ == getpid(); }

void AdapterClient::start() {
  if (owner_ != getpid() && owner_ != -1) {  // inherited from the parent: not ours to talk to
    if (to_child_ >= 0) close(to_child_), close(from_child_), close(child_errors_);
    to_child_ = from_child_ = child_errors_ = -1;
    pid_ = -1;
    hello_.reset();
  }
  std::signal(SIGPIPE, SIG_IGN);  // a dead adapter's stdin: write fails with EPIPE instead
  int in[2], out[2], err[2];
  if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
    throw AdapterStartError(std::string("cannot make pipes for the adapter: ") + std::strerror(errno));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw AdapterStartError(std::string("cannot start the adapter: ") + std::strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    signal(SIGTERM, kill_own_group);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) kill_own_group(0);
    dup2(in[0], 0), dup2(out[1], 1), dup2(err[1], 2);
    supervise_adapter(options_.command);
  }
  setpgid(pid, pid);
  close(in[0]), close(out[1]), close(err[1]);
  // Our ends never block: a request is written with a deadline, as an answer is read.
  fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  owner_ = getpid();
  to_child_ = in[1], from_child_ = out[0], child_errors_ = err[0];
  out_buffer_.clear(), err_buffer_.clear(), err_lines_.clear();
  exit_status_ = -1;
  std::string problem;
  if (const WriteOutcome w = write_request(hello_request().dump() + "\n", options_.timeout_seconds);
      w != WriteOutcome::Written) {
    problem = w == WriteOutcome::TimedOut ? "it did not read its input within " +
                                                std::to_string(int(options_.timeout_seconds)) + " s (timed out)"
                                          : "it closed its input";
    std::string how;  // (collects its exit status if it has died: a shell that cannot run the command)
    if (w == WriteOutcome::Closed && !read_line(1, how) && !how.empty()) problem = how;
  }
  std::optional<std::string> line;
  if (problem.empty()) line = read_line(options_.timeout_seconds, problem);
  if (!line) {
    stop(false);
    const bool not_runnable =
        exit_status_ >= 0 && WIFEXITED(exit_status_) && (WEXITSTATUS(exit_status_) == 126 || WEXITSTATUS(exit_status_) == 127);
    throw AdapterStartError("the adapter `" + options_.command + "` gave no handshake: " + problem, not_runnable);
  }
  try {
    hello_ = read_hello(nlohmann::json::parse(*line));
  } catch (const nlohmann::json::exception&) {
    stop(false);
    throw AdapterStartError("the adapter `" + options_.command + "` answered the handshake with a line that is not JSON: " +
                            line->substr(0, 200));
  } catch (const ProtocolError& e) {
    stop(false);
    throw AdapterStartError("the adapter `" + options_.command + "`: " + e.what());
  }
}

const AdapterHello& AdapterClient::hello() {
  if (in_process_) return *hello_;
  if (!running_here()) start();
  return *hello_;
}

void AdapterClient::drain_stderr() {
  char buffer[4096];
  for (int reads = 0; reads < 256; ++reads) {  // at most 1 MiB a call: the caller's deadline goes on
    pollfd p{child_errors_, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0 || !(p.revents & (POLLIN | POLLHUP))) return;
    const ssize_t n = read(child_errors_, buffer, sizeof buffer);
    if (n <= 0) return;
    for (const char* c = buffer; c < buffer + n; ++c) {
      if (*c != '\n') {
        if (err_buffer_.size() < kMaxStderrPartialLine) err_buffer_ += *c;
        continue;
      }
      err_lines_.push_back(std::move(err_buffer_));
      err_buffer_.clear();
      if (err_lines_.size() > kStderrLines) err_lines_.pop_front();
    }
  }
}

std::string AdapterClient::stderr_tail() const {
  std::string s;
  for (const auto& l : err_lines_) s += "\n  | " + l;
  if (!err_buffer_.empty()) s += "\n  | " + err_buffer_;
  return s.empty() ? "" : "; its last stderr lines:" + s;
}

std::optional<std::string> AdapterClient::read_line(double seconds, std::string& problem) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  char buffer[65536];
  std::size_t searched = 0;  // out_buffer_[0, searched) holds no newline
  for (;;) {
    const std::size_t end = out_buffer_.find('\n', searched);
    if (end != std::string::npos) {
      std::string line = out_buffer_.substr(0, end);
      out_buffer_.erase(0, end + 1);
      searched = 0;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines are ignored
      return line;
    }
    searched = out_buffer_.size();
    if (out_buffer_.size() > kMaxAnswerLine) {
      drain_stderr();
      problem = "an answer line longer than " + std::to_string(kMaxAnswerLine >> 20) + " MiB" + stderr_tail();
      return std::nullopt;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      drain_stderr();
      problem = "no answer within " + std::to_string(int(seconds)) + " s (timed out)" + stderr_tail();
      return std::nullopt;
    }
    pollfd fds[2] = {{from_child_, POLLIN, 0}, {child_errors_, POLLIN, 0}};
    const int ready = poll(fds, 2, int(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) {
      problem = std::string("poll: ") + std::strerror(errno);
      return std::nullopt;
    }
    if (fds[1].revents & (POLLIN | POLLHUP)) drain_stderr();
    if (fds[0].revents & (POLLIN | POLLHUP)) {
      const ssize_t n = read(from_child_, buffer, sizeof buffer);
      if (n > 0) {
        out_buffer_.append(buffer, std::size_t(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      // End of its output: wait for the exit status (briefly) to say how it ended.
      int status = 0;
      pid_t done = 0;
      for (int k = 0; k < 50 && (done = waitpid(pid_, &status, WNOHANG)) == 0; ++k) usleep(10000);
      drain_stderr();
      problem = (done == pid_ ? "the adapter " + describe_status(status) : std::string("the adapter closed its output")) +
                stderr_tail();
      if (done == pid_) pid_ = -1, exit_status_ = status;
      return std::nullopt;
    }
  }
}

AdapterClient::WriteOutcome AdapterClient::write_request(const std::string& text, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  char buffer[65536];
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(to_child_, text.data() + done, text.size() - done);
    if (n > 0) {
      done += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) return WriteOutcome::Closed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return WriteOutcome::TimedOut;
    // Wait until the pipe has room, reading what the adapter writes meanwhile (an adapter that
    // writes before it reads must not deadlock us both).
    pollfd fds[3] = {{to_child_, POLLOUT, 0}, {from_child_, POLLIN, 0}, {child_errors_, POLLIN, 0}};
    if (poll(fds, 3, int(std::min<long long>(left, 1000))) < 0 && errno != EINTR) return WriteOutcome::Closed;
    if (fds[2].revents & (POLLIN | POLLHUP)) drain_stderr();
    if ((fds[1].revents & POLLIN) && out_buffer_.size() <= kMaxAnswerLine) {
      const ssize_t r = read(from_child_, buffer, sizeof buffer);
      if (r > 0) out_buffer_.append(buffer, std::size_t(r));
    }
    if (fds[0].revents & (POLLERR | POLLHUP)) return WriteOutcome::Closed;
  }
  return WriteOutcome::Written;
}

AdapterReply AdapterClient::exchange(nlohmann::json request, long& id) {
  if (in_process_) {
    id = next_id_++;
    request["id"] = id;
    AdapterReply reply;
    try {
      reply.answer = in_process_(request);
    } catch (const std::exception& e) {
      reply.status = AdapterReply::Status::Exited;
      reply.problem = std::string("the in-process adapter threw: ") + e.what();
    }
    return reply;
  }
  if (!running_here()) {
    if (hello_ && owner_ == getpid()) ++restarts_;
    start();
  }
  id = next_id_++;
  request["id"] = id;
  AdapterReply reply;
  if (const WriteOutcome w = write_request(request.dump() + "\n", options_.timeout_seconds); w != WriteOutcome::Written) {
    drain_stderr();
    if (w == WriteOutcome::TimedOut) {
      reply.status = AdapterReply::Status::TimedOut;
      reply.problem = "the adapter did not read its request within " + std::to_string(int(options_.timeout_seconds)) +
                      " s (timed out)" + stderr_tail();
    } else {
      std::string ignored;
      read_line(1, ignored);  // collects the exit status if it has died
      reply.status = AdapterReply::Status::Exited;
      reply.problem = "the adapter closed its input (it has exited)" + stderr_tail();
    }
    stop(false);
    return reply;
  }
  std::optional<std::string> line = read_line(options_.timeout_seconds, reply.problem);
  if (!line) {
    reply.status = reply.problem.find("timed out") != std::string::npos ? AdapterReply::Status::TimedOut
                                                                         : AdapterReply::Status::Exited;
    stop(false);
    return reply;
  }
  try {
    reply.answer = nlohmann::json::parse(*line);
  } catch (const nlohmann::json::exception&) {
    reply.status = AdapterReply::Status::NotJson;
    drain_stderr();
    reply.problem = "a line that is not JSON: " + line->substr(0, 200) + stderr_tail();
    stop(false);
  }
  return reply;
}

void AdapterClient::stop(bool polite) {
  if (in_process_) return;  // nothing to end
  if (owner_ != getpid()) {  // inherited: the parent's to end
    pid_ = -1;
    return;
  }
  if (polite && pid_ > 0) write_all(to_child_, "{\"kind\": \"bye\"}\n");
  if (to_child_ >= 0) close(to_child_);
  if (pid_ > 0) {
    int status = 0;
    bool ended = false;
    if (polite)
      for (int k = 0; k < 100 && !ended; ++k) {  // a second to finish
        ended = waitpid(pid_, &status, WNOHANG) == pid_;
        if (!ended) usleep(10000);
      }
    kill(-pid_, SIGKILL);  // the whole group: what the adapter left running too
    if (!ended) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
  }
  if (from_child_ >= 0) close(from_child_);
  if (child_errors_ >= 0) close(child_errors_);
  to_child_ = from_child_ = child_errors_ = -1;
  pid_ = -1;
}

std::string AdapterClient::say_bye(double seconds) {
  if (!running_here()) return "no adapter is running";
  std::string outcome = "it did not exit within " + std::to_string(int(seconds)) + " s of `bye`";
  if (!write_all(to_child_, "{\"kind\": \"bye\"}\n")) outcome = "it had closed its input before `bye`";
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (Clock::now() < deadline) {
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      outcome = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "" : "after `bye` it " + describe_status(status);
      break;
    }
    usleep(10000);
  }
  if (!outcome.empty()) drain_stderr(), outcome += stderr_tail();
  stop(false);
  return outcome;
}

AdapterExchange exchange_and_read(AdapterClient& client, const nlohmann::json& message, const AdapterRequest& request) {
  AdapterExchange out;
  long id = 0;
  AdapterReply reply = client.exchange(message, id);
  if (reply.status != AdapterReply::Status::Answered) {
    out.problem = reply.problem;
    out.timed_out = reply.status == AdapterReply::Status::TimedOut;
    return out;
  }
  try {
    out.answer = read_answer(reply.answer, id, request);
  } catch (const ProtocolError& e) {
    client.stop(false);
    out.problem = e.what();
    out.malformed = true;
  } catch (const nlohmann::json::exception& e) {  // (read_answer reads every field checked: a backstop)
    client.stop(false);
    out.problem = std::string("a malformed answer: ") + e.what();
    out.malformed = true;
  }
  return out;
}

std::string exchange_failure(const std::string& tool, const AdapterExchange& exchanged, const std::string& asked) {
  return tool + (exchanged.malformed ? " gave a malformed answer" : " gave no answer") +
         (asked.empty() ? "" : " to " + asked) + ": " + exchanged.problem;
}

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace chad

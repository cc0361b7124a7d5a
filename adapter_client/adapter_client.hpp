// An adapter process (docs/adapter-protocol.md) as the oracle drives it: started with
// `/bin/sh -c COMMAND` in its own process group on first use, the handshake read, then one
// request and one answer at a time. A timeout (writing a request or reading an answer), an exit,
// a signal or a line that is not JSON ends the process (killed, its group with it); the next
// request starts a new one, so that a campaign loses nothing but that one check. The group is
// killed too when the oracle dies, even by SIGKILL (a supervisor process in the group is told by
// the kernel). What the adapter writes to stderr is kept bounded (its last lines). A process that forks (a campaign's workers) starts
// its own adapter: an inherited one is never written to.
#pragma once
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/types.h>

#include "adapter_client/adapter_protocol.hpp"

namespace chad {

struct AdapterOptions {
  std::string command;            // run by /bin/sh -c
  double timeout_seconds = 30;    // per answer (and for the handshake)
};

// The adapter could not be started or its handshake failed: the campaign cannot go on.
// `not_runnable`: the shell could not run the command at all (exit status 126 or 127: not found,
// not executable), the user's input; otherwise the tool itself failed.
struct AdapterStartError : std::runtime_error {
  explicit AdapterStartError(const std::string& what, bool not_runnable = false)
      : std::runtime_error(what), not_runnable(not_runnable) {}
  bool not_runnable;
};

struct AdapterReply {
  enum class Status { Answered, TimedOut, Exited, NotJson };
  Status status = Status::Answered;
  nlohmann::json answer;  // Answered
  std::string problem;    // otherwise: what happened, with the adapter's last stderr lines
};

// An adapter inside this process (the C++ API, api/chad_oracle.hpp): answers a "differentiate"
// request's JSON (with its "id") as an adapter process would. An exception it throws is a fault
// of that one check (the answer is lost, as when a process dies).
using InProcessAdapter = std::function<nlohmann::json(const nlohmann::json& request)>;

class AdapterClient {
 public:
  explicit AdapterClient(AdapterOptions options);
  // In-process: no process, no pipe, no timeout; `hello` stands for the handshake and
  // `options.command` only describes the adapter in messages and reports.
  AdapterClient(AdapterOptions options, AdapterHello hello, InProcessAdapter answer);
  ~AdapterClient();
  AdapterClient(const AdapterClient&) = delete;
  AdapterClient& operator=(const AdapterClient&) = delete;

  // Starts the adapter if none is running here and returns its handshake; AdapterStartError.
  const AdapterHello& hello();
  // Sends one request (a "kind": "differentiate" object; its "id" is set here) and waits for the
  // answer. Starts the adapter first when needed (AdapterStartError when it cannot).
  AdapterReply exchange(nlohmann::json request, long& id);
  // Ends the process: on failure the oracle kills it; `bye` asks it to stop politely.
  void stop(bool polite);
  // Sends `bye` (its input left open) and waits up to `seconds` for the adapter to exit on its
  // own: "" when it exited with status 0, else what happened (it is then killed). The
  // conformance suite's check that `bye` ends an adapter.
  std::string say_bye(double seconds);
  // Restarts after a failure of the last exchange (counted).
  int restarts() const { return restarts_; }
  const AdapterOptions& options() const { return options_; }

 private:
  void start();
  bool running_here() const;
  // Writes one request line within `seconds` (the adapter may stop reading its input).
  enum class WriteOutcome { Written, Closed, TimedOut };
  WriteOutcome write_request(const std::string& text, double seconds);
  std::optional<std::string> read_line(double seconds, std::string& problem);
  std::string stderr_tail() const;
  void drain_stderr();

  AdapterOptions options_;
  pid_t pid_ = -1, owner_ = -1;
  int to_child_ = -1, from_child_ = -1, child_errors_ = -1;
  std::string out_buffer_, err_buffer_;
  std::deque<std::string> err_lines_;
  std::optional<AdapterHello> hello_;
  long next_id_ = 1;
  int restarts_ = 0;
  int exit_status_ = -1;  // the adapter's exit status when it exited (waitpid's), else -1
  InProcessAdapter in_process_;
};

// One request (`message`, the JSON of `request`) sent and its answer read against `request`:
// `answer` when a usable one came; otherwise `problem` says what happened, `malformed` whether an
// answer came that breaks the protocol (the adapter is then stopped, to be restarted), and
// `timed_out` whether none came within the timeout.
struct AdapterExchange {
  std::optional<AdapterAnswer> answer;
  std::string problem;
  bool malformed = false, timed_out = false;
};
AdapterExchange exchange_and_read(AdapterClient& client, const nlohmann::json& message, const AdapterRequest& request);
// Why an exchange has no answer, for a verdict's detail: "TOOL gave no answer to ASKED: ..." or
// "TOOL gave a malformed answer to ASKED: ..." (without " to ASKED" when `asked` is empty).
std::string exchange_failure(const std::string& tool, const AdapterExchange& exchanged, const std::string& asked);

// `text` as one word of /bin/sh (for replay commands): it's -> 'it'\''s'.
std::string shell_quoted(const std::string& text);

}  // namespace chad

// The adapter client (adapter_client/adapter_client.hpp) against adapters that break it on purpose: one
// that stops reading its input (a request larger than the pipe's buffer must not block the oracle
// for ever), one that floods its stderr without newlines (the timeout must still hold, the kept
// text stay bounded), and one that leaves a process running in the background (it must not outlive
// the oracle, whether the oracle stops the adapter, or dies of SIGTERM or SIGKILL).
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "../support/tool_runner.hpp"
#include "adapter_client/adapter_client.hpp"
#include "references/input_value.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using testing::write_temp_file;
using Clock = std::chrono::steady_clock;

const std::string kHello =
    R"({"kind": "hello", "protocol": 1, "tool": "fake", "version": "0", "precision": "float64", "translations": []})";

// A shell adapter: answers the handshake, then runs `then` (and never answers a request).
std::string shell_adapter(const std::string& name, const std::string& then) {
  return "/bin/sh " + write_temp_file("chad_adapter_hostile_test", name + ".sh",
                                      "read line\necho '" + kHello + "'\n" + then + "\n");
}

// A request whose program text is `padding` bytes long: larger than a pipe's buffer (64 KiB).
nlohmann::json big_request(std::size_t padding) {
  return nlohmann::json{{"kind", "differentiate"}, {"program", std::string(padding, ' ')}};
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Whether process `pid` is gone (or a zombie waiting for a parent that is not us).
bool process_gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const std::size_t paren = line.rfind(')');
  return paren == std::string::npos || line.size() < paren + 3 || line[paren + 2] == 'Z' || line[paren + 2] == 'X';
}

bool gone_within(pid_t pid, double seconds) {
  const auto start = Clock::now();
  while (seconds_since(start) < seconds) {
    if (process_gone(pid)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return process_gone(pid);
}

// The pid an adapter wrote to `path` (waits up to 5 s for it).
pid_t read_pid(const std::string& path) {
  const auto start = Clock::now();
  while (seconds_since(start) < 5) {
    std::ifstream in(path);
    pid_t pid = 0;
    if (in >> pid && pid > 0) return pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return 0;
}

TEST(AdapterClientHostile, AnAdapterThatStopsReadingTimesOutOnABigRequest) {
  AdapterClient client({shell_adapter("deaf", "sleep 100"), 1.0});
  client.hello();
  long id = 0;
  const auto start = Clock::now();
  const AdapterReply reply = client.exchange(big_request(std::size_t(4) << 20), id);
  EXPECT_EQ(reply.status, AdapterReply::Status::TimedOut) << reply.problem;
  EXPECT_NE(reply.problem.find("did not read its request"), std::string::npos) << reply.problem;
  EXPECT_LT(seconds_since(start), 5.0);  // the timeout is 1 s
}

TEST(AdapterClientHostile, AnAdapterFloodingStderrWithoutNewlinesStillTimesOut) {
  // 64 MiB of 'x' on stderr, no newline, and no answer.
  AdapterClient client({shell_adapter("flood", "head -c 67108864 /dev/zero | tr '\\0' x >&2\nsleep 100"), 2.0});
  client.hello();
  long id = 0;
  const auto start = Clock::now();
  const AdapterReply reply = client.exchange(big_request(10), id);
  EXPECT_EQ(reply.status, AdapterReply::Status::TimedOut) << reply.problem.substr(0, 300);
  EXPECT_LT(seconds_since(start), 8.0);  // the timeout is 2 s
  EXPECT_LT(reply.problem.size(), std::size_t(16384));  // only a bounded tail of the flood is kept
  EXPECT_NE(reply.problem.find("xxxx"), std::string::npos);  // ... but it is shown
}

// Starts an adapter that leaves `sleep 300` running in the background, in a child process that then
// ends as `end` says; returns the background process's pid after the child has ended, or 0.
pid_t background_after(const std::string& name, int end_signal) {
  const std::string pid_file = write_temp_file("chad_adapter_hostile_test", name + ".pid", "");
  const std::string command = shell_adapter(name, "sleep 300 &\necho $! > " + pid_file + "\ncat > /dev/null");
  const pid_t child = fork();
  if (child == 0) {
    AdapterClient client({command, 5.0});
    client.hello();
    if (end_signal == 0) {
      client.stop(true);
      _exit(0);
    }
    pause();
    _exit(0);
  }
  const pid_t background = read_pid(pid_file);
  if (end_signal != 0) kill(child, end_signal);
  int status = 0;
  waitpid(child, &status, 0);
  return background;
}

TEST(AdapterClientHostile, WhatAnAdapterLeftRunningEndsWhenItIsStopped) {
  const pid_t background = background_after("stopped", 0);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(gone_within(background, 3.0)) << "pid " << background;
}

TEST(AdapterClientHostile, TheAdapterGroupDiesWithAnOracleKilledBySigterm) {
  const pid_t background = background_after("sigterm", SIGTERM);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(gone_within(background, 3.0)) << "pid " << background;
}

TEST(AdapterClientHostile, TheAdapterGroupDiesWithAnOracleKilledBySigkill) {
  const pid_t background = background_after("sigkill", SIGKILL);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(gone_within(background, 3.0)) << "pid " << background;
}

}  // namespace
}  // namespace chad

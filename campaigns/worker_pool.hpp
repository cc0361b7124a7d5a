// The campaign's worker processes. Every worker is a child process (also with one job), so that
// a program whose check kills it (a signal) ends only that worker: its marker
// (worker_markers.hpp) names the program, which is logged as `crash` with its replay command,
// and a new worker goes on after it. Each worker checks the programs its plan deals it
// (worker_plan.hpp), until they are done or the deadline passes (a worker stuck on one program,
// hung or stopped, is killed by the watchdog: WorkerPool::program_seconds), appending one line per program
// to its log (campaign_files.hpp); an error of the oracle itself escaping a check is that
// program's `crash` line too. A worker that cannot write its log stops the pool (the logs so far
// are kept, for a resume: a SourceError); one that fails otherwise is an InternalError.
#pragma once
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <string>

#include "campaigns/campaign_files.hpp"
#include "campaigns/worker_plan.hpp"
#include "oracle/campaign.hpp"

namespace chad {

struct WorkerPool {
  const CampaignOptions& options;
  WorkerPlan plan;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // The command that checks one program alone (in its crash line).
  std::function<std::string(std::size_t index)> replay_command;
  // Called in the parent between polls of the workers, every few milliseconds (a progress line:
  // CampaignFiles::update_progress; the pool clears it at the end).
  std::function<void()> on_poll;
  // The watchdog: a worker on one program for longer than this (seconds; 0: no limit) is killed,
  // that program logged as `crash` ("took longer than ..."), and a new worker goes on after it.
  double program_seconds = 0;
};

// Runs the workers to the end; returns their time per stage, summed over the workers.
// A test hook, for the tests of the `crash` verdict only: with CHAD_ORACLE_TEST_CRASH_AT=INDEX
// (or INDEX:SIGNAL) in the environment, the worker that checks program INDEX raises SIGSEGV (or
// SIGNAL) after generating it.
std::map<std::string, double> run_workers(const WorkerPool& pool, CampaignFiles& files);

}  // namespace chad

// `campaign --shard auto` and `auto/N`: the shard taken from a Slurm job array's or a Kubernetes
// Indexed Job's environment, and the located refusals when the environment does not name one.
// (tests/apps/shard_parallel.sh runs every shard of a campaign with GNU parallel and merges.)
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace {

namespace fs = std::filesystem;
using chad::testing::run_tool;
using chad::testing::TempDir;
using chad::testing::ToolRun;

const char* const kSchedulerVariables[] = {"SLURM_ARRAY_TASK_ID",   "SLURM_ARRAY_TASK_COUNT",
                                           "SLURM_ARRAY_TASK_MIN",  "SLURM_ARRAY_TASK_STEP",
                                           "JOB_COMPLETION_INDEX", "CHAD_SHARD_COUNT"};

// Sets the given scheduler variables for the test (the tool inherits them) and unsets the others;
// everything is unset again at the end.
struct SchedulerEnvironment {
  explicit SchedulerEnvironment(const std::map<std::string, std::string>& values) {
    for (const char* name : kSchedulerVariables) unsetenv(name);
    for (const auto& [name, value] : values) setenv(name.c_str(), value.c_str(), 1);
  }
  ~SchedulerEnvironment() {
    for (const char* name : kSchedulerVariables) unsetenv(name);
  }
};


// The shards campaign.json records for `--shard TEXT` run in the current environment, and the
// number of programs it checked (12 programs in all).
struct ShardRun {
  int exit_code;
  std::size_t shard, shard_count, programs;
  std::string output;
};

ShardRun run_shard(const std::string& text);

// `--shard TEXT` in the current environment checks shard `shard` of `count`: `programs` programs.
void expect_shard(const std::string& text, std::size_t shard, std::size_t count, std::size_t programs) {
  ShardRun run = run_shard(text);
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.shard, shard);
  EXPECT_EQ(run.shard_count, count);
  EXPECT_EQ(run.programs, programs);
}

ShardRun run_shard(const std::string& text) {
  TempDir tmp("chad_shard");
  ToolRun run = run_tool("campaign --count 12 --seed 5 --json --shard " + text + " --out " + tmp.path, false);
  ShardRun result{run.exit_code, 0, 0, 0, run.output};
  if (run.exit_code != 0) return result;
  std::ifstream in(tmp.path + "/campaign.json");
  nlohmann::json campaign = nlohmann::json::parse(in);
  result.shard_count = campaign["shard_count"];
  result.shard = campaign["shards"].at(0);
  result.programs = nlohmann::json::parse(run.output)["programs"];
  return result;
}

TEST(CliShard, AutoTakesTheShardFromASlurmArrayCountedFromItsFirstTask) {
  // `sbatch --array=1-3`: tasks 1, 2, 3; task 2 is the second of three shards, 1/3, which holds
  // programs 1, 4, 7 and 10 of 12.
  SchedulerEnvironment slurm(
      {{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_COUNT", "3"}});
  expect_shard("auto", 1, 3, 4);
}

TEST(CliShard, AutoFollowsASlurmArraysStep) {
  // `sbatch --array=0-6:2`: tasks 0, 2, 4, 6 (SLURM_ARRAY_TASK_COUNT 4); task 6 is shard 3/4,
  // programs 3, 7 and 11 of 12.
  SchedulerEnvironment slurm({{"SLURM_ARRAY_TASK_ID", "6"},
                              {"SLURM_ARRAY_TASK_MIN", "0"},
                              {"SLURM_ARRAY_TASK_STEP", "2"},
                              {"SLURM_ARRAY_TASK_COUNT", "4"}});
  expect_shard("auto", 3, 4, 3);
}

TEST(CliShard, AutoWithACountTakesAKubernetesCompletionIndex) {
  // An Indexed Job with 5 completions: pod 4 is shard 4/5, programs 4 and 9 of 12.
  SchedulerEnvironment kubernetes(std::map<std::string, std::string>{{"JOB_COMPLETION_INDEX", "4"}});
  expect_shard("auto/5", 4, 5, 2);
}

TEST(CliShard, AutoRefusesAnEnvironmentThatNamesNoShard) {
  struct Refusal {
    std::map<std::string, std::string> environment;
    std::string shard, says;
  };
  for (const Refusal& refusal : {
           Refusal{{}, "auto", "found no scheduler in the environment"},
           Refusal{{{"JOB_COMPLETION_INDEX", "1"}}, "auto", "no count: use --shard auto/N"},
           Refusal{{{"JOB_COMPLETION_INDEX", "5"}}, "auto/5", "shard 5 is outside 0 .. 4"},
           Refusal{{{"JOB_COMPLETION_INDEX", "x1"}}, "auto/5", "JOB_COMPLETION_INDEX=`x1` is not a non-negative integer"},
           Refusal{{{"SLURM_ARRAY_TASK_ID", "3"}}, "auto", "SLURM_ARRAY_TASK_COUNT is not"},
           Refusal{{{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}, "auto/8",
                   "the Slurm array has SLURM_ARRAY_TASK_COUNT=4 tasks"},
           Refusal{{}, "3/3", "expected I/N with 0 <= I < N"},
           Refusal{{}, "auto/0", "expected auto/N with N a positive integer"},
       }) {
    SchedulerEnvironment environment(refusal.environment);
    TempDir tmp("chad_shard");
    ToolRun run = run_tool("campaign --count 4 --shard " + refusal.shard + " --out " + tmp.path);
    EXPECT_EQ(run.exit_code, 3) << refusal.shard << ": " << run.output;
    EXPECT_NE(run.output.find(refusal.says), std::string::npos) << refusal.shard << ": " << run.output;
    EXPECT_FALSE(fs::exists(tmp.path + "/log.jsonl")) << refusal.shard;
  }
}

}  // namespace

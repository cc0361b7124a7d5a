// `chad-oracle campaign` and `replay` end to end: the summary JSON, the log (one line per
// program, the same bytes for the same seed whatever the number of workers or shards), resuming,
// an injected fault found with a shrunk report that replays, and bad options.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::ToolRun;

std::string fresh_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("chad_cli_campaign_" + name);
  std::filesystem::remove_all(dir);
  return dir.string();
}

std::vector<std::string> log_lines(const std::string& dir) {
  std::ifstream in(dir + "/log.jsonl");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(CliCampaign, SummaryAndLog) {
  const std::string dir = fresh_dir("summary");
  ToolRun r = run_tool("campaign --count 30 --seed 5 --json --out " + dir, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["programs"], 30);
  EXPECT_EQ(j["verdicts"]["fail"], 0);
  EXPECT_EQ(j["verdicts"]["fail-numeric"], 0);
  EXPECT_EQ(j["verdicts"]["fault"], 0);
  EXPECT_EQ(j["verdicts"]["crash"], 0);
  EXPECT_EQ(j["verdicts"]["pass"].get<int>() + j["verdicts"]["skip"].get<int>(), 30);
  EXPECT_GT(j["coverage"]["let"].get<int>(), 0);
  std::vector<std::string> lines = log_lines(dir);
  ASSERT_EQ(lines.size(), 30u);
  auto first = nlohmann::json::parse(lines[0]);
  for (const char* field : {"index", "seed", "program", "input", "verdict", "checks", "features"})
    EXPECT_TRUE(first.contains(field)) << field;
  EXPECT_EQ(first["checks"].size(), 6u);  // 2 modes x 3 sums strategies
  EXPECT_TRUE(std::filesystem::exists(dir + "/summary.json"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/summary.md"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/errors.svg"));
  // Running again resumes: nothing is checked twice.
  ToolRun again = run_tool("campaign --count 30 --seed 5 --json --out " + dir, false);
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(log_lines(dir), lines);
}

TEST(CliCampaign, AKilledRunResumesAndLosesNothing) {
  const std::string dir = fresh_dir("killed");
  const std::string tool = std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle";
  // Killed (with its workers) after a second, wherever it is; then run again to the end.
  std::system(("timeout -s KILL 1 " + tool + " campaign --count 600 --jobs 2 --out " + dir + " > /dev/null 2>&1").c_str());
  ToolRun r = run_tool("campaign --count 600 --jobs 2 --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::set<std::size_t> indices;
  for (const auto& line : log_lines(dir)) indices.insert(nlohmann::json::parse(line)["index"].get<std::size_t>());
  EXPECT_EQ(log_lines(dir).size(), 600u);
  EXPECT_EQ(indices.size(), 600u);
  EXPECT_EQ(*indices.rbegin(), 599u);
}

TEST(CliCampaign, WorkersAndShardsGiveTheSameLog) {
  const std::string one = fresh_dir("one"), two = fresh_dir("two"), a = fresh_dir("a"), b = fresh_dir("b");
  ASSERT_EQ(run_tool("campaign --count 24 --seed 9 --out " + one).exit_code, 0);
  ASSERT_EQ(run_tool("campaign --count 24 --seed 9 --jobs 2 --out " + two).exit_code, 0);
  EXPECT_EQ(log_lines(one), log_lines(two));
  // The workers' time per stage reaches the summary.
  auto summary = nlohmann::json::parse(std::ifstream(two + "/summary.json"));
  for (const char* stage : {"generate", "check", "reference", "chad", "wall"})
    EXPECT_TRUE(summary["seconds"].contains(stage)) << stage << " in " << summary["seconds"];
  ASSERT_EQ(run_tool("campaign --count 24 --seed 9 --shard 0/2 --out " + a).exit_code, 0);
  ASSERT_EQ(run_tool("campaign --count 24 --seed 9 --shard 1/2 --out " + b).exit_code, 0);
  std::set<std::string> shards, whole;
  for (const auto& l : log_lines(a)) shards.insert(l);
  for (const auto& l : log_lines(b)) shards.insert(l);
  for (const auto& l : log_lines(one)) whole.insert(l);
  EXPECT_EQ(log_lines(a).size(), 12u);
  EXPECT_EQ(shards, whole);
  // merge puts the shards back together: the same log as the single run.
  const std::string merged = fresh_dir("merged");
  ToolRun m = run_tool("merge " + a + " " + b + " --out " + merged);
  ASSERT_EQ(m.exit_code, 0) << m.output;
  EXPECT_EQ(log_lines(merged), log_lines(one));
}

TEST(CliCampaign, AnInjectedFaultIsReportedAndReplays) {
  const std::string dir = fresh_dir("mutant");
  ToolRun r = run_tool("campaign --count 40 --mutant rev-let-drops-bound --reports 1 --out " + dir);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("FAILED "), std::string::npos) << r.output;
  ASSERT_TRUE(std::filesystem::exists(dir + "/failures"));
  std::string report = std::filesystem::directory_iterator(dir + "/failures")->path().string();
  ToolRun replay = run_tool("replay " + report);
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("reproduces the report"), std::string::npos) << replay.output;
}

TEST(CliCampaign, BadOptions) {
  for (const char* args : {"campaign --features recursion", "campaign --shard 3/2", "campaign --mutant nope",
                           "campaign --modes sideways", "replay /nonexistent/report",
                           "merge /nonexistent/campaign --out /tmp/chad_cli_campaign_nowhere"}) {
    ToolRun r = run_tool(args);
    EXPECT_EQ(r.exit_code, 3) << args << ": " << r.output;
  }
}

}  // namespace

namespace {

// The string-diagram reverse AD as the implementation under test: its fragment's programs pass
// unmodified; its fan-out fault (Remark 12) is found, shrunk and replayed.
TEST(CliCampaign, StringDiagramAdIsJudgedAndItsFaultIsFound) {
  using chad::testing::run_tool;
  const std::string dir = (std::filesystem::temp_directory_path() / "chad_cli_campaign_sd").string();
  std::filesystem::remove_all(dir);
  chad::testing::ToolRun clean = run_tool("campaign --implementation sd-rev --count 300 --json", false);
  ASSERT_EQ(clean.exit_code, 0) << clean.output;
  auto j = nlohmann::json::parse(clean.output);
  EXPECT_EQ(j["verdicts"]["fail"], 0);
  EXPECT_GT(j["verdicts"]["pass"].get<int>(), 250);
  chad::testing::ToolRun faulty =
      run_tool("campaign --implementation sd-rev --count 100 --mutant sd-copy-dual-first-only --reports 1 --out " + dir);
  EXPECT_EQ(faulty.exit_code, 1) << faulty.output;
  EXPECT_NE(faulty.output.find("--implementation sd-rev --mutant sd-copy-dual-first-only"), std::string::npos);
  const std::string report = dir + "/failures/0";
  ASSERT_TRUE(std::filesystem::exists(report + "/report.json")) << faulty.output;
  auto r = nlohmann::json::parse(std::ifstream(report + "/report.json"));
  EXPECT_EQ(r["implementation"], "sd-rev");
  EXPECT_LE(r["shrunk_size"].get<int>(), 5);
  chad::testing::ToolRun replay = run_tool("replay " + report);
  EXPECT_EQ(replay.exit_code, 1);
  EXPECT_NE(replay.output.find("sd-rev: fail"), std::string::npos) << replay.output;
  EXPECT_NE(replay.output.find("reproduces the report"), std::string::npos) << replay.output;
}

}  // namespace

namespace {

// Verdicts that survive any fault: CHAD's broken output is a `fault` with its reason, shrunk and
// reported; a worker that dies is a `crash` with its signal and replay command; the campaign
// checks every program either way and exits 1.
std::vector<nlohmann::json> parsed_log(const std::string& dir) {
  std::vector<nlohmann::json> lines;
  for (const std::string& line : log_lines(dir)) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

TEST(CliCampaign, AZeroOfTheWrongShapeIsAFaultAndTheCampaignGoesOn) {
  const std::string dir = fresh_dir("fault");
  ToolRun r = run_tool("campaign --count 30 --mutant test-zero-of-wrong-shape --reports 1 --out " + dir);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  const std::vector<nlohmann::json> lines = parsed_log(dir);
  ASSERT_EQ(lines.size(), 30u);  // every program checked
  std::size_t first_fault = 30, passes_after = 0;
  for (const auto& line : lines) {
    const std::size_t index = line["index"];
    if (line["verdict"] == "fault" && first_fault == 30) {
      first_fault = index;
      bool reason = false;
      for (const auto& c : line["checks"])
        reason = reason || c["detail"].get<std::string>().find("different kinds or shapes") != std::string::npos;
      EXPECT_TRUE(reason) << line.dump();
    }
    passes_after += index > first_fault && line["verdict"] == "pass";
  }
  ASSERT_LT(first_fault, 30u) << r.output;
  EXPECT_GT(passes_after, 0u);
  // The first fault's class names it as its first program.
  EXPECT_NE(r.output.find(": fault in "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("; first program " + std::to_string(first_fault) + ","), std::string::npos) << r.output;
  const std::string report = dir + "/failures/" + std::to_string(first_fault);
  for (const char* file : {"program.chad", "report.json", "report.md"})
    EXPECT_TRUE(std::filesystem::exists(report + "/" + file)) << file << "\n" << r.output;
  ToolRun replay = run_tool("replay " + report);
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("reproduces the report"), std::string::npos) << replay.output;
}

// The test hook CHAD_ORACLE_TEST_CRASH_AT=INDEX[:SIGNAL] makes the worker checking program INDEX
// die of the signal (campaigns/worker_pool.cpp).
void expect_crash_recorded(int jobs, int signal, const std::string& signal_name) {
  const std::string dir = fresh_dir("crash_" + std::to_string(jobs));
  setenv("CHAD_ORACLE_TEST_CRASH_AT", ("7:" + std::to_string(signal)).c_str(), 1);
  const chad::testing::DefaultSegvInChildren default_segv;  // the worker dies of the signal itself
  ToolRun r = run_tool("campaign --seed 3 --count 20 --jobs " + std::to_string(jobs) + " --out " + dir);
  unsetenv("CHAD_ORACLE_TEST_CRASH_AT");
  ASSERT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("FAILED 1 program: crash: the worker died of signal " + std::to_string(signal) + " (" +
                          signal_name + ") while checking this program; first program 7,"),
            std::string::npos)
      << r.output;
  const std::vector<nlohmann::json> lines = parsed_log(dir);
  ASSERT_EQ(lines.size(), 20u) << r.output;  // programs 8 .. 19 were still checked
  for (const auto& line : lines) {
    if (line["index"] != 7) {
      EXPECT_TRUE(line["verdict"] == "pass" || line["verdict"] == "skip") << line.dump();
      continue;
    }
    EXPECT_EQ(line["verdict"], "crash");
    EXPECT_EQ(line["signal"], signal);
    EXPECT_EQ(line["replay"], "chad-oracle campaign --seed 3 --max-size 20 --only 7");
    EXPECT_NE(line["program"].get<std::string>().find("def main"), std::string::npos) << line.dump();
  }
  auto summary = nlohmann::json::parse(std::ifstream(dir + "/summary.json"));
  EXPECT_EQ(summary["verdicts"]["crash"], 1);
  // Without the hook the replay command checks program 7 alone, and it passes.
  ToolRun replay = run_tool("campaign --seed 3 --max-size 20 --only 7");
  EXPECT_EQ(replay.exit_code, 0) << replay.output;
}

TEST(CliCampaign, ACrashedWorkerIsRecordedAndTheCampaignGoesOnWithOneJob) {
  expect_crash_recorded(1, SIGSEGV, "Segmentation fault");
}

TEST(CliCampaign, ACrashedWorkerIsRecordedAndTheCampaignGoesOnWithTwoJobs) {
  expect_crash_recorded(2, SIGABRT, "Aborted");
}

}  // namespace

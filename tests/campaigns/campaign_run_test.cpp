// The engine without the command line: a campaign run in a directory, by several worker
// processes, in shards merged afterwards, resumed, and with a worker crashing, keeps one line per
// program; the shards' merge is the whole campaign's log; an incomplete merge says what is missing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../support/temp_dir.hpp"
#include "campaigns/campaign_identity.hpp"
#include "campaigns/campaign_merge.hpp"
#include "campaigns/campaign_run.hpp"
#include "campaigns/durable_files.hpp"

namespace chad {
namespace {

CampaignRun small_run(const std::string& out, std::size_t shard = 0, std::size_t shards = 1, int jobs = 2) {
  CampaignOptionsText text;
  text.seed = 7;
  text.count = 12;
  text.max_size = 8;
  text.sums = "biproduct";
  CampaignRun run{text, campaign_options_from_text(text), ShardChoice{shard, shards, "test"}, out, 0, jobs, 0, false,
                  {}};
  return run;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The run with the test hook CHAD_ORACLE_TEST_CRASH_AT=`at` (worker_pool.hpp) set around it.
CampaignRunResult run_with_test_crash(const CampaignRun& run, const char* at) {
  ::setenv("CHAD_ORACLE_TEST_CRASH_AT", at, 1);
  try {
    CampaignRunResult result = run_campaign_directory(run);
    ::unsetenv("CHAD_ORACLE_TEST_CRASH_AT");
    return result;
  } catch (...) {
    ::unsetenv("CHAD_ORACLE_TEST_CRASH_AT");
    throw;
  }
}

std::vector<std::size_t> indices(const std::vector<nlohmann::json>& lines) {
  std::vector<std::size_t> out;
  for (const auto& line : lines) out.push_back(line["index"]);
  return out;
}

TEST(CampaignRun, WorkersCheckEveryProgramOnceInIndexOrder) {
  testing::TempDir dir("chad_campaigns_test");
  const CampaignRunResult result = run_campaign_directory(small_run(dir / "whole"));
  EXPECT_EQ(indices(result.lines), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(result.summary.programs, 12u);
  EXPECT_EQ(result.checked_now, 12u);
  EXPECT_TRUE(std::filesystem::exists(dir / "whole/summary.json"));
  EXPECT_TRUE(std::filesystem::exists(dir / "whole/campaign.json"));
  EXPECT_FALSE(std::filesystem::exists(dir / "whole/worker-0.jsonl"));  // merged into log.jsonl
  // One worker or two: the same log.
  const CampaignRunResult alone = run_campaign_directory(small_run(dir / "alone", 0, 1, 1));
  EXPECT_EQ(file_text(dir / "alone/log.jsonl"), file_text(dir / "whole/log.jsonl"));
}

TEST(CampaignRun, MergedShardsAreTheWholeCampaign) {
  testing::TempDir dir("chad_campaigns_test");
  run_campaign_directory(small_run(dir / "whole"));
  const CampaignRunResult first = run_campaign_directory(small_run(dir / "s0", 0, 3));
  EXPECT_EQ(indices(first.lines), (std::vector<std::size_t>{0, 3, 6, 9}));
  const MergeResult partial = merge_campaigns({dir / "s0"}, dir / "merged");
  EXPECT_EQ(partial.missing, (std::vector<std::string>{"shard 1/3", "shard 2/3"}));
  run_campaign_directory(small_run(dir / "s1", 1, 3));
  run_campaign_directory(small_run(dir / "s2", 2, 3));
  const MergeResult merged = merge_campaigns({dir / "s1", dir / "s2"}, dir / "merged");  // adds the rest
  EXPECT_TRUE(merged.missing.empty());
  EXPECT_EQ(merged.parameters.describe_shards(), "0,1,2/3");
  EXPECT_EQ(file_text(dir / "merged/log.jsonl"), file_text(dir / "whole/log.jsonl"));
  try {
    merge_campaigns({dir / "s1", dir / "s1"}, dir / "again");
    ADD_FAILURE() << "the same shard merged twice";
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("the same directory is given twice (shard 1/3)"), std::string::npos) << e.what();
  }
  try {
    merge_campaigns({dir / "s0", dir / "whole"}, dir / "other");
    ADD_FAILURE() << "shards of two partitions merged";
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("number of shards"), std::string::npos) << e.what();
  }
}

TEST(CampaignRun, AResumeChecksOnlyTheProgramsNotLogged) {
  testing::TempDir dir("chad_campaigns_test");
  run_campaign_directory(small_run(dir / "whole"));
  // A killed run: worker 0 logged two programs, the second cut off part way.
  std::filesystem::create_directories(dir / "resumed");
  const CampaignParameters parameters =
      campaign_parameters_of(small_run("").text, small_run("").options, ShardChoice{0, 1, "test"});
  write_campaign_parameters(dir / "resumed", parameters);
  std::istringstream whole(file_text(dir / "whole/log.jsonl"));
  std::string line0, line1;
  std::getline(whole, line0);
  std::getline(whole, line1);
  // Program 0's kept line carries a mark: a resume that checked it again would lose the mark.
  nlohmann::json kept = nlohmann::json::parse(line0);
  kept["detail_kept"] = "from the killed run";
  std::ofstream(dir / "resumed/worker-0.jsonl") << campaign_identity_line(parameters).dump() << "\n"
                                                << kept.dump() << "\n" << line1.substr(0, line1.size() / 2);
  CampaignRunResult resumed = run_campaign_directory(small_run(dir / "resumed"));
  ASSERT_EQ(resumed.lines.size(), 12u);
  // Program 0 came from the log (the cut-off line of program 1 did not): the run checked 11.
  EXPECT_EQ(resumed.checked_now, 11u);
  EXPECT_EQ(run_campaign_directory(small_run(dir / "resumed")).checked_now, 0u) << "a finished campaign re-run";
  EXPECT_EQ(resumed.lines[0].value("detail_kept", ""), "from the killed run") << resumed.lines[0];
  resumed.lines[0].erase("detail_kept");
  std::istringstream whole_lines(file_text(dir / "whole/log.jsonl"));
  std::size_t k = 0;
  for (std::string line; std::getline(whole_lines, line); ++k)
    EXPECT_EQ(nlohmann::json::parse(line), resumed.lines.at(k)) << "program " << k;
  EXPECT_EQ(k, 12u);
}

// Logs that cannot be this campaign's are never adopted (issue #34): a log without campaign.json
// (whose campaign?) and a line of a program outside this campaign (another count or shard) stop
// the run with a located error, before anything is checked or merged.
TEST(CampaignRun, AResumeRefusesLogsOfAnotherCampaign) {
  testing::TempDir dir("chad_campaigns_test");
  run_campaign_directory(small_run(dir / "whole"));
  const std::string line0 = file_text(dir / "whole/log.jsonl").substr(0, file_text(dir / "whole/log.jsonl").find('\n'));
  std::filesystem::create_directories(dir / "unnamed");
  std::ofstream(dir / "unnamed/log.jsonl") << line0 << "\n";
  try {
    run_campaign_directory(small_run(dir / "unnamed"));
    ADD_FAILURE() << "a log without campaign.json was adopted";
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("no campaign.json"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "unnamed/campaign.json"));
  // Shard 1 of 3 holds programs 1, 4, 7, 10: program 0's line is another shard's.
  std::filesystem::create_directories(dir / "shard");
  const CampaignParameters shard1 =
      campaign_parameters_of(small_run("").text, small_run("").options, ShardChoice{1, 3, "test"});
  write_campaign_parameters(dir / "shard", shard1);
  std::ofstream(dir / "shard/worker-0.jsonl") << campaign_identity_line(shard1).dump() << "\n" << line0 << "\n";
  try {
    run_campaign_directory(small_run(dir / "shard", 1, 3));
    ADD_FAILURE() << "another shard's log line was adopted";
  } catch (const SourceError& e) {
    EXPECT_NE(std::string(e.what()).find("program 0, which is not part of this campaign"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "shard/log.jsonl")) << "nothing merged";
}

// Every worker log carries its campaign's identity (issue #34: "log lines carry no campaign
// identity"): a worker log of another campaign with the same count and shards (seed 8 here, 7 in
// the directory), and one without an identity line, are refused at their first line, before
// anything is checked or merged; the directory's own campaign then resumes as before.
TEST(CampaignRun, AResumeRefusesAWorkerLogOfAnotherCampaignWithTheSameCountAndShards) {
  testing::TempDir dir("chad_campaigns_test");
  CampaignRun other = small_run(dir / "other");
  other.text.seed = 8;
  other.options = campaign_options_from_text(other.text);
  run_campaign_directory(other);
  const std::string other_log = file_text(dir / "other/log.jsonl");
  const CampaignParameters other_parameters = campaign_parameters_of(other.text, other.options, other.shard);
  const CampaignParameters here = campaign_parameters_of(small_run("").text, small_run("").options, ShardChoice{0, 1, "test"});
  std::filesystem::create_directories(dir / "here");
  write_campaign_parameters(dir / "here", here);
  const std::string copied = campaign_identity_line(other_parameters).dump() + "\n" + other_log;
  for (const std::string& text : {copied, other_log}) {
    std::ofstream(dir / "here/worker-1.jsonl", std::ios::binary | std::ios::trunc) << text;
    try {
      run_campaign_directory(small_run(dir / "here"));
      ADD_FAILURE() << "another campaign's worker log was adopted";
    } catch (const SourceError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(dir / "here/worker-1.jsonl:1:1: error: this worker log"), std::string::npos) << what;
      EXPECT_NE(what.find(text == copied ? "belongs to another campaign: seed 8 (here: 7)" : "carries no campaign identity"),
                std::string::npos)
          << what;
    }
    EXPECT_EQ(file_text(dir / "here/worker-1.jsonl"), text) << "untouched";
    EXPECT_FALSE(std::filesystem::exists(dir / "here/log.jsonl")) << "nothing merged";
  }
  std::filesystem::remove(dir / "here/worker-1.jsonl");
  const CampaignRunResult resumed = run_campaign_directory(small_run(dir / "here"));
  run_campaign_directory(small_run(dir / "whole"));
  EXPECT_EQ(file_text(dir / "here/log.jsonl"), file_text(dir / "whole/log.jsonl"));
  EXPECT_NE(file_text(dir / "here/log.jsonl"), other_log);
}

TEST(CampaignRun, AWorkerKilledByASignalLogsItsProgramAsCrashAndTheRunGoesOn) {
  testing::TempDir dir("chad_campaigns_test");
  // SIGKILL (9): a SIGSEGV raised in the forked worker would be caught by AddressSanitizer's own
  // handler in the sanitizer build (it then exits instead of dying of the signal).
  const CampaignRunResult result = run_with_test_crash(small_run(dir / "crashed"), "5:9");
  ASSERT_EQ(result.lines.size(), 12u);
  EXPECT_EQ(result.lines[5]["verdict"], "crash");
  EXPECT_NE(result.lines[5]["detail"].get<std::string>().find("signal 9"), std::string::npos) << result.lines[5];
  EXPECT_EQ(result.summary.verdicts.at("crash"), 1u);
  for (std::size_t i = 0; i < 12; ++i)
    if (i != 5) {
      EXPECT_NE(result.lines[i]["verdict"], "crash") << i;
    }
}

TEST(DurableFiles, APartialLastLineIsCutOffAndAFailedAppendTakenBack) {
  testing::TempDir dir("chad_campaigns_test");
  const std::string log = dir / "worker-0.jsonl";
  {
    AppendFile file(log);
    file.append_line("{\"index\": 0}");
  }
  std::ofstream(log, std::ios::app) << "{\"index\": 1, \"verd";
  EXPECT_EQ(cut_partial_last_line(log), std::string("{\"index\": 1, \"verd").size());
  EXPECT_EQ(file_text(log), "{\"index\": 0}\n");
  EXPECT_EQ(cut_partial_last_line(log), 0u);
  write_file_durably(dir / "summary.json", "{}\n");
  EXPECT_EQ(file_text(dir / "summary.json"), "{}\n");
  EXPECT_FALSE(std::filesystem::exists(dir / "summary.json.new"));
  EXPECT_THROW(write_file_durably(dir / "no-such-directory/summary.json", "{}"), StorageError);
}

// The watchdog (issue #34: "a stopped worker stalls a campaign for ever"): the worker checking
// program 5 stops itself (SIGSTOP); after the allowed second it is killed, program 5 is a `crash`
// that says why, and a new worker checks the rest.
TEST(CampaignRun, AStoppedWorkerIsKilledByTheWatchdogAndTheRunGoesOn) {
  testing::TempDir dir("chad_campaigns_test");
  CampaignRun run = small_run(dir / "stopped");
  run.program_seconds = 1;
  const CampaignRunResult result = run_with_test_crash(run, "5:19");
  ASSERT_EQ(result.lines.size(), 12u);
  EXPECT_EQ(result.lines[5]["verdict"], "crash");
  EXPECT_NE(result.lines[5]["detail"].get<std::string>().find("took longer than 1 s"), std::string::npos)
      << result.lines[5];
  for (std::size_t i = 0; i < 12; ++i)
    if (i != 5) {
      EXPECT_NE(result.lines[i]["verdict"], "crash") << i;
    }
}

}  // namespace
}  // namespace chad

// Fault injection on `chad-oracle campaign` and `merge` (issue 16): a cut last line, a damaged
// line, SIGKILL of the campaign at random moments, a read-only and a full output directory,
// two campaigns on one directory, a resume with other arguments, mismatched shards. Each test
// asserts that the final log equals an uninterrupted run's, or that the run failed loudly
// (exit 3, a message saying why) with its work kept.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace {

namespace fs = std::filesystem;
using chad::testing::run_tool;
using chad::testing::ToolRun;

struct TempDir : chad::testing::TempDir {
  TempDir() : chad::testing::TempDir("chad_campaign_faults") {}
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string tool() { return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle"; }

// The first line of a worker log of the campaign in `dir` (campaigns/campaign_identity.hpp):
// {"campaign_identity": <its campaign.json>}.
std::string identity_line(const std::string& dir) {
  return nlohmann::json{{"campaign_identity", nlohmann::json::parse(read_file(dir + "/campaign.json"))}}.dump() + "\n";
}

// A tmpfs mounted over `dir` (as root, where mount works), unmounted at the end.
struct TmpfsMount {
  std::string dir;
  bool mounted = false;
  TmpfsMount(const std::string& where, const std::string& options) : dir(where) {
    fs::create_directories(dir);
    mounted = geteuid() == 0 && mount("tmpfs", dir.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  bool remount(const std::string& options) {
    return mount("tmpfs", dir.c_str(), "tmpfs", MS_REMOUNT, options.c_str()) == 0;
  }
  ~TmpfsMount() {
    if (mounted) umount2(dir.c_str(), MNT_DETACH);
  }
};

TEST(CliCampaignFaults, ACutLastLineIsCutOffAndItsProgramCheckedAgain) {
  TempDir tmp;
  const std::string reference = tmp / "reference", cut = tmp / "cut";
  ASSERT_EQ(run_tool("campaign --count 40 --seed 4 --jobs 2 --out " + reference).exit_code, 0);
  const std::string log = read_file(reference + "/log.jsonl");
  // A worker's log as a kill leaves it: 10 complete lines, then half of the 11th.
  std::size_t end_of_tenth = 0;
  for (int k = 0; k < 10; ++k) end_of_tenth = log.find('\n', end_of_tenth) + 1;
  const std::size_t end_of_eleventh = log.find('\n', end_of_tenth) + 1;
  fs::create_directories(cut);
  fs::copy_file(reference + "/campaign.json", cut + "/campaign.json");
  std::ofstream(cut + "/worker-0.jsonl", std::ios::binary)
      << identity_line(cut) << log.substr(0, end_of_tenth + (end_of_eleventh - end_of_tenth) / 2);
  ToolRun r = run_tool("campaign --count 40 --seed 4 --jobs 2 --out " + cut);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("cut off a partial last line"), std::string::npos) << r.output;
  EXPECT_EQ(read_file(cut + "/log.jsonl"), log);  // nothing glued, lost or invented
  EXPECT_FALSE(fs::exists(cut + "/worker-0.jsonl"));
}

TEST(CliCampaignFaults, ADamagedLineInTheMiddleIsALocatedErrorAndTheLogIsKept) {
  TempDir tmp;
  const std::string reference = tmp / "reference", damaged = tmp / "damaged";
  ASSERT_EQ(run_tool("campaign --count 12 --seed 4 --out " + reference).exit_code, 0);
  fs::create_directories(damaged);
  fs::copy_file(reference + "/campaign.json", damaged + "/campaign.json");
  std::istringstream lines(read_file(reference + "/log.jsonl"));
  std::string text = identity_line(damaged), line;
  for (int number = 1; std::getline(lines, line); ++number)
    text += (number == 5 ? "garbage" : line) + "\n";
  std::ofstream(damaged + "/worker-1.jsonl", std::ios::binary) << text;
  ToolRun r = run_tool("campaign --count 12 --seed 4 --out " + damaged);
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find(damaged + "/worker-1.jsonl:6:1: error: not a campaign log line"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(read_file(damaged + "/worker-1.jsonl"), text);  // untouched
  EXPECT_FALSE(fs::exists(damaged + "/log.jsonl"));
}

TEST(CliCampaignFaults, KilledAtRandomMomentsAndResumedTheLogIsTheUninterruptedOne) {
  TempDir tmp;
  const std::string reference = tmp / "reference", killed = tmp / "killed";
  const std::string args = "campaign --count 500 --seed 6 --jobs 2 --out ";
  ASSERT_EQ(run_tool(args + reference).exit_code, 0);
  std::mt19937 random(16);  // fixed: the same moments on every run of the test
  std::uniform_int_distribution<int> milliseconds(20, 700);
  for (int cycle = 0; cycle < 6; ++cycle) {
    const double seconds = milliseconds(random) / 1000.0;
    std::system(("timeout -s KILL " + std::to_string(seconds) + " " + tool() + " " + args + killed +
                 " > /dev/null 2>&1")
                    .c_str());
  }
  ToolRun r = run_tool(args + killed);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(read_file(killed + "/log.jsonl"), read_file(reference + "/log.jsonl"));
}

// Issue #34: a worker log copied from another campaign of the same count and shards (a killed
// run of seed 6 into a killed run of seed 7) is refused on resume at its first line, exit 3,
// untouched; it was adopted before worker logs carried their campaign's identity.
TEST(CliCampaignFaults, AWorkerLogOfAnotherCampaignIsRefusedOnResume) {
  TempDir tmp;
  const std::string other = tmp / "other", here = tmp / "here";
  // A killed campaign whose worker 0 logged at least one program (its identity line, then lines).
  auto killed_run = [&](const std::string& seed, const std::string& dir) {
    const std::string pid_file = dir + ".pid";
    std::system(("(" + tool() + " campaign --count 2000 --seed " + seed + " --jobs 1 --out " + dir +
                 " > /dev/null 2>&1 & echo $! > " + pid_file + ")")
                    .c_str());
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    auto lines = [&] {
      const std::string text = read_file(dir + "/worker-0.jsonl");
      return std::count(text.begin(), text.end(), '\n');
    };
    while (lines() < 3 && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    std::system(("kill -KILL $(cat " + pid_file + ")").c_str());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return lines() >= 3;
  };
  ASSERT_TRUE(killed_run("6", other));
  ASSERT_TRUE(killed_run("7", here));
  const std::string copied = read_file(other + "/worker-0.jsonl");
  fs::copy_file(other + "/worker-0.jsonl", here + "/worker-0.jsonl", fs::copy_options::overwrite_existing);
  ToolRun r = run_tool("campaign --count 2000 --seed 7 --jobs 1 --out " + here);
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find(here + "/worker-0.jsonl:1:1: error: this worker log belongs to another campaign: seed 6 "
                                 "(here: 7)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(read_file(here + "/worker-0.jsonl"), copied);
  EXPECT_FALSE(fs::exists(here + "/log.jsonl"));
}

TEST(CliCampaignFaults, AReadOnlyOutputDirectoryFailsAtTheStart) {
  TempDir tmp;
  const std::string dir = tmp / "read-only";
  TmpfsMount read_only(dir, "ro,size=64k");
  if (!read_only.mounted) {
    if (geteuid() == 0)
      GTEST_SKIP() << "cannot mount a read-only tmpfs here (a container without the right?)";
    fs::permissions(
        dir, fs::perms::owner_read | fs::perms::owner_exec);  // not root: permissions suffice
  }
  const auto start = std::chrono::steady_clock::now();
  ToolRun r = run_tool("campaign --count 100000 --out " + dir);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("cannot write in the output directory"), std::string::npos) << r.output;
  EXPECT_LT(seconds, 10.0) << "100,000 programs take minutes: it must fail before checking any";
  if (!read_only.mounted) fs::permissions(dir, fs::perms::owner_all);
}

TEST(CliCampaignFaults, AFullDiskFailsLoudlyKeepsTheWorkAndResumes) {
  TempDir tmp;
  const std::string reference = tmp / "reference", mount_point = tmp / "small";
  TmpfsMount small(mount_point, "size=256k");
  if (!small.mounted) GTEST_SKIP() << "needs root and tmpfs mounts to make a full filesystem";
  const std::string dir = mount_point + "/campaign",
                    args = "campaign --count 600 --seed 8 --jobs 2 --out ";
  // 600 log lines take about a megabyte: 256 KiB runs out part way.
  ToolRun full = run_tool(args + dir);
  EXPECT_EQ(full.exit_code, 3) << full.output;
  EXPECT_NE(full.output.find("No space left on device"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("run the same command again to resume"), std::string::npos)
      << full.output;
  EXPECT_FALSE(fs::exists(dir + "/log.jsonl"));
  // Every complete line kept is a whole log line. The write that met the full disk may have left
  // a partial last line (no newline): a resume cuts it off and checks its program again.
  std::size_t kept = 0;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind("worker-", 0) == 0) {
      const std::string text = read_file(entry.path().string());
      std::istringstream lines(text.substr(0, text.rfind('\n') + 1));
      for (std::string line; std::getline(lines, line); ++kept)
        EXPECT_FALSE(nlohmann::json::parse(line, nullptr, false).is_discarded()) << line;
    }
  EXPECT_GT(kept, 50u) << "the programs checked before the disk was full are kept";
  // Room made: the resumed campaign ends with the uninterrupted run's log.
  ASSERT_TRUE(small.remount("size=16m"));
  ToolRun resumed = run_tool(args + dir);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  ASSERT_EQ(run_tool(args + reference).exit_code, 0);
  EXPECT_EQ(read_file(dir + "/log.jsonl"), read_file(reference + "/log.jsonl"));
}

TEST(CliCampaignFaults, ASecondCampaignOnTheSameDirectoryIsRefused) {
  TempDir tmp;
  const std::string dir = tmp / "busy", reference = tmp / "reference", rc = tmp / "first.rc";
  const std::string args = "campaign --count 1200 --seed 2 --out ";
  std::system(
      ("(" + tool() + " " + args + dir + " > /dev/null 2>&1; echo $? > " + rc + ") &").c_str());
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!fs::exists(dir + "/worker-0.jsonl") && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ToolRun second = run_tool(args + dir);
  const bool first_still_running = !fs::exists(rc);
  EXPECT_EQ(second.exit_code, 3) << second.output;
  EXPECT_NE(second.output.find("another campaign or merge is running on this directory"),
            std::string::npos)
      << second.output;
  EXPECT_TRUE(first_still_running)
      << "the first campaign ended too soon for this test to mean anything";
  while (!fs::exists(rc) || read_file(rc).empty())
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(read_file(rc), "0\n");
  ASSERT_EQ(run_tool(args + reference).exit_code, 0);
  EXPECT_EQ(read_file(dir + "/log.jsonl"),
            read_file(reference + "/log.jsonl"));  // nothing interleaved
}

TEST(CliCampaignFaults, AResumeWithOtherArgumentsIsRefused) {
  TempDir tmp;
  const std::string dir = tmp / "campaign";
  ASSERT_EQ(run_tool("campaign --count 10 --seed 3 --out " + dir).exit_code, 0);
  const std::string log = read_file(dir + "/log.jsonl");
  ToolRun seed = run_tool("campaign --count 10 --seed 4 --out " + dir);
  EXPECT_EQ(seed.exit_code, 3);
  EXPECT_NE(seed.output.find("holds another campaign: seed 3 (here: 4)"), std::string::npos)
      << seed.output;
  ToolRun modes = run_tool("campaign --count 10 --seed 3 --modes fwd --out " + dir);
  EXPECT_EQ(modes.exit_code, 3);
  EXPECT_NE(modes.output.find("modes [\"fwd\",\"rev\"] (here: [\"fwd\"])"), std::string::npos)
      << modes.output;
  EXPECT_EQ(read_file(dir + "/log.jsonl"), log);
}

TEST(CliCampaignFaults,
     MergeRefusesShardsOfOtherCampaignsOverlapsAndDuplicatesAndReportsMissingOnes) {
  TempDir tmp;
  const std::string common = "campaign --count 30 --seed 7 ";
  for (int shard = 0; shard < 3; ++shard)
    ASSERT_EQ(run_tool(common + "--shard " + std::to_string(shard) + "/3 --out " +
                       tmp / ("s" + std::to_string(shard)))
                  .exit_code,
              0);
  ASSERT_EQ(
      run_tool("campaign --count 30 --seed 8 --shard 1/3 --out " + tmp / "other-seed").exit_code,
      0);
  ASSERT_EQ(run_tool(common + "--shard 1/2 --out " + tmp / "halves").exit_code, 0);
  ASSERT_EQ(run_tool(common + "--out " + tmp / "whole").exit_code, 0);
  fs::copy(tmp / "s1", tmp / "s1-copy");
  struct Refusal {
    std::string inputs, says;
  };
  for (const Refusal& refusal :
       {Refusal{"s0 other-seed", "not a shard of the campaign in"},
        Refusal{"s0 halves", "number of shards"}, Refusal{"s0 s1 s1-copy", "shard 1/3 is also in"},
        Refusal{"s0 s0", "the same directory is given twice"}}) {
    std::string inputs;
    std::istringstream names(refusal.inputs);
    for (std::string name; names >> name;) inputs += tmp / name + " ";
    ToolRun r = run_tool("merge " + inputs + "--out " + tmp / "refused");
    EXPECT_EQ(r.exit_code, 3) << refusal.inputs << ": " << r.output;
    EXPECT_NE(r.output.find(refusal.says), std::string::npos) << refusal.inputs << ": " << r.output;
    EXPECT_FALSE(fs::exists(tmp / "refused/log.jsonl")) << refusal.inputs;
  }
  // Two of three shards: merged, with a warning and exit 1; the third added later completes it.
  ToolRun partial = run_tool("merge " + tmp / "s0" + " " + tmp / "s2" + " --out " + tmp / "merged");
  EXPECT_EQ(partial.exit_code, 1) << partial.output;
  EXPECT_NE(partial.output.find("warning: incomplete merge: shard 1/3 missing"), std::string::npos)
      << partial.output;
  std::istringstream merged_lines(read_file(tmp / "merged/log.jsonl"));
  std::size_t merged = 0;
  for (std::string line; std::getline(merged_lines, line);) ++merged;
  EXPECT_EQ(merged, 20u);  // shards 0 and 2 of 30 programs: indices 0, 3, ..., 27 and 2, 5, ..., 29
  ToolRun complete = run_tool("merge " + tmp / "s1" + " --out " + tmp / "merged");
  EXPECT_EQ(complete.exit_code, 0) << complete.output;
  EXPECT_EQ(read_file(tmp / "merged/log.jsonl"), read_file(tmp / "whole/log.jsonl"));
}

}  // namespace

namespace {

// Issue #34: a log.jsonl copied beside another campaign's campaign.json was adopted on resume
// (its lines carry no identity). log.identity.json beside it now names the campaign that wrote
// it and the content it wrote (campaigns/log_identity.hpp): the log of seed 6 copied into the
// directory of seed 7 (alone, with its identity file, or into a directory with none) is refused
// at its first line, exit 3, untouched; the directory's own log still resumes.
TEST(CliCampaignFaults, ALogOfAnotherCampaignCopiedBesideCampaignJsonIsRefusedOnResume) {
  TempDir tmp;
  const std::string other = tmp / "other", here = tmp / "here", bare = tmp / "bare";
  for (const auto& [seed, dir] : {std::pair{"6", other}, std::pair{"7", here}})
    ASSERT_EQ(run_tool(std::string("campaign --count 8 --seed ") + seed + " --jobs 1 --out " + dir).exit_code, 0);
  const std::string own = read_file(here + "/log.jsonl"), copied = read_file(other + "/log.jsonl");
  ASSERT_NE(own, copied);
  // The directory's own log: resumed (nothing left to check), unchanged.
  ToolRun again = run_tool("campaign --count 8 --seed 7 --jobs 1 --out " + here);
  EXPECT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(read_file(here + "/log.jsonl"), own);
  // The other campaign's log alone: its content is not what this directory's identity records.
  fs::copy_file(other + "/log.jsonl", here + "/log.jsonl", fs::copy_options::overwrite_existing);
  ToolRun alone = run_tool("campaign --count 8 --seed 7 --jobs 1 --out " + here);
  EXPECT_EQ(alone.exit_code, 3) << alone.output;
  EXPECT_NE(alone.output.find(here + "/log.jsonl:1:1: error: this log.jsonl is not the log this campaign wrote"),
            std::string::npos)
      << alone.output;
  EXPECT_EQ(read_file(here + "/log.jsonl"), copied);
  // With its identity file: another campaign's, named by what differs.
  fs::copy_file(other + "/log.identity.json", here + "/log.identity.json", fs::copy_options::overwrite_existing);
  ToolRun with_identity = run_tool("campaign --count 8 --seed 7 --jobs 1 --out " + here);
  EXPECT_EQ(with_identity.exit_code, 3) << with_identity.output;
  EXPECT_NE(with_identity.output.find(here + "/log.jsonl:1:1: error: this log.jsonl belongs to another campaign: "
                                             "seed 6 (here: 7)"),
            std::string::npos)
      << with_identity.output;
  EXPECT_EQ(read_file(here + "/log.jsonl"), copied);
  // Beside a campaign.json with no log identity (a campaign killed before its first merge).
  fs::create_directories(bare);
  fs::copy_file(here + "/campaign.json", bare + "/campaign.json");
  fs::copy_file(other + "/log.jsonl", bare + "/log.jsonl");
  ToolRun no_identity = run_tool("campaign --count 8 --seed 7 --jobs 1 --out " + bare);
  EXPECT_EQ(no_identity.exit_code, 3) << no_identity.output;
  EXPECT_NE(no_identity.output.find(bare + "/log.jsonl:1:1: error: this log.jsonl carries no campaign identity"),
            std::string::npos)
      << no_identity.output;
  EXPECT_EQ(read_file(bare + "/log.jsonl"), copied);
  // `merge` checks each input's log the same way.
  ToolRun merged = run_tool("merge " + bare + " --out " + (tmp / "merged"));
  EXPECT_EQ(merged.exit_code, 3) << merged.output;
  EXPECT_NE(merged.output.find(bare + "/log.jsonl:1:1: error: this log.jsonl carries no campaign identity"),
            std::string::npos)
      << merged.output;
}

}  // namespace

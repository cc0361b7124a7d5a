// Counterexample reports: written for a failing program, they hold a parseable program with
// its input, exact hex-float coordinates, the replay command and Graphviz pictures; replaying
// reproduces the verdict; the blamed subterm is named and highlighted.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "mutants/mutants.hpp"
#include "mutants/test_faults.hpp"
#include "reports/counterexample.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::string fresh_temp_dir(const std::string& name) {
  const std::string dir = (std::filesystem::temp_directory_path() / name).string();
  std::filesystem::remove_all(dir);
  return dir;
}

// Program 3 of a campaign with seed 7 and `mutant` injected: `g`, as checked.
Counterexample checked_with(const Mutant& mutant, const GeneratedCase& g, std::size_t original_size,
                            std::size_t shrunk_size) {
  CampaignOptions o;
  o.rules = &mutant.rules;
  return Counterexample{7, 3, mutant.name, o, check_case(o, g), original_size, shrunk_size};
}

TEST(Counterexample, WrittenThenReplayed) {
  const std::string dir = fresh_temp_dir("chad_report_test");
  run_with_deep_stack([&] {
    GeneratedCase g{"def main (x : real * real) : real =\n  fst x * snd x;\n", "(1.5, -2)"};
    Counterexample c = checked_with(*find_mutant("rev-prim-doubles"), g, 9, 5);
    ASSERT_EQ(c.outcome.verdict, CampaignVerdict::Fail);
    write_report(dir, c);
    std::ifstream in(dir + "/program.chad");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NO_THROW(parse_program(text.str(), "program.chad"));
    EXPECT_NE(text.str().find("-- at: (1.5, -2)"), std::string::npos);
    auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
    EXPECT_EQ(j["input_coords_hex"], nlohmann::json({"0x1.8p+0", "-0x1p+1"}));
    EXPECT_EQ(j["replay"], "chad-oracle replay " + dir);
    EXPECT_TRUE(std::filesystem::exists(dir + "/report.md"));
    // The pictures: the program's body (fst x * snd x: a `*` node) and CHAD's output.
    std::ifstream dot(dir + "/program.dot");
    std::stringstream dot_text;
    dot_text << dot.rdbuf();
    // The doubled derivative is blamed on the `*` node, highlighted in the picture.
    EXPECT_NE(dot_text.str().find("label=\"*\", style=filled"), std::string::npos) << dot_text.str();
    EXPECT_EQ(j["blame"]["rule"], "reverse primitive *");
    EXPECT_EQ(j["blame"]["node"], 0);
    EXPECT_TRUE(std::filesystem::exists(dir + "/chad.dot"));
    if (std::system("command -v dot > /dev/null 2>&1") == 0) {
      EXPECT_TRUE(std::filesystem::exists(dir + "/program.svg"));
      EXPECT_TRUE(std::filesystem::exists(dir + "/chad.svg"));
    }
    Replay r = replay_report(dir);
    EXPECT_TRUE(r.reproduced);
    EXPECT_EQ(r.outcome.verdict, CampaignVerdict::Fail);
  });
  EXPECT_THROW(replay_report(dir + "/nowhere"), SourceError);
}

// A fault (CHAD's output does not type-check: mutants/test_faults.hpp) is reported like a fail:
// program, report.json with the blame, report.md; no picture of CHAD's output, which does not
// exist, and the report says why; replaying gives the fault again.
TEST(Counterexample, AFaultIsReportedAndReplayed) {
  const std::string dir = fresh_temp_dir("chad_report_fault_test");
  run_with_deep_stack([&] {
    Counterexample c = checked_with(*find_test_fault("test-unbound-variable"),
                                    GeneratedCase{"def main (x : real) : real =\n  sin(x);\n", "0.5"}, 2, 2);
    ASSERT_EQ(c.outcome.verdict, CampaignVerdict::Fault);
    write_report(dir, c);
    Replay replay = replay_report(dir);
    EXPECT_TRUE(replay.reproduced) << replay.recorded_verdict;
    EXPECT_EQ(replay.outcome.verdict, CampaignVerdict::Fault);
  });
  for (const char* file : {"program.chad", "report.json", "report.md", "program.dot"})
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + file)) << file;
  auto j = nlohmann::json::parse(std::ifstream(dir + "/report.json"));
  EXPECT_EQ(j["verdict"], "fault");
  EXPECT_TRUE(j["blame"]["found"].get<bool>()) << j["blame"].dump();
  EXPECT_EQ(j["blame"]["rule"], "reverse primitive sin");
  std::ifstream md(dir + "/report.md");
  std::stringstream text;
  text << md.rdbuf();
  EXPECT_NE(text.str().find("No picture of CHAD's output"), std::string::npos) << text.str();
}

}  // namespace
}  // namespace chad

// `chad-oracle mutants`: the kill matrix as JSON, mutants.md and reports with --out, and a
// located error for an unknown mutant.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::ToolRun;

TEST(CliMutants, OneMutantAsJsonWithItsReport) {
  const std::string out = (std::filesystem::temp_directory_path() / "chad_cli_mutants").string();
  std::filesystem::remove_all(out);
  ToolRun r = run_tool("mutants --only rev-let-drops-bound --json --out " + out, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j["mutants"].size(), 1u);
  const auto& m = j["mutants"][0];
  EXPECT_EQ(m["name"], "rev-let-drops-bound");
  EXPECT_EQ(m["rule"], "reverse let");
  EXPECT_EQ(m["killed"], true);
  EXPECT_GE(m["programs"].get<int>(), 1);
  EXPECT_GE(m["seconds"].get<double>(), 0.0);
  EXPECT_LE(m["counterexample_size"].get<int>(), 15);
  EXPECT_EQ(m["blame_correct"], true);
  EXPECT_EQ(j["totals"]["killed"], 1);
  EXPECT_TRUE(std::filesystem::exists(out + "/mutants.md"));
  EXPECT_TRUE(std::filesystem::exists(out + "/mutants.json"));
  EXPECT_TRUE(std::filesystem::exists(out + "/reports/rev-let-drops-bound/report.json"));
  // The report replays to the same verdict.
  EXPECT_EQ(run_tool("replay " + out + "/reports/rev-let-drops-bound").exit_code, 1);
}

TEST(CliMutants, AnUnkilledMutantExitsOne) {
  ToolRun r = run_tool("mutants --only rev-fun-ignores-copower-primals --count 2");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("0 of 1 mutants killed"), std::string::npos) << r.output;
}

// The table's columns are as wide as their longest entry: the longest rule's name (46
// characters) keeps two spaces before the next column, and the totals after the rows print
// plain numbers (the rows' fixed two decimals of seconds do not carry over).
TEST(CliMutants, TheTableKeepsItsColumnsApartAndTheTotalsPlain) {
  ToolRun r = run_tool("mutants --only nested-mu-drops-later-positions --no-shrink");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("evaluator: the functorial action [h] of a fold  yes"), std::string::npos) << r.output;
  const std::size_t header = r.output.find("mutant ");
  const std::size_t row = r.output.find("nested-mu-drops-later-positions ");
  ASSERT_NE(header, std::string::npos) << r.output;
  ASSERT_NE(row, std::string::npos) << r.output;
  const auto column = [&](std::size_t line_start, const std::string& word) {
    return r.output.find(word, line_start) - line_start;
  };
  EXPECT_EQ(column(header, "killed"), column(row, "yes")) << r.output;
  EXPECT_EQ(r.output.find(".00 term nodes"), std::string::npos) << r.output;
}

TEST(CliMutants, AnUnknownMutantIsBadInput) {
  ToolRun r = run_tool("mutants --only no-such-mutant");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.output.find("unknown mutant `no-such-mutant`"), std::string::npos) << r.output;
}

}  // namespace

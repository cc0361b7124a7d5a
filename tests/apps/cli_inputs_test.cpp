// The command line's inputs: `--at @FILE` and `--at -`, a program read from standard input
// (`-`), the note when the program's own `-- at:` line is used, `--version`, and list
// literals in `--at` values (a 10,000-element list given through a file, beyond the nesting a
// written-out chain of rolls may have).
#include <gtest/gtest.h>

#include <regex>

#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;

std::string write_file(const std::string& name, const std::string& text) {
  return chad::testing::write_temp_file("chad_cli_inputs_test", name, text);
}

constexpr int kBadInput = 3;

TEST(CliInputs, VersionPrintsTheProjectVersion) {
  ToolRun r = run_tool("--version");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::regex_match(r.output, std::regex("chad-oracle [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r.output;
}

TEST(CliInputs, AtFromAFileAndFromStandardInput) {
  // list_product: 1.5 * -2 * 4 = -12.
  const std::string at = write_file("point.txt", "[1.5, -2, 4]\n");
  ToolRun r = run_tool("eval " + example("list_product.chad") + " --at @" + at);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "-12\n");
  r = run_tool("eval " + example("list_product.chad") + " --at - < " + at);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "-12\n");
  // jacobian and shape take it too: d/dxi is the product of the others (-8, 6, -3).
  r = run_tool("jacobian " + example("list_product.chad") + " --method dual --json --at @" + at, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(nlohmann::json::parse(r.output)["jacobian"], nlohmann::json({{-8.0, 6.0, -3.0}}));
  r = run_tool("shape " + example("list_product.chad") + " --json --at - < " + at, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(nlohmann::json::parse(r.output)["input"]["coords"], nlohmann::json({1.5, -2.0, 4.0}));
  // A missing file is a located error.
  r = run_tool("eval " + example("list_product.chad") + " --at @/nonexistent/point.txt");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/point.txt: error: cannot open the --at value file"), std::string::npos)
      << r.output;
}

TEST(CliInputs, ProgramFromStandardInput) {
  const std::string program = write_file("square.chad", "def main (x : real) : real = x * sin x;\n");
  ToolRun r = run_tool("eval - --at 0 < " + program);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "0\n");  // 0 * sin 0
  // Errors name <stdin>: `ln` at line 1, column 34.
  const std::string bad = write_file("bad.chad", "def main (x : real) : real = 1 + ln x;\n");
  r = run_tool("check - < " + bad);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("<stdin>:1:34: error: unbound variable `ln` (did you mean the primitive `log`?"),
            std::string::npos)
      << r.output;
  // Standard input cannot be both the program and the value.
  r = run_tool("eval - --at - < " + program);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_NE(r.output.find("standard input gives the program already"), std::string::npos) << r.output;
}

TEST(CliInputs, TheProgramsAtLineIsUsedAndSaidSo) {
  // list_product's `-- at:` line is the list 1.5, -2, 4: the product is -12.
  ToolRun r = run_tool("eval " + example("list_product.chad"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("no --at given: using the `-- at:` line of " + example("list_product.chad")),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("-12\n"), std::string::npos) << r.output;
  // With --json nothing is said on stderr.
  const std::string program = write_file("at_line.chad", "-- at: 2\ndef main (x : real) : real = x * x;\n");
  r = run_tool("eval " + program + " --json 2>&1 >/dev/null");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "");
  // From standard input too.
  r = run_tool("eval - < " + program, false);
  EXPECT_EQ(r.output, "4\n");
}

TEST(CliInputs, ATenThousandElementListLiteralThroughAFile) {
  // list_sum of 1, 2, ..., 10000 is 10000 * 10001 / 2 = 50005000; every d/dxi is 1.
  std::string list = "[";
  for (int i = 1; i <= 10000; ++i) list += (i > 1 ? ", " : "") + std::to_string(i);
  const std::string at = write_file("long_list.txt", list + "]");
  ToolRun r = run_tool("eval " + example("list_sum.chad") + " --at @" + at);
  EXPECT_EQ(r.exit_code, 0) << r.output.substr(0, 300);
  EXPECT_EQ(r.output, "50005000\n");
  // (Reverse mode: one pass, where the dual reference would take 10,000.)
  r = run_tool("jacobian " + example("list_sum.chad") + " --method chad-rev --json --at @" + at, false);
  ASSERT_EQ(r.exit_code, 0) << r.output.substr(0, 300);
  const auto row = nlohmann::json::parse(r.output)["jacobian"][0];
  ASSERT_EQ(row.size(), 10000u);
  for (const auto& entry : row) ASSERT_EQ(entry.get<double>(), 1.0);
}

}  // namespace

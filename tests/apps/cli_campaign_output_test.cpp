// What `chad-oracle campaign` and `mutants` print: --quiet prints only the final summary; the
// default prints one line per failure class, not one per program; errors.svg shows the failing
// checks on a log axis with titles.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::ToolRun;

// rev-prim-doubles doubles the reverse derivative of every primitive: forward checks pass, and a
// wrong value is a `fail` (not a fault) in every sums strategy alike (the strategies differ only
// in sum types' (co)tangents, not in primitives'), so all failing programs form one class.
const std::string kMutantCampaign = "campaign --count 150 --mutant rev-prim-doubles";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The summary line's count of `verdict`: "150 programs (...): crash 0  fail 97  ...".
int summary_count(const std::string& output, const std::string& verdict) {
  std::smatch m;
  if (!std::regex_search(output, m, std::regex("\\) ?: .*\\b" + verdict + " ([0-9]+) "))) return -1;
  return std::stoi(m[1]);
}

TEST(CliCampaignOutput, QuietPrintsOnlyTheSummary) {
  ToolRun r = run_tool(kMutantCampaign + " --quiet");
  ASSERT_EQ(r.exit_code, 1) << r.output;
  EXPECT_GT(summary_count(r.output, "fail"), 0) << r.output;
  for (const std::string& line : lines_of(r.output)) {
    EXPECT_EQ(line.find("FAILED"), std::string::npos) << line;
    EXPECT_EQ(line.find("program "), std::string::npos) << line;
  }
  EXPECT_LE(lines_of(r.output).size(), 4u) << r.output;
}

TEST(CliCampaignOutput, OneLinePerFailureClass) {
  ToolRun r = run_tool(kMutantCampaign);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  const int failed = summary_count(r.output, "fail");
  ASSERT_GT(failed, 1) << r.output;  // many failing programs ...
  std::vector<std::string> classes;
  for (const std::string& line : lines_of(r.output))
    if (line.rfind("FAILED", 0) == 0) classes.push_back(line);
  ASSERT_EQ(classes.size(), 1u) << r.output;  // ... one line
  EXPECT_EQ(classes[0].rfind("FAILED " + std::to_string(failed) +
                                 " programs: fail in rev biproduct, rev lifted, rev zero-fn; first program ",
                             0),
            0u)
      << classes[0];
  EXPECT_NE(classes[0].find("replay with `chad-oracle campaign --seed 1 --max-size 20 --mutant rev-prim-doubles --only "),
            std::string::npos);
  ToolRun help = run_tool("campaign --help");
  EXPECT_NE(help.output.find("A failure class is"), std::string::npos) << help.output;
}

TEST(CliCampaignOutput, ErrorsSvgShowsTheFailuresOnALogAxis) {
  const chad::testing::TempDir scratch("chad_cli_campaign_output_svg");  // its own: other builds run this test too
  const std::string dir = scratch / "out";
  ToolRun r = run_tool(kMutantCampaign + " --quiet --reports 0 --out " + dir);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  std::ifstream in(dir + "/errors.svg");
  std::stringstream svg;
  svg << in.rdbuf();
  // Each failing program fails its three reverse checks.
  const int failing_checks = 3 * summary_count(r.output, "fail");
  EXPECT_NE(svg.str().find("failing checks (fail, fail-numeric): " + std::to_string(failing_checks) + "<"),
            std::string::npos)
      << svg.str();
  EXPECT_NE(svg.str().find("class=\"failing\""), std::string::npos);
  EXPECT_NE(svg.str().find(">checks (log scale)</text>"), std::string::npos);
  EXPECT_NE(svg.str().find(">relative error against dual numbers in double"), std::string::npos);
  EXPECT_NE(svg.str().find(">0 (exact)</text>"), std::string::npos);
  EXPECT_NE(svg.str().find("passing after the certified check"), std::string::npos);
}

TEST(CliMutantsOutput, QuietPrintsOnlyTheTotals) {
  ToolRun r = run_tool("mutants --only rev-let-drops-bound --no-shrink --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 of 1 mutants killed"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("rev-let-drops-bound"), std::string::npos) << r.output;  // no line per mutant
}

}  // namespace

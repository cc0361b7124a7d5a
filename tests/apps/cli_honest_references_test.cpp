// Honest answers end to end: fd's "cannot certify" (exit 2) where its step is lost to rounding,
// a located error (exit 3) for a NaN or infinite Jacobian from any method, and
// `campaign --cross-check fd:RATE` with its counts in summary.json.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;

constexpr int kNotDifferentiable = 2, kBadInput = 3;

std::string write_program(const std::string& name, const std::string& text) {
  return chad::testing::write_temp_file("chad_cli_honest", name, text);
}

TEST(CliHonestReferences, FdCannotCertifyALostStep) {
  const std::string path = write_program("big.chad", "def main (x : real) : real = 1e100 + x;\n");
  ToolRun r = run_tool("jacobian " + path + " --method fd --at 0");
  EXPECT_EQ(r.exit_code, kNotDifferentiable) << r.output;
  EXPECT_NE(r.output.find("cannot certify"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("(+- 0)"), std::string::npos) << r.output;
  ToolRun j = run_tool("jacobian " + path + " --method fd --json --at 0", false);
  auto json = nlohmann::json::parse(j.output);
  EXPECT_EQ(json["differentiable"], false);
  EXPECT_EQ(json["cannot_certify"], true);
  // The same method on a normal program: d/dx x^3 at 2 is 3 * 2^2 = 12.
  const std::string cube = write_program("cube.chad", "def main (x : real) : real = x * x * x;\n");
  ToolRun ok = run_tool("jacobian " + cube + " --method fd --json --at 2", false);
  ASSERT_EQ(ok.exit_code, 0) << ok.output;
  EXPECT_NEAR(nlohmann::json::parse(ok.output)["jacobian"][0][0].get<double>(), 12.0, 1e-14);
}

TEST(CliHonestReferences, NonFiniteJacobiansAreLocatedErrors) {
  // exp(1000) overflows double: log-sum-exp's value and Jacobian are inf / nan in double.
  const std::string path = write_program("lse.chad", "def main (v : real[4]) : real = log(sum(exp(v)));\n");
  for (const char* method : {"dual", "chad-fwd", "chad-rev", "sd-rev"}) {
    SCOPED_TRACE(method);
    ToolRun r = run_tool("jacobian " + path + " --method " + method + " --at " + shell_quote("[1000, 0, 0, 0]"));
    EXPECT_EQ(r.exit_code, kBadInput) << r.output;
    EXPECT_NE(r.output.find("lse.chad:1:"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("overflows double"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("jacobian ("), std::string::npos) << r.output;  // no table printed
  }
  // MPFI and MPFR do not overflow there: d/dv0 = e^1000 / (e^1000 + 3) = 1 in double.
  for (const char* method : {"interval", "fd"}) {
    ToolRun r = run_tool("jacobian " + path + " --method " + method + " --json --at " +
                         shell_quote("[1000, 0, 0, 0]"), false);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(nlohmann::json::parse(r.output)["jacobian"][0][0].get<double>(), 1.0);
  }
}

TEST(CliHonestReferences, CampaignCrossCheckCountsInTheSummary) {
  auto dir = (std::filesystem::temp_directory_path() / "chad_cli_cross_check").string();
  std::filesystem::remove_all(dir);
  ToolRun r = run_tool("campaign --count 40 --cross-check fd:1 --json --out " + dir, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_GT(j["cross_check"]["checked"].get<int>(), 0);
  EXPECT_EQ(j["cross_check"]["disagreements"], 0);
  std::ifstream in(dir + "/summary.json");
  auto summary = nlohmann::json::parse(in);
  EXPECT_EQ(summary["cross_check"], j["cross_check"]);
  ToolRun none = run_tool("campaign --count 10 --json", false);
  EXPECT_EQ(nlohmann::json::parse(none.output)["cross_check"]["checked"], 0);
  for (const char* bad : {"fd:2", "fd:-0.1", "dual:0.5", "fd:", "fd:0.5x"}) {
    ToolRun b = run_tool(std::string("campaign --count 1 --cross-check ") + bad);
    EXPECT_EQ(b.exit_code, kBadInput) << bad << ": " << b.output;
    EXPECT_NE(b.output.find("--cross-check"), std::string::npos) << b.output;
  }
}

// Near the largest double the certified enclosure is unbounded: verify says "cannot certify" at the
// given point (exit 2), never FAIL, and its summary counts that one point as not judged and
// the random points that passed as passed (it used to call all of them "NOT DIFFERENTIABLE").
TEST(CliHonestReferences, VerifyNearTheLargestDoubleCannotCertifyOnlyThere) {
  // twice (adder a) x: the certified enclosure of a * (a * x + sin x) + ... overflows MPFI's bounds.
  ToolRun r = run_tool("verify " + chad::testing::example("higher_order.chad") + " --at " + shell_quote("(0.5, 1e308)"));
  EXPECT_EQ(r.exit_code, kNotDifferentiable) << r.output;
  EXPECT_NE(r.output.find("cannot certify"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("FAIL"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("NOT JUDGED at 1 of 4 points"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("passed at 3"), std::string::npos) << r.output;
}

}  // namespace

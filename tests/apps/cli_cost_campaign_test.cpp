// `chad-oracle campaign --check cost` end to end: the paper's CHAD re-runs a closure chain's
// primal for every closure (shared/spec/chad.md, the rule for `fun`), so a generated fold that
// turns the input list into a chain of closures costs it quadratic time, and the campaign says
// fail-cost, shrinks the program, writes a report with the cost table and plot, and the report
// replays; the efficient strategy is linear on the same programs; bad cost options are refused.
// Through the adapter protocol the same check judges an outside tool's wall time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::ToolRun;

std::string fresh_dir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("chad_cli_cost_campaign_" + name);
  std::filesystem::remove_all(dir);
  return dir.string();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CliCostCampaign, ThePapersClosureChainsFailCostAndShrink) {
  const std::string dir = fresh_dir("paper");
  ToolRun r = run_tool("campaign --check cost --functions paper --cost-sizes 4,16,64 --count 300 --seed 1 --jobs 2 --reports 1 --out " + dir);
  EXPECT_EQ(r.exit_code, 1) << r.output;  // a failure
  const auto summary = nlohmann::json::parse(read_file(dir + "/summary.json"));
  EXPECT_GE(summary["verdicts"]["fail-cost"].get<int>(), 1);
  EXPECT_EQ(summary["verdicts"]["fail"], 0);
  std::string report;
  for (const auto& entry : std::filesystem::directory_iterator(dir + "/failures")) report = entry.path().string();
  ASSERT_FALSE(report.empty());
  const auto j = nlohmann::json::parse(read_file(report + "/report.json"));
  EXPECT_EQ(j["verdict"], "fail-cost");
  EXPECT_LE(j["shrunk_size"].get<int>(), 15);
  const std::string md = read_file(report + "/report.md");
  EXPECT_NE(md.find("## Cost"), std::string::npos);
  EXPECT_NE(md.find("| input size | primal cost |"), std::string::npos);
  EXPECT_NE(read_file(report + "/cost.svg").find("<svg"), std::string::npos);
  ToolRun replay = run_tool("replay " + report);
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("verdict fail-cost"), std::string::npos) << replay.output;
}

TEST(CliCostCampaign, TheEfficientStrategyIsWithinBoundsOnTheSamePrograms) {
  ToolRun r = run_tool("campaign --check cost --functions efficient --cost-sizes 4,16,64 --count 300 --seed 1 --jobs 2 --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["verdicts"]["fail-cost"], 0);
  EXPECT_EQ(j["verdicts"]["fault"], 0);
}

TEST(CliCostCampaign, BadCostOptionsAreRefused) {
  for (const char* args : {"campaign --check nothing", "campaign --check cost --cost-sizes 8,4,16",
                           "campaign --check cost --cost-sizes 8,16", "campaign --check cost --cost-ratio 0.5",
                           "campaign --check cost --implementation sd-rev"}) {
    ToolRun r = run_tool(args);
    EXPECT_EQ(r.exit_code, 3) << args << "\n" << r.output;
    EXPECT_NE(r.output.find("<command line>"), std::string::npos) << args << "\n" << r.output;
  }
}

}  // namespace

// The same check through the adapter protocol, in wall time. A formula adapter answers every
// timed VJP with zeros and seconds given by the number n of input coordinates: primal 1e-6 n,
// derivative 1e-7 n^2 (ratio n / 10, marginal exponents 1 and 2). Every grown input's VJP is
// "quadratic", so the verdict, the shrinking and the report do not depend on the machine's speed.
const char* kFormulaAdapter = R"(import json, sys
for line in sys.stdin:
    r = json.loads(line)
    if r["kind"] == "bye":
        break
    if r["kind"] == "hello":
        a = {"kind": "hello", "protocol": 1, "tool": "formula", "precision": "float64", "timing": True}
    else:
        n = len(r["input"]["coords"])
        width = n if r["ask"] == "vjp" else len(r["output"]["labels"])
        a = {"kind": "result", "id": r["id"], r["ask"]: [[0.0] * width for _ in r["seeds"]]}
        if r.get("timing"):
            a["seconds"] = {"primal": 1e-6 * n, "derivative": 1e-7 * n * n}
    print(json.dumps(a), flush=True)
)";

TEST(CliCostCampaign, AnAdaptersTimeIsJudgedShrunkReportedAndReplayed) {
  const std::string dir = fresh_dir("adapter_formula");
  const std::string adapter =
      "/usr/bin/python3 " + chad::testing::write_temp_file("chad_cli_cost_formula", "formula_adapter.py", kFormulaAdapter);
  ToolRun r = run_tool("campaign --implementation adapter --adapter " + chad::testing::shell_quote(adapter) +
                       " --check cost --cost-sizes 4,16,64 --modes rev --seed 1 --count 3 --reports 1 --out " + dir);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  const auto summary = nlohmann::json::parse(read_file(dir + "/summary.json"));
  EXPECT_GE(summary["verdicts"]["fail-cost"].get<int>(), 1);
  std::string report;
  for (const auto& entry : std::filesystem::directory_iterator(dir + "/failures")) report = entry.path().string();
  ASSERT_FALSE(report.empty());
  const auto j = nlohmann::json::parse(read_file(report + "/report.json"));
  EXPECT_EQ(j["verdict"], "fail-cost");
  const std::string md = read_file(report + "/report.md");
  EXPECT_NE(md.find("| input size | primal seconds | VJP seconds | ratio |"), std::string::npos) << md;
  EXPECT_NE(md.find("The adapter's own wall time"), std::string::npos) << md;
  EXPECT_NE(read_file(report + "/cost.svg").find("<svg"), std::string::npos);
  ToolRun replay = run_tool("replay " + report);
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("verdict fail-cost"), std::string::npos) << replay.output;
}

// The golden adapter (`serve-adapter`) times CHAD's own VJP. Program 70 of seed 1 is a closure
// chain (the first the counted check finds under the default mix, as the README's cost campaign
// shows; program 256 before the mix); with the paper's strategy its VJP's time grows
// as about n^1.9 against the primal's n^1.0. Sizes 4 to 64 were not enough: there the primal takes
// under 100 us, only the exponent is judged, and one CI run under load measured 1.34 against 1.14
// (a pass). At size 512 the primal takes over 100 us and the VJP about 3,500 times as long (the
// bound is 34), so the verdict rests on a ratio that load cannot bring down forty-fold.
TEST(CliCostCampaign, TheGoldenAdapterTimesThePapersClosureChainAsTooExpensive) {
  const std::string golden = std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter --functions paper";
  ToolRun r = run_tool("campaign --implementation adapter --adapter " + chad::testing::shell_quote(golden) +
                           " --check cost --cost-sizes 8,64,512 --modes rev --seed 1 --only 70 --json",
                       false);
  ASSERT_EQ(r.exit_code, 1) << r.output;
  const auto program = nlohmann::json::parse(r.output);
  EXPECT_EQ(program["verdict"], "fail-cost");
  EXPECT_EQ(program["checks"][0]["cost"]["unit"], "seconds");
}

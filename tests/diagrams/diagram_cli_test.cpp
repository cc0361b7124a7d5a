// The command line of issue #6: `jacobian --method sd-rev` and `diagram`, run through the
// built tool (skipped when the tool has not been built: this binary does not depend on it).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace chad {
namespace {

using testing::example;
using testing::run_tool;

bool tool_built() {
  return std::filesystem::exists(std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle");
}

TEST(DiagramCli, SdRevJacobianMatchesTheClosedForm) {
  if (!tool_built()) GTEST_SKIP() << "chad-oracle not built";
  // array_literals.chad: df/dx = |v|^2 + 2x = 15, df/dv = 2 (1 + x) v = (3, -6, 9).
  testing::ToolRun r = run_tool("jacobian " + example("array_literals.chad") +
                                " --at '(0.5, [1, -2, 3])' --method sd-rev --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["method"], "sd-rev");
  std::vector<double> row = j["jacobian"][0].get<std::vector<double>>();
  EXPECT_EQ(row, (std::vector<double>{15, 3, -6, 9}));
}

TEST(DiagramCli, OutsideTheFragmentIsALocatedErrorWithExitCode3) {
  if (!tool_built()) GTEST_SKIP() << "chad-oracle not built";
  testing::ToolRun r = run_tool("jacobian " + example("relu.chad") + " --at 1 --method sd-rev");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("relu.chad:5:30: error: string-diagram AD: case is outside"), std::string::npos)
      << r.output;
}

TEST(DiagramCli, DiagramWritesDotAndReportsSizes) {
  if (!tool_built()) GTEST_SKIP() << "chad-oracle not built";
  std::string out = (std::filesystem::temp_directory_path() / "chad_diagram_cli_test.svg").string();
  testing::ToolRun r = run_tool("diagram " + example("higher_order.chad") + " --adjoint --foliation 5 -o " +
                                    testing::shell_quote(out) + " --json",
                                false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["adjoint"].get<bool>());
  EXPECT_GT(j["nodes"].get<int>(), j["source_nodes"].get<int>());
  std::string dot = j["dot"].get<std::string>();
  EXPECT_TRUE(std::filesystem::exists(dot));
  testing::ToolRun bad = run_tool("diagram " + example("higher_order.chad") + " --foliation -2 -o x.svg");
  EXPECT_NE(bad.exit_code, 0);
}

}  // namespace
}  // namespace chad

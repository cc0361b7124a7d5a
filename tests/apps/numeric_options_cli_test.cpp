// Numeric options are range-checked before anything runs: `--count -5` used to be read as
// 2^64 - 5 (a campaign that never ends) and `--seed -1` silently as 2^64 - 1; each is now a
// bad-input error (exit 3) naming the option, in every command that takes them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../support/tool_runner.hpp"

namespace chad {
namespace {

using testing::run_tool;

const std::string kHorner = std::string(CHAD_SOURCE_DIR) + "/examples/horner.chad";

TEST(NumericOptionsCli, NegativeCountsAndSeedsAreRefused) {
  for (const std::string& args : std::vector<std::string>{"campaign --count -5", "campaign --count 3 --seed -1", "campaign --count 3 --seed 1e23",
                                 "vectors --count -1 --out /nonexistent", "vectors --seed -2 --out /nonexistent",
                                 "mutants --count -3", "mutants --seed -4", "verify " + kHorner + " --seed -1"}) {
    const testing::ToolRun r = run_tool(args);
    EXPECT_EQ(r.exit_code, 3) << args << "\n" << r.output;
    EXPECT_TRUE(r.output.find("--count") != std::string::npos || r.output.find("--seed") != std::string::npos)
        << args << "\n" << r.output;
  }
}

TEST(NumericOptionsCli, TheLargestSeedIsStillASeed) {
  const testing::ToolRun r = run_tool("campaign --count 2 --seed 18446744073709551615 --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("seed 18446744073709551615"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace chad

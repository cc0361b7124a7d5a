// What the tool reads and writes, bounded and checked: a program file that never ends
// (/dev/zero) or a directory is refused with a located message (exit 3) instead of being read
// without bound or as an empty file; output that cannot be written (a full device as standard
// output, a report folder that cannot be written) is an error naming it (exit 3), never exit 0.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../support/tool_runner.hpp"

namespace chad {
namespace {

using testing::run_tool;
using testing::write_temp_file;

std::string example(const std::string& name) { return std::string(CHAD_SOURCE_DIR) + "/examples/" + name; }

// Runs `chad-oracle ARGS` with its standard output on /dev/full; the output is its stderr.
testing::ToolRun run_to_full_device(const std::string& args) {
  const std::string errors = write_temp_file("chad_io_limits_test", "stderr.txt", "");
  const int status = std::system(("timeout 120 " + std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle " + args +
                                  " > /dev/full 2> " + errors).c_str());
  std::ifstream in(errors);
  std::stringstream text;
  text << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, text.str()};
}

TEST(IoLimitsCli, AnEndlessProgramFileIsRefusedAtTheCap) {
  const testing::ToolRun r = run_tool("check /dev/zero");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("/dev/zero"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("larger than 256 MiB"), std::string::npos) << r.output;
}

TEST(IoLimitsCli, ADirectoryIsNotAProgram) {
  const testing::ToolRun r = run_tool("check " + std::filesystem::temp_directory_path().string());
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("is a directory"), std::string::npos) << r.output;
}

TEST(IoLimitsCli, AnEndlessAtValueFileIsRefusedAtTheCap) {
  const testing::ToolRun r = run_tool("eval " + example("horner.chad") + " --at @/dev/zero");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("larger than 256 MiB"), std::string::npos) << r.output;
}

TEST(IoLimitsCli, AFullStandardOutputIsAnErrorForEveryCommandThatPrints) {
  for (const std::string& command : {"eval " + example("horner.chad"), "jacobian --json " + example("horner.chad"),
                                    "transform " + example("horner.chad"),
                                    "translate --to python " + example("horner.chad")}) {
    const testing::ToolRun r = run_to_full_device(command);
    EXPECT_EQ(r.exit_code, 3) << command << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot write the standard output"), std::string::npos) << command << "\n" << r.output;
  }
}

TEST(IoLimitsCli, ADiagramThatCannotBeWrittenIsAnError) {
  const std::string folder = std::filesystem::temp_directory_path().string() + "/chad_io_limits_missing/no/such";
  const testing::ToolRun r = run_tool("diagram " + example("primitives.chad") + " -o " + folder + "/d.svg");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("cannot write"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("wrote"), std::string::npos) << r.output;
}

// Issue #34: a counterexample report that cannot be written (its folder cannot be made: here
// under a file, as on a read-only disk) was `internal error: filesystem error`, exit 4, after all
// the work; it is the environment's fault: exit 3, naming the folder.
TEST(IoLimitsCli, ACounterexampleReportThatCannotBeWrittenIsAnError) {
  const std::string program = write_temp_file("chad_io_limits_test", "mul.chad", "def main (x : real, y : real) : real = x * y;\n");
  const testing::ToolRun r =
      run_tool("verify " + program + " --at '(0.5, 2)' --mutant rev-mul-drops-term --out /dev/null/report");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("cannot write /dev/null/report"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("internal error"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace chad

// Every bad-input message names file:line:column, also those about the program as a whole (no
// def, an output or input type that is not data, a non-finite result): each points at the def,
// parameter or expression concerned. Locations are counted by hand in the programs below.
#include <gtest/gtest.h>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::run_tool;
using chad::testing::ToolRun;

constexpr int kBadInput = 3;

std::string write_program(const std::string& name, const std::string& text) {
  return chad::testing::write_temp_file("chad_cli_locations_test", name, text);
}

// Whether `output` has a line starting with `prefix` (the message's location).
bool has_line_starting(const std::string& output, const std::string& prefix) {
  return output.rfind(prefix, 0) == 0 || output.find("\n" + prefix) != std::string::npos;
}

TEST(CliLocations, AProgramWithoutADefPointsAtItsStart) {
  const std::string file = write_program("no_def.chad", "-- only a comment\n\n");
  ToolRun r = run_tool("check " + file);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_TRUE(has_line_starting(r.output, file + ":1:1: error: the program has no `def`")) << r.output;
}

TEST(CliLocations, AnOutputTypeThatIsNotDataPointsAtTheEntryDef) {
  // Line 2, column 1: the `def` of main.
  const std::string file = write_program(
      "function_output.chad", "-- returns a function\ndef main (x : real) : real -> real = fun (y : real) -> x * y;\n");
  ToolRun jacobian = run_tool("jacobian " + file + " --method dual --at 1");
  EXPECT_EQ(jacobian.exit_code, kBadInput) << jacobian.output;
  EXPECT_TRUE(has_line_starting(jacobian.output, file + ":2:1: error: the output type")) << jacobian.output;
  ToolRun shape = run_tool("shape " + file + " --at 1");
  EXPECT_EQ(shape.exit_code, kBadInput) << shape.output;
  EXPECT_TRUE(has_line_starting(shape.output, file + ":2:1: error: the output type")) << shape.output;
}

TEST(CliLocations, AnInputTypeThatIsNotDataPointsAtTheParameter) {
  // Line 2: "def main (x : real, f : real -> real) : real = f x;": `f` is column 21
  // ("def main (" is 10 characters, "x : real, " 10 more).
  const std::string file = write_program(
      "function_input.chad", "-- takes a function\ndef main (x : real, f : real -> real) : real = f x;\n");
  ToolRun r = run_tool("jacobian " + file + " --method dual --at 1");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_TRUE(has_line_starting(r.output, file + ":2:21: error: the input type")) << r.output;
}

TEST(CliLocations, ANonFiniteResultPointsAtTheEntrysBody) {
  // Line 2 is "  x * 1e300 * 1e300;": the body is the second product, whose operator `*` is
  // column 13 (two spaces, "x * 1e300 " is 10 characters).
  const std::string file =
      write_program("overflow.chad", "def main (x : real) : real =\n  x * 1e300 * 1e300;\n");
  ToolRun r = run_tool("eval " + file + " --at 1");
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_TRUE(has_line_starting(r.output, file + ":2:13: error: the result has a non-finite coordinate"))
      << r.output;
}

}  // namespace

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

// Runs `command`; expects exit 3 and a line of output starting with `message` (which begins
// with the location).
void expect_bad_input_at(const std::string& command, const std::string& message) {
  ToolRun r = run_tool(command);
  EXPECT_EQ(r.exit_code, kBadInput) << command << "\n" << r.output;
  const bool found = r.output.rfind(message, 0) == 0 || r.output.find("\n" + message) != std::string::npos;
  EXPECT_TRUE(found) << command << "\n" << r.output;
}

TEST(CliLocations, AProgramWithoutADefPointsAtItsStart) {
  const std::string file = write_program("no_def.chad", "-- only a comment\n\n");
  expect_bad_input_at("check " + file, file + ":1:1: error: the program has no `def`");
}

TEST(CliLocations, AnOutputTypeThatIsNotDataPointsAtTheEntryDef) {
  // Line 2, column 1: the `def` of main.
  const std::string file = write_program(
      "function_output.chad", "-- returns a function\ndef main (x : real) : real -> real = fun (y : real) -> x * y;\n");
  expect_bad_input_at("jacobian " + file + " --method dual --at 1", file + ":2:1: error: the output type");
  expect_bad_input_at("shape " + file + " --at 1", file + ":2:1: error: the output type");
}

TEST(CliLocations, AnInputTypeThatIsNotDataPointsAtTheParameter) {
  // Line 2: "def main (x : real, f : real -> real) : real = f x;": `f` is column 21
  // ("def main (" is 10 characters, "x : real, " 10 more).
  const std::string file = write_program(
      "function_input.chad", "-- takes a function\ndef main (x : real, f : real -> real) : real = f x;\n");
  expect_bad_input_at("jacobian " + file + " --method dual --at 1", file + ":2:21: error: the input type");
}

TEST(CliLocations, ANonFiniteResultPointsAtTheEntrysBody) {
  // Line 2 is "  x * 1e300 * 1e300;": the body is the second product, whose operator `*` is
  // column 13 (two spaces, "x * 1e300 " is 10 characters).
  const std::string file =
      write_program("overflow.chad", "def main (x : real) : real =\n  x * 1e300 * 1e300;\n");
  expect_bad_input_at("eval " + file + " --at 1",
                      file + ":2:13: error: the result has a non-finite coordinate");
}

}  // namespace

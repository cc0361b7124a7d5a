// Errors that say what to write instead (issue "A path for each kind of user"): a newcomer's
// natural guesses outside the language (`**`, `2 * v` on an array, recursion, `roll Leaf -1` in
// `--at`) are each refused with its location, exit 3, and the form the language has for it.
#include <gtest/gtest.h>

#include "../support/tool_runner.hpp"

namespace chad::testing {
namespace {

ToolRun check_program(const std::string& name, const std::string& source) {
  return run_tool("check " + shell_quote(write_temp_file("chad_error_hints_test", name + ".chad", source)));
}

TEST(CliErrorHints, DoubleStarSaysCaretOrPow) {
  const ToolRun r = check_program("power", "def main (x : real) : real = x ** 2;\n");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("power.chad:1:33: error: expected an expression"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("`x ^ 2`"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("`pow(x, y)`"), std::string::npos) << r.output;
}

TEST(CliErrorHints, ARealTimesAnArraySaysScale) {
  const ToolRun r = check_program("scale", "def main (v : real[3]) : real[3] = 2 * v;\n");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("scale.chad:1:36: error: type mismatch"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("`scale(r, v)`"), std::string::npos) << r.output;
}

TEST(CliErrorHints, AMismatchDeepInsideAnOperandGetsNoScaleHint) {
  // The mismatch is in `fst p`'s argument, not an operand of `*`: no advice about arrays.
  const ToolRun r = check_program("deep", "def main (x : real) : real = 2 * fst x;\n");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_EQ(r.output.find("scale("), std::string::npos) << r.output;
}

TEST(CliErrorHints, RecursionSaysFoldAndUnfold) {
  const ToolRun r = check_program("recursion",
                                  "def f (x : real) : real = f(x) + 1;\ndef main (x : real) : real = f(x);\n");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("recursion.chad:1:27: error: unbound variable `f`"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("no recursion"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("`fold`"), std::string::npos) << r.output;
}

TEST(CliErrorHints, AnUnboundNameThatIsNoDefinitionGetsNoRecursionHint) {
  const ToolRun r = check_program("unbound", "def main (x : real) : real = y;\n");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("unbound variable `y`"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("recursion"), std::string::npos) << r.output;
}

TEST(CliErrorHints, ANegativeConstructorArgumentInAtSaysParentheses) {
  const std::string file = write_temp_file(
      "chad_error_hints_test", "tree.chad",
      "type T = mu t. < Leaf : real | Node : t * t >;\n"
      "def main (t : T) : real = fold t with n -> case n of { Leaf a -> a | Node p -> fst p + snd p };\n");
  const ToolRun bad = run_tool("jacobian " + shell_quote(file) + " --at 'roll Leaf -1'");
  EXPECT_EQ(bad.exit_code, 3) << bad.output;
  EXPECT_NE(bad.output.find("<--at>:1:11: error"), std::string::npos) << bad.output;
  EXPECT_NE(bad.output.find("`roll Leaf (-1)`"), std::string::npos) << bad.output;
  EXPECT_EQ(run_tool("jacobian " + shell_quote(file) + " --at 'roll Leaf (-1)'").exit_code, 0);  // the advice works
}

}  // namespace
}  // namespace chad::testing

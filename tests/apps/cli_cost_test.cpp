// `chad-oracle cost`: the table, its JSON form, growth with --sizes and --plot, and bad input
// (located messages, exit 3).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::shell_quote;
using chad::testing::ToolRun;

constexpr int kBadInput = 3;

std::string write_program(const std::string& name, const std::string& text) {
  return chad::testing::write_temp_file("chad_cli_cost_test", name, text);
}

nlohmann::json json_of(const ToolRun& r) { return nlohmann::json::parse(r.output); }

// `cost ARGS` exits 3 with `message` in its output.
void expect_bad_input(const std::string& args, const std::string& message) {
  ToolRun r = run_tool("cost " + args);
  EXPECT_EQ(r.exit_code, kBadInput) << args << "\n" << r.output;
  EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
}

TEST(CliCost, TablePrintsEveryMeasurement) {
  ToolRun r = run_tool("cost " + example("list_sum.chad"), false);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (const char* row : {"cost = steps + scalar_ops + allocations", "primal", "JVP (forward CHAD, 1 direction)",
                          "VJP (reverse CHAD, 1 direction)", "Jacobian, forward (3 directions)",
                          "Jacobian, reverse (1 direction)", "code size (term nodes): source"})
    EXPECT_NE(r.output.find(row), std::string::npos) << row << "\n" << r.output;
}

// main_function = fun _input -> let x = _input in (x * x : real): 8 steps (lambda, call, let,
// _input, ascription, primitive, two operands), 1 scalar op, 2 allocations (the closure, the
// product): 11 (tests/oracle/cost_measure_test.cpp derives the same).
TEST(CliCost, JsonHasTheThreePartsAndTheRatios) {
  const std::string file = write_program("square.chad", "def main (x : real) : real = x * x;\n");
  ToolRun r = run_tool("cost " + file + " --at 3 --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = json_of(r);
  EXPECT_EQ(j["cost_model"], "cost = steps + scalar_ops + allocations");
  EXPECT_EQ(j["primal"]["steps"], 8);
  EXPECT_EQ(j["primal"]["scalar_ops"], 1);
  EXPECT_EQ(j["primal"]["allocations"], 2);
  EXPECT_EQ(j["primal"]["cost"], 11);
  for (const char* key : {"jvp", "vjp", "jacobian_forward", "jacobian_reverse"}) {
    const nlohmann::json& m = j[key];
    EXPECT_EQ(m["cost"].get<long>(), m["steps"].get<long>() + m["scalar_ops"].get<long>() + m["allocations"].get<long>())
        << key;
    EXPECT_DOUBLE_EQ(m["ratio"].get<double>(), m["cost"].get<double>() / 11.0) << key;
  }
  // One input and one output coordinate: each Jacobian is one pass and one map application,
  // which is what the JVP and VJP are.
  EXPECT_EQ(j["jacobian_forward"]["directions"], 1);
  EXPECT_EQ(j["jacobian_forward"]["cost"], j["jvp"]["cost"]);
  EXPECT_EQ(j["jacobian_reverse"]["cost"], j["vjp"]["cost"]);
}

TEST(CliCost, ModeChoosesTheMeasurements) {
  ToolRun fwd = run_tool("cost " + example("horner.chad") + " --mode fwd --json", false);
  ASSERT_EQ(fwd.exit_code, 0) << fwd.output;
  EXPECT_TRUE(json_of(fwd)["jvp"].is_object());
  EXPECT_TRUE(json_of(fwd)["vjp"].is_null());  // every key present, null where it does not apply
  ToolRun rev = run_tool("cost " + example("horner.chad") + " --mode rev", false);
  ASSERT_EQ(rev.exit_code, 0) << rev.output;
  EXPECT_EQ(rev.output.find("JVP"), std::string::npos) << rev.output;
  EXPECT_NE(rev.output.find("VJP"), std::string::npos) << rev.output;
}

TEST(CliCost, SizesFitExponentsAndPlot) {
  const auto svg = std::filesystem::temp_directory_path() / "chad_cli_cost_test" / "list_sum.svg";
  std::filesystem::remove(svg);
  ToolRun r = run_tool("cost " + example("list_sum.chad") + " --sizes 100,400,1600 --plot " +
                           shell_quote(svg.string()) + " --json",
                       false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json g = json_of(r)["growth"];
  EXPECT_EQ(g["sizes"], nlohmann::json({100, 400, 1600}));
  ASSERT_EQ(g["rows"].size(), 3u);
  for (const char* key : {"primal", "jvp", "vjp"}) {
    EXPECT_GE(g["exponents"][key].get<double>(), 0.9) << key;
    EXPECT_LE(g["exponents"][key].get<double>(), 1.1) << key;
  }
  // Linear: 4x the size gives about 4x the cost.
  const double small = g["rows"][0]["primal"]["cost"], large = g["rows"][1]["primal"]["cost"];
  EXPECT_NEAR(large / small, 4.0, 0.2);
  EXPECT_TRUE(std::filesystem::exists(svg));
  std::ifstream in(svg);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<polyline class=\"series\" data-label=\"VJP (reverse CHAD)\""), std::string::npos);
}

TEST(CliCost, TextGrowthTableHasOneRowPerSize) {
  ToolRun r = run_tool("cost " + example("tree.chad") + " --sizes 15,63 --mode rev", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\n        15 "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\n        63 "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("exponents (log-log slope): primal "), std::string::npos) << r.output;
}

TEST(CliCost, WrongTypeOfAtIsLocated) { expect_bad_input(example("list_sum.chad") + " --at 3", "<--at>:"); }

TEST(CliCost, SizeBelowOneIsAnError) {
  expect_bad_input(example("list_sum.chad") + " --sizes 0,10",
                   "<command line>: error: --sizes: a size must be at least 1, not 0");
  expect_bad_input(example("list_sum.chad") + " --sizes 10,x", "`x` is not a whole number");
}

TEST(CliCost, NothingToGrowIsLocatedAtMain) {
  // The entry point's line and column, and why.
  expect_bad_input(example("primitives.chad") + " --sizes 10,20",
                   "primitives.chad:4:1: error: --sizes: the input type `real[3]` has nothing to grow");
  expect_bad_input(example("primitives.chad") + " --sizes 10,20", "arrays have static shapes");
}

TEST(CliCost, ListWithoutARecursiveNodeCannotGrow) {
  ToolRun r = run_tool("cost " + example("list_sum.chad") + " --at 'roll Last 4' --sizes 10,20 --json", false);
  EXPECT_EQ(r.exit_code, kBadInput) << r.output;
  EXPECT_EQ(json_of(r)["error"]["file"], "<--at>");
}

TEST(CliCost, PlotNeedsSizes) {
  expect_bad_input(example("list_sum.chad") + " --plot /tmp/x.svg", "--plot needs --sizes");
}

TEST(CliCost, StreamOutputsGrowByObservation) {
  const std::string file = write_program(
      "powers.chad", "type Stream = nu s. real * s;\ndef main (x : real) : Stream = unfold x with y -> (y, y * x);\n");
  ToolRun r = run_tool("cost " + file + " --at 1.5 --sizes 10,100,1000 --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = json_of(r);
  EXPECT_TRUE(j["vjp"].is_object());
  EXPECT_TRUE(j["jacobian_reverse"].is_null());  // not measured for a stream output
  EXPECT_EQ(j["observations"], 3);
  EXPECT_GE(j["growth"]["exponents"]["primal"].get<double>(), 0.9);
  EXPECT_LE(j["growth"]["exponents"]["primal"].get<double>(), 1.1);
  for (const char* key : {"jvp", "vjp"}) {
    EXPECT_GE(j["growth"]["exponents"][key].get<double>(), 0.9) << key;
    EXPECT_LE(j["growth"]["exponents"][key].get<double>(), 1.1) << key;
  }
}

TEST(CliCost, FunctionOutputIsLocated) {
  const std::string file = write_program("fn.chad", "def main (x : real) : real -> real = fun (y : real) -> x * y;\n");
  expect_bad_input(file + " --at 1", "fn.chad:1:1: error: the output type `real -> real` holds functions");
}

}  // namespace

// The CHAD subcommands end to end: transform, jacobian --method chad-fwd|chad-rev --sums,
// and verify (verdict table, JSON, exit codes 0 / 1 / 2 / 3; the logical relation for outputs
// holding functions and streams).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::ToolRun;

const char* const kListProductPoint = "'roll Cons (1.5, roll Cons (-2, roll Last 4))'";

TEST(CliChad, TransformPrintsATypedTermAndTheSizeRatio) {
  ToolRun r = run_tool("transform " + example("list_sum.chad") + " --mode rev --json", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["mode"], "rev");
  EXPECT_EQ(j["sums"], "biproduct");
  // R1(NEList -> real) = NEList -> real * (real -o R2(NEList)); R2(NEList) is the linear nu
  // of the biproduct real * (real * l) of the constructors' cotangents.
  EXPECT_EQ(j["type"].get<std::string>().rfind("(mu l. < Last : real | Cons : real * l >) -> real * (real -o nu l. real * real * l)", 0), 0u)
      << j["type"];
  EXPECT_NE(j["term"].get<std::string>().find("rev_fold"), std::string::npos);
  EXPECT_GT(j["target_size"].get<int>(), j["source_size"].get<int>());
  EXPECT_DOUBLE_EQ(j["size_ratio"].get<double>(),
                   j["target_size"].get<double>() / j["source_size"].get<double>());
}

// --summary: the sizes and the type as without it, and no term (for programs whose printed
// transformation would be huge).
TEST(CliChad, TransformSummaryLeavesTheTermOut) {
  ToolRun whole = run_tool("transform " + example("list_sum.chad") + " --mode fwd --json", false);
  ToolRun summary = run_tool("transform " + example("list_sum.chad") + " --mode fwd --json --summary", false);
  ASSERT_EQ(summary.exit_code, 0) << summary.output;
  auto w = nlohmann::json::parse(whole.output), s = nlohmann::json::parse(summary.output);
  EXPECT_TRUE(s["term"].is_null()) << s;
  EXPECT_EQ(s["target_size"], w["target_size"]);
  EXPECT_EQ(s["type"], w["type"]);
  ToolRun text = run_tool("transform " + example("list_sum.chad") + " --mode fwd --summary");
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_EQ(text.output.find("fwd_fold"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("-- type: "), std::string::npos) << text.output;
}

TEST(CliChad, TransformForwardWithLiftedSums) {
  ToolRun r = run_tool("transform " + example("sums.chad") + " --mode fwd --sums lifted");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("<0 |"), std::string::npos) << r.output;  // a lifted sum tangent type
  EXPECT_NE(r.output.find("in_"), std::string::npos) << r.output;
}

TEST(CliChad, JacobianByChadInEveryStrategy) {
  for (const char* method : {"chad-fwd", "chad-rev"})
    for (const char* sums : {"biproduct", "lifted", "zero-fn"}) {
      ToolRun r = run_tool("jacobian " + example("list_product.chad") + " --json --method " +
                               method + " --sums " + sums + " --at " + kListProductPoint,
                           false);
      ASSERT_EQ(r.exit_code, 0) << r.output;
      auto j = nlohmann::json::parse(r.output);
      EXPECT_EQ(j["method"], method);
      EXPECT_EQ(j["sums"], sums);
      // prod(1.5, -2, 4): (-2 * 4, 1.5 * 4, 1.5 * -2)
      EXPECT_EQ(j["jacobian"], nlohmann::json({{-8.0, 6.0, -3.0}}));
    }
}

TEST(CliChad, VerifyPassesOnAnExample) {
  ToolRun r = run_tool("verify " + example("tree.chad") + " --at " +
                       "'roll Node (roll Leaf 1.5, (2, roll Leaf (-0.5)))'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("PASS"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(" fail "), std::string::npos) << r.output;  // no case with verdict fail
}

TEST(CliChad, VerifyJsonListsSixPassingCases) {
  ToolRun r = run_tool("verify " + example("list_product.chad") + " --json --at " + kListProductPoint, false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["passed"], true);
  const auto& given = j["points"][0];
  EXPECT_EQ(given["origin"], "given");
  ASSERT_EQ(given["cases"].size(), 6u);
  for (const auto& c : given["cases"]) {
    EXPECT_EQ(c["verdict"], "pass") << c;
    EXPECT_EQ(c["enclosure"][0][0], nlohmann::json({-8.0, -8.0})) << c;
  }
  EXPECT_EQ(given["reference"]["method"], "interval");
}

// Without --at, verify reads the example's `-- at:` line, then checks --points random points
// of the input type; each point is judged on its own (six cases each, or skipped with a reason).
TEST(CliChad, VerifyChecksTheWrittenPointAndRandomPoints) {
  ToolRun r = run_tool("verify " + example("horner.chad") + " --json --points 4 --seed 7", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["seed"], 7);
  ASSERT_EQ(j["points"].size(), 5u);
  EXPECT_EQ(j["points"][0]["at"], "(0.5, roll Cons (1, roll Cons (-3, roll Cons (2, roll Last 4))))");
  for (std::size_t k = 1; k < 5; ++k) {
    const auto& p = j["points"][k];
    EXPECT_EQ(p["origin"], "random");
    if (p["skipped"].is_null()) {
      EXPECT_EQ(p["cases"].size(), 6u) << p;
    }
  }
  ToolRun text = run_tool("verify " + example("horner.chad") + " --points 2");
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("PASSED at 3 of 3 points"), std::string::npos) << text.output;
}

TEST(CliChad, VerifyAtAKinkExitsTwo) {
  ToolRun r = run_tool("verify " + example("relu.chad") + " --at 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("not differentiable"), std::string::npos) << r.output;
}

TEST(CliChad, BadOptionsAndInputs) {
  EXPECT_EQ(run_tool("transform " + example("list_sum.chad") + " --mode sideways").exit_code, 3);
  EXPECT_EQ(run_tool("jacobian " + example("list_sum.chad") + " --method chad-rev --sums none --at 1").exit_code, 3);
  ToolRun r = run_tool("verify " + example("list_sum.chad") + " --at '(1, 2)'");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("<--at>:1:"), std::string::npos) << r.output;
}

}  // namespace

namespace {

// A program returning a function and a stream: `verify` judges it by the logical relation.
TEST(CliChad, VerifyJudgesFunctionAndStreamResultsByTheLogicalRelation) {
  const std::string path = (std::filesystem::temp_directory_path() / "chad_higher_order.chad").string();
  std::ofstream(path) << "type Stream = nu s. real * s;\n"
                         "def main (x : real) : (real -> real) * Stream =\n"
                         "  (fun (y : real) -> x * sin(y), unfold x with s -> (s * s, s + x));\n";
  ToolRun r = run_tool("verify " + path + " --at 0.75 --json --points 0", false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["points"][0]["judged_by"], "logical relation");
  EXPECT_EQ(j["passed"], true);
  EXPECT_EQ(j["points"][0]["cases"].size(), 6u);
  // A Jacobian still needs data types on both sides: a located error, exit 3.
  EXPECT_EQ(run_tool("jacobian " + path + " --at 0.75").exit_code, 3);
}

}  // namespace

namespace {

// A domain error met in CHAD's primal pass points at the source primitive, as the reference's does.
TEST(CliChad, ADomainErrorInChadsPrimalIsLocated) {
  using chad::testing::run_tool;
  for (const char* method : {"chad-rev", "chad-fwd", "dual"}) {
    chad::testing::ToolRun r = run_tool("jacobian " + chad::testing::example("primitives.chad") +
                                        " --at '[-1, 1, 2]' --method " + method);
    EXPECT_EQ(r.exit_code, 3) << method;
    EXPECT_NE(r.output.find("primitives.chad:5:35: error: domain error: `log` applied to -1"), std::string::npos)
        << method << ": " << r.output;
  }
}

}  // namespace

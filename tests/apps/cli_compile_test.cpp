// The compiled kernel path from the command line: `compile` (the emitted C++ compiles on its own
// and its `main` runs), `jacobian --method chad-fwd-compiled|chad-rev-compiled`, `verify
// --compiled`, and their errors. Every expected number is derived by hand in a comment.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../support/tool_runner.hpp"

namespace {

namespace fs = std::filesystem;
using chad::testing::example;
using chad::testing::run_tool;
using chad::testing::ToolRun;

// One cache for these tests (a kernel compiled once is found by the next run).
std::string cache_option() {
  return " --cache-dir " + (fs::temp_directory_path() / "chad_cli_compile_cache").string();
}

ToolRun run_shell(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  std::string out;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
}

TEST(CliCompile, BadInputIsALocatedErrorWithExitCode3) {
  ToolRun missing = run_tool("compile /no/such/file.chad --mode rev");
  EXPECT_EQ(missing.exit_code, 3) << missing.output;
  EXPECT_NE(missing.output.find("/no/such/file.chad"), std::string::npos) << missing.output;
  ToolRun name = run_tool("compile " + example("horner.chad") + " --name 2fast");
  EXPECT_EQ(name.exit_code, 3) << name.output;
  EXPECT_NE(name.output.find("<--name>"), std::string::npos) << name.output;
  EXPECT_NE(name.output.find("not a C identifier"), std::string::npos) << name.output;
  EXPECT_EQ(run_tool("compile " + example("horner.chad") + " --mode sideways").exit_code, 3);
  ToolRun unwritable = run_tool("compile " + example("horner.chad") + " -o /no/such/dir/k.cpp");
  EXPECT_EQ(unwritable.exit_code, 3) << unwritable.output;
  EXPECT_EQ(run_tool("jacobian " + example("horner.chad") + " --method chad-sideways-compiled").exit_code, 3);
}

TEST(CliCompile, TheWrittenSourceCompilesOnItsOwnAndRuns) {
  const fs::path dir = fs::temp_directory_path() / ("chad_cli_compile_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string source = (dir / "horner_rev.cpp").string(), binary = (dir / "horner_rev").string();
  ToolRun r = run_tool("compile " + example("horner.chad") + " --mode rev --name horner_rev -o " + source + " --json",
                       false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["kernel"], "horner_rev");
  EXPECT_EQ(j["output"], source);
  EXPECT_EQ(j["main"], true);
  ASSERT_TRUE(fs::exists(source));
  ToolRun built = run_shell("c++ -std=c++20 -O1 -o " + binary + " " + source);
  ASSERT_EQ(built.exit_code, 0) << built.output;
  // Horner at x = 0.5, c = (1, -3, 2, 4): p = 1 + 0.5 (-3 + 0.5 (2 + 0.5 * 4)) = 0.5;
  // dp/dx = sum k c_k x^(k-1) = -3 + 2*2*0.5 + 3*4*0.25 = 2; dp/dc_k = x^k = 1, 0.5, 0.25, 0.125.
  ToolRun ran = run_shell(binary + " --at '(0.5, roll Cons (1, roll Cons (-3, roll Cons (2, roll Last 4))))'");
  ASSERT_EQ(ran.exit_code, 0) << ran.output;
  auto printed = nlohmann::json::parse(ran.output);
  EXPECT_EQ(printed["output"], nlohmann::json::array({0.5})) << printed;
  EXPECT_EQ(printed["jacobian_rows"], nlohmann::json::array({nlohmann::json::array({2, 1, 0.5, 0.25, 0.125})}))
      << printed;  // all exact in binary floating point
  ToolRun bare = run_tool("compile " + example("horner.chad") + " --mode primal --no-main --json", false);
  ASSERT_EQ(bare.exit_code, 0) << bare.output;
  auto b = nlohmann::json::parse(bare.output);
  EXPECT_EQ(b["main"], false);
  EXPECT_EQ(b["source"].get<std::string>().find("int main("), std::string::npos);
  EXPECT_NE(b["source"].get<std::string>().find("chad_kernel"), std::string::npos);
  fs::remove_all(dir);
}

TEST(CliCompile, CompiledReverseJacobianOfHorner) {
  ToolRun r = run_tool("jacobian " + example("horner.chad") + " --method chad-rev-compiled --json" + cache_option(),
                       false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["method"], "chad-rev-compiled");
  EXPECT_EQ(j["sums"], "biproduct");
  // The derivation above (TheWrittenSourceCompilesOnItsOwnAndRuns): inputs (x, c0, c1, c2, c3).
  const std::vector<double> row = {2, 1, 0.5, 0.25, 0.125};
  ASSERT_EQ(j["jacobian"].size(), 1u) << j;
  for (std::size_t k = 0; k < row.size(); ++k) EXPECT_NEAR(j["jacobian"][0][k].get<double>(), row[k], 1e-12) << k;
}

TEST(CliCompile, CompiledForwardJacobianOfAListProductWithLiftedSums) {
  ToolRun r = run_tool("jacobian " + example("list_product.chad") +
                           " --method chad-fwd-compiled --sums lifted --json" + cache_option(),
                       false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  // prod(1.5, -2, 4) = -12; d/dx_i = the product of the others: -8, 6, -3.
  EXPECT_NEAR(j["output"]["coords"][0].get<double>(), -12, 1e-12) << j;
  const std::vector<double> row = {-8, 6, -3};
  for (std::size_t k = 0; k < row.size(); ++k) EXPECT_NEAR(j["jacobian"][0][k].get<double>(), row[k], 1e-12) << k;
}

TEST(CliCompile, VerifyCompiledJudgesSixMoreCases) {
  ToolRun r = run_tool("verify " + example("list_product.chad") + " --points 1 --compiled --json" + cache_option(),
                       false);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = nlohmann::json::parse(r.output);
  EXPECT_TRUE(j["passed"].get<bool>());
  for (const auto& point : j["points"]) {
    if (!point["skipped"].is_null()) continue;
    int compiled = 0;
    for (const auto& c : point["cases"]) {
      compiled += c["compiled"].get<bool>();
      EXPECT_EQ(c["verdict"], "pass") << c;
    }
    EXPECT_EQ(compiled, 6) << point;  // fwd and rev, three sums strategies
  }
}

TEST(CliCompile, ABrokenCompilerIsAnInternalErrorWithItsDiagnostics) {
  ToolRun r = run_tool("jacobian " + example("horner.chad") +
                       " --method chad-rev-compiled --cxx false" + cache_option());
  EXPECT_EQ(r.exit_code, 4) << r.output;
  EXPECT_NE(r.output.find("compiling a kernel"), std::string::npos) << r.output;
}

}  // namespace

// A user's GoogleTest suite checking gradient functions with CHAD Oracle's C++ API
// (api/chad_oracle.hpp): a correct one passes, a deliberately wrong one fails with a shrunk
// program and a counterexample report.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <iostream>

#include "api/chad_oracle.hpp"

namespace {

using chad::api::GradientQuestion;
using chad::api::Jacobian;

// A hand-written gradient for one program: d/dx (x * sin(x)) = sin(x) + x cos(x).
Jacobian x_sin_x_gradient(const GradientQuestion& q) {
  const double x = q.input.coords.at(0);
  return {{std::sin(x) + x * std::cos(x)}};
}
// The same with the product rule's second term forgotten.
Jacobian x_sin_x_wrong_gradient(const GradientQuestion& q) {
  const double x = q.input.coords.at(0);
  return {{std::sin(x)}};
}

// A wrong gradient for any program: the oracle's own, with d out[0] / d in[0] doubled. It is
// wrong wherever that entry is not 0, so the smallest program it fails on has one real input
// that the output depends on.
Jacobian doubled_first_entry(const GradientQuestion& q) {
  Jacobian j = chad::api::dual_number_gradient(q);
  if (!j.empty() && !j[0].empty()) j[0][0] *= 2;
  return j;
}

const char* kXSinX = "def main (x : real) : real = x * sin(x);";

TEST(GivenProgram, HandWrittenGradientPasses) {
  chad::api::CheckOptions options;
  options.name = "hand-written";
  options.count = 20;  // random points
  EXPECT_GRADIENT_CORRECT(chad::api::check_gradient_on(x_sin_x_gradient, {{kXSinX, {"0.5", "-2"}}, {kXSinX, {}}}, options));
}

TEST(GivenProgram, ForgottenTermFailsAtTheGivenPoint) {
  chad::api::CheckOptions options;
  options.name = "forgot-a-term";
  options.report_dir = (std::filesystem::temp_directory_path() / "consumer-given-report").string();
  const chad::api::CheckResult r = chad::api::check_gradient_on(x_sin_x_wrong_gradient, {{kXSinX, {"0.5"}}}, options);
  ASSERT_FALSE(r.passed());
  EXPECT_EQ(r.verdict, "fail");
  EXPECT_EQ(r.index, 0u);
  // x cos x at 0.5 is 0.4388 (not 0): the error shows at the given point itself.
  EXPECT_NE(r.detail.find("forgot-a-term"), std::string::npos) << r.detail;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(r.report_dir) / "program.chad"));
  // Only the point is shrunk: the program stays the one the gradient was written for, and the
  // point moves from 0.5 towards simpler reals while the missing term x cos x stays non-zero
  // (at 0 it vanishes, so 0 is never reached).
  EXPECT_EQ(r.minimal_program, r.original_program);
  EXPECT_NE(r.minimal_input, "0");
}

TEST(GeneratedPrograms, DualNumberGradientPasses) {
  chad::api::CheckOptions options;
  options.name = "dual-numbers";
  options.count = 60;
  const chad::api::CheckResult r = chad::api::check_gradient(chad::api::dual_number_gradient, options);
  EXPECT_GRADIENT_CORRECT(r);
  EXPECT_EQ(r.checked, 60u);
  EXPECT_GT(r.verdicts.at("pass"), 0u) << r.message();
}

TEST(GeneratedPrograms, WrongGradientFailsWithAShrunkProgram) {
  chad::api::CheckOptions options;
  options.name = "doubled";
  options.seed = 7;
  options.count = 60;
  options.report_dir = (std::filesystem::temp_directory_path() / "consumer-generated-report").string();
  const chad::api::CheckResult r = chad::api::check_gradient(doubled_first_entry, options);
  ASSERT_FALSE(r.passed()) << r.message();
  EXPECT_EQ(r.verdict, "fail") << r.message();
  EXPECT_EQ(r.seed, 7u);
  EXPECT_LE(r.minimal_size, r.original_size);
  EXPECT_LT(r.minimal_size, 6u) << r.message();  // e.g. `x` itself: a variable, or a primitive of it
  EXPECT_NE(r.replay.find("CHAD_ORACLE_SEED=7 CHAD_ORACLE_ONLY=" + std::to_string(r.index)), std::string::npos);
  // The message a failed EXPECT_GRADIENT_CORRECT prints: the minimal program's first line, its point.
  const std::string message = r.message();
  EXPECT_NE(message.find(r.minimal_program.substr(0, r.minimal_program.find('\n'))), std::string::npos) << message;
  EXPECT_NE(message.find("at " + r.minimal_input), std::string::npos) << message;
  std::cout << message;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(r.report_dir) / "report.json"));
}

TEST(GeneratedPrograms, ReplayingTheFailingIndexFindsItAgain) {
  chad::api::CheckOptions options;
  options.name = "doubled";
  options.seed = 7;
  options.count = 60;
  options.report_dir = "";
  const chad::api::CheckResult all = chad::api::check_gradient(doubled_first_entry, options);
  ASSERT_FALSE(all.passed());
  setenv("CHAD_ORACLE_ONLY", std::to_string(all.index).c_str(), 1);
  const chad::api::CheckResult one = chad::api::check_gradient(doubled_first_entry, options);
  unsetenv("CHAD_ORACLE_ONLY");
  EXPECT_EQ(one.checked, 1u);
  ASSERT_FALSE(one.passed());
  EXPECT_EQ(one.index, all.index);
  EXPECT_EQ(one.minimal_program, all.minimal_program);
}

}  // namespace

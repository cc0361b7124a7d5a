// Deferred applications in a reverse fold's backpropagator (codegen/deferred_applications.cpp):
// the nodes add their arguments to a loop-invariant linear map (a kept application's
// backpropagator) into a cell, and the fold's flush applies the map once to the sum, after the
// backward loop, and empties the cell. Checked in the generated text, against a Jacobian taken by
// hand (two output coordinates, so that the reverse kernel runs the fold's backpropagator once per
// seed and a cell not emptied would show) in every mode, sums and functions strategy and list
// length, and with the injected fault DeferredSumOverwrites (the cell keeps the last node's
// argument), which must show.
#include <gtest/gtest.h>

#include <regex>

#include "../support/compiled_jacobians.hpp"
#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_call.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "verify/verify.hpp"

namespace chad {
namespace {

// f(w, xs) = (t, 3 t) with t = sum_i (w . x_i)^2: `weigh w` is kept, and each node's
// backpropagator passes the environment cotangent of `weigh w x_i` to its backpropagator.
// By hand, with d_i = w . x_i: dt/dw = sum_i 2 d_i x_i, dt/dx_i = 2 d_i w.
const char* const kWeighPoints = R"(type L = mu l. < Nil : unit | Cons : real[2] * l >;
def weigh (w : real[2]) (x : real[2]) : real = dot(w, x) * dot(w, x);
def main (w : real[2], xs : L) : real * real =
  let t = (fold xs with node -> case node of { Nil u -> 0 | Cons p -> weigh w (fst p) + snd p } : real) in
  (t, 3 * t);
)";
const std::vector<double> kW{0.5, -2};

NormalForm<double> input_at(const CheckedProgram& program, const std::vector<std::vector<double>>& xs) {
  std::vector<int> tags(xs.size(), 1);  // Cons per point, then Nil
  tags.push_back(0);
  std::vector<double> coords = kW;
  for (const auto& x : xs) coords.insert(coords.end(), x.begin(), x.end());
  return {index_from_tags(program.input_type, tags), coords};
}

// Rows t and 3 t; columns w0, w1, then each point's two coordinates.
std::vector<std::vector<double>> jacobian_by_hand(const std::vector<std::vector<double>>& xs) {
  std::vector<double> row{0, 0};
  for (const auto& x : xs) {
    const double d = kW[0] * x[0] + kW[1] * x[1];
    row[0] += 2 * d * x[0];
    row[1] += 2 * d * x[1];
  }
  for (const auto& x : xs) {
    const double d = kW[0] * x[0] + kW[1] * x[1];
    row.push_back(2 * d * kW[0]);
    row.push_back(2 * d * kW[1]);
  }
  std::vector<double> tripled = row;
  for (double& v : tripled) v *= 3;
  return {row, tripled};
}

const std::vector<std::vector<double>> kThreePoints{{1, 2}, {-0.5, 0.25}, {3, -1}};

using testing::count_matches;

TEST(DeferredApplications, ANodesCallOfAKeptBackpropagatorIsAddedIntoACellAndFlushedOnce) {
  const CheckedProgram program = testing::load_source(kWeighPoints);
  for (SumsStrategy sums : kAllSumsStrategies) {
    SCOPED_TRACE(sums_strategy_name(sums));
    const std::string source = testing::reverse_kernel_source(program, sums);
    EXPECT_EQ(count_matches(source, R"(chad_rt::DeferredSum<chad_rt::Env>\* const deferred_[0-9]+ = )"), 1);
    // in the node's backpropagator: given back, as the cell is lent to the call that makes it (LentCells)
    EXPECT_EQ(count_matches(source, R"(deferred_[0-9]+->take_back\()"), 1);
    EXPECT_EQ(count_matches(source, R"(deferred_[0-9]+->add\()"), 0);
    EXPECT_EQ(count_matches(source, R"(\(\*memo_[0-9]+\)\.snd\(deferred_[0-9]+->sum\))"), 1);  // in the flush
    EXPECT_EQ(count_matches(source, R"(deferred_[0-9]+->reset\(\);)"), 1);
    EXPECT_EQ(count_matches(source, R"(rev_fold_[0-9]+<S>\([a-z_0-9]+, \*lambda_[0-9]+, flush_[0-9]+\))"), 1);
    EXPECT_EQ(count_matches(source, R"(flush\(q\.fst\);)"), 1);  // after the fold's backward loops
  }
}

TEST(DeferredApplications, TheJacobianIsTheClosedFormInEveryModeStrategyAndLength) {
  const CheckedProgram program = testing::load_source(kWeighPoints);
  const std::vector<CompiledProgram> compiled = testing::kernels_in_every_strategy(program);
  for (const std::vector<std::vector<double>>& xs :
       {std::vector<std::vector<double>>{}, std::vector<std::vector<double>>{{1, 2}}, kThreePoints})
    for (const CompiledProgram& kernel : compiled) {
      SCOPED_TRACE(std::string(kernel_mode_name(kernel.mode)) + " " + sums_strategy_name(kernel.sums) + " at " +
                   std::to_string(xs.size()) + " points");
      testing::expect_jacobian(program, kernel, input_at(program, xs), jacobian_by_hand(xs));
    }
}

TEST(DeferredApplications, ACellThatKeepsOnlyTheLastNodesArgumentIsWrong) {
  const CheckedProgram program = testing::load_source(kWeighPoints);
  KernelOptions options;
  options.name = "weigh_points_overwrites";
  options.mode = KernelMode::Reverse;
  options.fault = CodegenFault::DeferredSumOverwrites;
  const CompiledProgram kernel = compile_programs({{&program, options}}, testing::test_kernel_compiler()).at(0);
  const JacobianResult got = jacobian_by_compiled_kernel(program, kernel, input_at(program, kThreePoints));
  const std::vector<std::vector<double>> expected = jacobian_by_hand(kThreePoints);
  ASSERT_EQ(got.jacobian.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_EQ(got.jacobian[i].size(), expected[i].size());
    // w's cotangent goes through the cell; each point's own does not.
    for (std::size_t j = 0; j < 2; ++j)
      EXPECT_GT(std::abs(got.jacobian[i][j] - expected[i][j]), 1e-6) << "row " << i << ", w" << j << " is right";
    for (std::size_t j = 2; j < expected[i].size(); ++j)
      EXPECT_NEAR(got.jacobian[i][j], expected[i][j], 1e-12 * std::max(1.0, std::abs(expected[i][j])));
  }
}

}  // namespace
}  // namespace chad

// Loop-invariant applications in a fold's body (codegen/fold_body_memos.cpp): a curried def
// applied to values bound outside the body is computed at the first node that needs it and kept
// for the others, in every mode and sums strategy; an application that reads the node, and one
// in an unfold's body, are not. Each compiled derivative (in both functions strategies) is checked
// against one taken by hand.
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

using testing::count_matches;

std::string kernel_source(const CheckedProgram& program, KernelMode mode, SumsStrategy sums) {
  KernelOptions options;
  options.mode = mode;
  options.sums = sums;
  return generate_kernel_source(program, options);
}

// f(w, xs) = sum_i (sum(w) x_i)^2: `weigh w` is the same at every node, `weigh w x` is not.
// By hand: df/dw_j = 2 sum(w) sum_i x_i^2, df/dx_i = 2 sum(w)^2 x_i.
const char* const kWeighEach = R"(type L = mu l. < Nil : unit | Cons : real * l >;
def weigh (w : real[3]) (x : real) : real = sum(w) * x;
def main (w : real[3], xs : L) : real =
  fold xs with node -> case node of { Nil u -> 0 | Cons p -> weigh w (fst p) * weigh w (fst p) + snd p };
)";

TEST(FoldBodyMemos, AnApplicationToValuesBoundOutsideTheBodyIsKeptInEveryModeAndSumsStrategy) {
  const CheckedProgram program = testing::load_source(kWeighEach);
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(kernel_mode_name(mode)) + " " + sums_strategy_name(sums));
      const std::string source = kernel_source(program, mode, sums);
      // `weigh w`, twice in the body: two memos, declared before the body's lambda and captured
      // by it by reference. (`weigh w (fst p)` reads the node: were it kept, the next test's
      // derivatives at distinct elements would be wrong.) Reverse: the nodes' backpropagators
      // defer their calls of the memos' backpropagators to the fold's flush, which reads the
      // memos after the fold's call: they live in the arena (deferred_applications_test.cpp).
      const bool rev = mode == KernelMode::Reverse;
      EXPECT_EQ(count_matches(source, rev ? R"(std::optional<(T[0-9]+<S>)>& memo_[0-9]+ = \*chad_rt::make<std::optional<\1>>\(\);)"
                                  : R"(std::optional<T[0-9]+<S>> memo_[0-9]+;)"),
                2);
      EXPECT_EQ(count_matches(source, R"(\[=, &memo_[0-9]+, &memo_[0-9]+[^\]]*\]\(const)"), 1);
      EXPECT_EQ(count_matches(source, R"(\[=, &memo_[0-9]+, &memo_[0-9]+\]\(auto& ctx\))"), rev ? 1 : 0);
      EXPECT_EQ(count_matches(source, R"(= memo_[0-9]+ \? \*memo_[0-9]+ : memo_[0-9]+\.emplace\()"), 2);
      EXPECT_EQ(count_matches(source, R"(\.emplace\()"), 2);
    }
}

TEST(FoldBodyMemos, TheDerivativesThroughAKeptApplicationAreTheClosedFormAtEveryLength) {
  const CheckedProgram program = testing::load_source(kWeighEach);
  std::vector<std::pair<FunctionsStrategy, CompiledProgram>> compiled;  // fwd and rev, every strategy
  for (FunctionsStrategy functions : kAllFunctionsStrategies) {
    std::vector<CompiledProgram> kernels;
    ASSERT_NO_THROW(kernels = compiled_verify_kernels(program, testing::test_kernel_compiler(), functions));
    for (const CompiledProgram& kernel : kernels) compiled.emplace_back(functions, kernel);
  }
  ASSERT_EQ(compiled.size(), 2 * std::size(kAllSumsStrategies) * std::size(kAllFunctionsStrategies));
  const std::vector<double> w{0.5, -2, 0.25};  // sum(w) = -1.25
  const double s = w[0] + w[1] + w[2];
  // No node needs `weigh w` (an empty list: the memo is never filled), one does, several do.
  for (const std::vector<double>& xs :
       {std::vector<double>{}, std::vector<double>{3}, std::vector<double>{1, -2, 0.5, 4}}) {
    std::vector<int> tags(xs.size(), 1);  // Cons per element, then Nil
    tags.push_back(0);
    std::vector<double> coords = w;
    coords.insert(coords.end(), xs.begin(), xs.end());
    const NormalForm<double> input{index_from_tags(program.input_type, tags), coords};
    double squares = 0;
    for (double x : xs) squares += x * x;
    std::vector<double> expected(3, 2 * s * squares);
    for (double x : xs) expected.push_back(2 * s * s * x);
    for (const auto& [functions, kernel] : compiled) {
      SCOPED_TRACE(std::string(kernel_mode_name(kernel.mode)) + " " + sums_strategy_name(kernel.sums) + " " +
                   functions_strategy_name(functions) + " at " + std::to_string(xs.size()) + " elements");
      const JacobianResult got = jacobian_by_compiled_kernel(program, kernel, input);
      ASSERT_EQ(got.output_coords.size(), 1u);
      EXPECT_EQ(got.output_coords[0], s * s * squares);
      ASSERT_EQ(got.jacobian.size(), 1u);
      EXPECT_EQ(got.jacobian[0], expected);
    }
  }
}

TEST(FoldBodyMemos, AnUnfoldsBodyAndAClosureInTheBodyKeepTheirApplications) {
  // An unfold's body runs when its stream is forced, after the unfold's scope has returned; a
  // closure the fold's body makes runs when it is called: neither memoises.
  const CheckedProgram program = testing::load_source(R"(type L = mu l. < Nil : unit | Cons : real * l >;
def weigh (w : real[3]) (x : real) : real = sum(w) * x;
def main (w : real[3], xs : L) : real =
  let s = (unfold 1 with t -> (weigh w t, t) : nu s. real * s) in
  fold xs with node -> case node of {
      Nil u -> fst (unroll s)
    | Cons p -> (fun (y : real) -> weigh w y : real -> real) (fst p) + snd p };
)");
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse}) {
    SCOPED_TRACE(kernel_mode_name(mode));
    EXPECT_EQ(count_matches(kernel_source(program, mode, SumsStrategy::Biproduct), "std::optional<"), 0);
  }
}

}  // namespace
}  // namespace chad

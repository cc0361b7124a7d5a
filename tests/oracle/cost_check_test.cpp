// The cost verdict (cost/cost_check.hpp): the marginal growth exponent on costs given by
// formulas, and the check on programs whose growth is known by hand: a list sum (linear in
// primal and derivative), Horner's rule as a chain of closures (the paper's CHAD re-runs the
// chain for every closure: quadratic), a program without a list (judged at its own size only),
// and a program whose primal explodes (exponential: stopped by the step limit, no verdict).
#include <gtest/gtest.h>

#include <cmath>

#include "oracle/campaign.hpp"
#include "cost/cost_check.hpp"
#include "references/input_value.hpp"
#include "../support/example_programs.hpp"

namespace chad {
namespace {

using testing::load_example;
using testing::load_source;

CostTable table_of(const CheckedProgram& program, const std::string& at, ChadMode mode,
                   const CostCheckOptions& options = {},
                   FunctionsStrategy functions = FunctionsStrategy::Efficient) {
  const NormalForm<double> input = read_input_point(program, at);
  ChadOptions chad{mode, SumsStrategy::Biproduct};
  chad.functions = functions;
  return measure_cost_table(program, input, chad, options);
}

// cost(n) = 7 + 3n: cost(n) - cost(8) = 3 (n - 8), a line of slope exactly 1 on log-log axes,
// whatever the constant 7 (the plain log-log slope of 7 + 3n over 8..512 is below 1).
TEST(CostCheck, MarginalExponentOfALinearCostIsOne) {
  const std::vector<std::size_t> sizes = {8, 32, 128, 512};
  std::vector<double> costs;
  for (std::size_t n : sizes) costs.push_back(7 + 3 * double(n));
  ASSERT_TRUE(marginal_growth_exponent(sizes, costs));
  EXPECT_NEAR(*marginal_growth_exponent(sizes, costs), 1.0, 1e-12);
}

// cost(n) = 5 n^2: cost(n) - cost(8) = 5 (n - 8)(n + 8). Against n - 8 = 24, 120, 504 the
// marginal costs are 4,800, 81,600 and 1,310,400: slopes log(17)/log(5) = 1.76 and
// log(16.06)/log(4.2) = 1.93 between neighbours, so the fitted slope lies between them.
TEST(CostCheck, MarginalExponentOfAQuadraticCostIsNearTwo) {
  const std::vector<std::size_t> sizes = {8, 32, 128, 512};
  std::vector<double> costs;
  for (std::size_t n : sizes) costs.push_back(5 * double(n) * double(n));
  const double e = *marginal_growth_exponent(sizes, costs);
  EXPECT_GT(e, 1.76);
  EXPECT_LT(e, 1.93);
}

// A cost that does not grow has no marginal exponent.
TEST(CostCheck, NoExponentWithoutGrowth) {
  EXPECT_FALSE(marginal_growth_exponent({8, 32, 128}, {10, 10, 10}));
}

// list_sum: every list node costs the same in the primal and in each derivative pass, so both
// marginal exponents are 1 and the ratio stays below the bound: pass, in both modes.
TEST(CostCheck, ListSumIsLinearAndPasses) {
  const CheckedProgram program = load_example("list_sum.chad");
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    const CostTable t = table_of(program, "roll Cons (1, roll Cons (2, roll Last 3))", mode);
    ASSERT_EQ(t.rows.size(), 4u) << t.reason;
    EXPECT_FALSE(t.too_expensive) << t.reason;
    ASSERT_TRUE(t.primal_exponent && t.derivative_exponent);
    EXPECT_NEAR(*t.primal_exponent, 1.0, 0.02);
    EXPECT_NEAR(*t.derivative_exponent, 1.0, 0.02);
  }
}

// Horner's rule as a fold that builds a chain of closures, each calling the next: the paper's
// rule for `fun` re-runs a closure's body (and so the rest of the chain) for every pair of its
// (co)tangent, so the derivative's marginal cost grows as n^2 against the primal's n: fail-cost
// in both modes. The efficient strategy's (co)tangent of a closure is its environment's, each
// closure's body runs once: linear, within bounds.
TEST(CostCheck, ClosureChainsAreQuadraticInThePapersStrategyOnly) {
  const CheckedProgram program = load_example("../bench/programs/horner_closure.chad");
  const std::string at = "(0.5, roll Cons (1, roll Cons (-3, roll Last 4)))";
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    const CostTable paper = table_of(program, at, mode, {}, FunctionsStrategy::Paper);
    EXPECT_TRUE(paper.too_expensive) << paper.reason;
    if (paper.derivative_exponent) {
      EXPECT_GT(*paper.derivative_exponent, 1.7);
    }
    const CostTable efficient = table_of(program, at, mode, {}, FunctionsStrategy::Efficient);
    EXPECT_FALSE(efficient.too_expensive) << efficient.reason;
    ASSERT_TRUE(efficient.derivative_exponent);
    EXPECT_NEAR(*efficient.derivative_exponent, 1.0, 0.05);
  }
}

// The paper's reverse CHAD on the closure-building Horner costs about 0.07 n^2 steps
// (cost 739,189 at n = 100, 46,513,239 at n = 800, counted by `chad-oracle cost`), so at
// n = 4,096 it passes the derivative's bound of 100,000,000 steps while the primal costs about
// 21 n = 86,000: the bound is over 34 times that, so the check stops the derivative there and
// says fail-cost, keeping the rows it measured.
TEST(CostCheck, ADerivativePastItsStepBoundIsStoppedAndFails) {
  const CheckedProgram program = load_example("../bench/programs/horner_closure.chad");
  CostCheckOptions options;
  options.sizes = {8, 16, 4096};
  const CostTable t = table_of(program, "(0.5, roll Cons (1, roll Cons (-3, roll Last 4)))", ChadMode::Reverse,
                               options, FunctionsStrategy::Paper);
  EXPECT_TRUE(t.too_expensive);
  EXPECT_EQ(t.rows.size(), 2u);
  EXPECT_NE(t.reason.find("at size 4096 the derivative passes 100000000 steps"), std::string::npos) << t.reason;
}

// A program with no list or tree in its input is judged at the input as given: one row.
TEST(CostCheck, WithoutAListOnlyTheRatioIsChecked) {
  const CheckedProgram program = load_source("def main (x : real * real) : real = sin(fst x) * snd x;");
  const CostTable t = table_of(program, "(1, 2)", ChadMode::Reverse);
  ASSERT_EQ(t.rows.size(), 1u);
  EXPECT_EQ(t.rows[0].size, 0u);
  EXPECT_FALSE(t.primal_exponent);
  EXPECT_FALSE(t.too_expensive) << t.reason;
  EXPECT_NE(t.reason.find("not grown"), std::string::npos);
}

// A ratio bound of 1 cannot be met: a derivative pass evaluates the primal's operations and
// more. The check says fail-cost, naming the ratio.
TEST(CostCheck, ATightRatioFails) {
  const CheckedProgram program = load_source("def main (x : real * real) : real = sin(fst x) * snd x;");
  CostCheckOptions options;
  options.max_ratio = 1;
  const CostTable t = table_of(program, "(1, 2)", ChadMode::Reverse, options);
  EXPECT_TRUE(t.too_expensive);
  EXPECT_NE(t.reason.find("times the primal"), std::string::npos) << t.reason;
}

// Each list node doubles the work of the closure it builds (it calls the next one twice), so the
// primal costs about 2^n: at size 32 it passes the step limit and growing stops there, without
// a verdict against the derivative.
TEST(CostCheck, AnExplodingPrimalStopsTheGrowthWithoutAVerdict) {
  const CheckedProgram program = load_source(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (x : real, xs : List) : real =\n"
      "  ((fold xs with n -> case n of { Nil u -> fun (y : real) -> y\n"
      "    | Cons p -> fun (y : real) -> (snd p) y + (snd p) (y * fst p) }) : real -> real) x;");
  const CostTable t = table_of(program, "(1, roll Cons (0.5, roll Nil ()))", ChadMode::Reverse);
  EXPECT_FALSE(t.too_expensive) << t.reason;
  EXPECT_EQ(t.rows.size(), 1u);  // size 8 only: 2^32 steps at size 32
  EXPECT_NE(t.reason.find("grown no further"), std::string::npos) << t.reason;
}

}  // namespace
}  // namespace chad

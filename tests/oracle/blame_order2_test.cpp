// Blame at second order (oracle/blame_order2.hpp): for a failure found at order 2, each subterm
// whose first derivative passes is checked at second order (CHAD twice on the subterm against its
// certified Hessian), so that each order-2 mutant of the catalogue (right at first order, wrong at
// second) is blamed on its rule, in both nestings; the same failure blamed at first order names
// nothing; and a first-order mutant is blamed on its rule as before, at either order.
#include <gtest/gtest.h>

#include "mutants/mutants.hpp"
#include "triage/blame.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

Blame blame_at(int order, const std::string& program, const std::string& input, const char* mutant, ChadMode mode) {
  CampaignOptions options;
  use_mutant(options, *find_mutant(mutant));
  options.order = order;
  Blame b;
  run_with_deep_stack([&] { b = blame_failure(options, GeneratedCase{program, input}, mode, SumsStrategy::Biproduct); });
  return b;
}

TEST(BlameOrder2, TheSigmoidMutantIsBlamedOnSigmoidsRuleInBothNestings) {
  const std::string program = "def main (x : real, y : real) : real = let s = sigmoid(x * y) in s + y * y;";
  for (ChadMode mode : {ChadMode::Reverse, ChadMode::Forward}) {
    const Blame b = blame_at(2, program, "(0.5, 2)", "table-sigmoid-primal-detached", mode);
    ASSERT_TRUE(b.found) << b.reason;
    EXPECT_TRUE(blame_names_mutant(*find_mutant("table-sigmoid-primal-detached"), b)) << b.rule;
    EXPECT_EQ(b.kind, TermKind::Prim);
    EXPECT_EQ(b.op, PrimOp::Sigmoid);
    EXPECT_EQ(b.subterm, "sigmoid(x * y)");
    EXPECT_NE(b.reason.find("at second order: d2 output[0] / d input["), std::string::npos) << b.reason;
  }
}

TEST(BlameOrder2, TheMultiplicationMutantIsBlamedOnMultiplicationsRule) {
  const Blame b = blame_at(2, "def main (x : real, y : real) : real = sin(x) + exp(x * y);", "(0.5, 2)",
                           "mul-primal-detached", ChadMode::Reverse);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_TRUE(blame_names_mutant(*find_mutant("mul-primal-detached"), b)) << b.rule;
  EXPECT_EQ(b.subterm, "x * y");
  EXPECT_NE(b.reason.find("at second order"), std::string::npos) << b.reason;
}

TEST(BlameOrder2, AtFirstOrderTheSameFailureNamesNothing) {
  const Blame b = blame_at(1, "def main (x : real, y : real) : real = sin(x) + exp(x * y);", "(0.5, 2)",
                           "mul-primal-detached", ChadMode::Reverse);
  EXPECT_FALSE(b.found) << b.rule;
  EXPECT_NE(b.reason.find("no subterm fails its own check ("), std::string::npos) << b.reason;
}

TEST(BlameOrder2, AFirstOrderMutantIsBlamedOnItsRuleAtEitherOrder) {
  for (int order : {1, 2}) {
    const Blame b = blame_at(order, "def main (x : real) : real = let y = x * x in sin(y) + y;", "0.5",
                             "rev-let-drops-bound", ChadMode::Reverse);
    ASSERT_TRUE(b.found) << order << ": " << b.reason;
    EXPECT_EQ(b.rule, "reverse let") << order;
    EXPECT_EQ(b.reason.find("at second order"), std::string::npos) << b.reason;
  }
}

}  // namespace
}  // namespace chad

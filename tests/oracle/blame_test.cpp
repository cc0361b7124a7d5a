// Blame names the smallest subterm whose own check fails: for an injected fault in one CHAD
// rule, a subterm of that rule's former, found through lets, functions and streams.
#include <gtest/gtest.h>

#include "oracle/blame.hpp"
#include "mutants/mutants.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

Blame blame(const std::string& program, const std::string& input, const char* mutant, ChadMode mode,
            SumsStrategy sums = SumsStrategy::Biproduct) {
  CampaignOptions options;
  options.rules = &find_mutant(mutant)->rules;
  Blame b;
  run_with_deep_stack([&] { b = blame_failure(options, GeneratedCase{program, input}, mode, sums); });
  return b;
}

TEST(Blame, AFaultyReverseLetIsBlamedOnTheLet) {
  Blame b = blame("def main (x : real) : real = let y = x * x in sin(y) + y;", "0.5", "rev-let-drops-bound",
                  ChadMode::Reverse);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.kind, TermKind::Let);
  EXPECT_EQ(b.rule, "reverse let");
  EXPECT_EQ(b.node, 0u);  // the body's root
}

TEST(Blame, AFaultyForwardLetInsideAReturnedFunctionIsBlamedOnThatLet) {
  Blame b = blame("def main (x : real) : real -> real = fun (y : real) -> (let z = x * y in z * z) + y;", "1.5",
                  "fwd-let-drops-bound", ChadMode::Forward, SumsStrategy::Lifted);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.kind, TermKind::Let);
  EXPECT_EQ(b.subterm.rfind("let z", 0), 0u) << b.subterm;
}

TEST(Blame, ADoubledPrimitiveDerivativeIsBlamedOnTheSmallestPrimitive) {
  Blame b = blame("def main (x : real) : real = let y = x + 1 in sin(y) * y;", "0.5", "rev-prim-doubles",
                  ChadMode::Reverse, SumsStrategy::ZeroFunctions);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.kind, TermKind::Prim);
  EXPECT_EQ(b.subterm, "sin(y)");  // size 2: smaller than `x + 1` and `sin(y) * y`
}

TEST(Blame, AFaultyLetShownOnlyByTheParametersWrapperIsBlamedThere) {
  // A one-node body: the fault is in the `let` binding the parameter around it.
  Blame b = blame("def main (x : real) : real = x;", "2", "rev-let-drops-bound", ChadMode::Reverse);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.rule, "reverse let");
  EXPECT_FALSE(b.in_body);
}

TEST(Blame, NothingIsBlamedWhenTheRulesAreRight) {
  CampaignOptions options;
  Blame b;
  run_with_deep_stack([&] {
    b = blame_failure(options, GeneratedCase{"def main (x : real) : real = sin(x) * x;", "0.5"}, ChadMode::Reverse,
                      SumsStrategy::Biproduct);
  });
  EXPECT_FALSE(b.found);
}

}  // namespace
}  // namespace chad

// Blame names the smallest subterm whose own check fails: for an injected fault in one CHAD
// rule, a subterm of that rule's former, found through lets, functions and streams.
#include <gtest/gtest.h>

#include "triage/blame.hpp"
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

// Issue #34: a fault that depends on the context's shape (pack_G's zero test looking at the
// innermost variable only) shows at `fun (y : real) -> a * y` only in the context the program
// gives it (a, then the unused b innermost); in the context of its free variable a alone it
// passes, and blame used to name the enclosing `reverse let`.
TEST(Blame, AFaultThatDependsOnTheContextsShapeIsBlamedOnTheRuleThatUsesIt) {
  const Mutant& m = *find_mutant("pack-zero-test-innermost");
  CampaignOptions options;
  use_mutant(options, m);
  Blame b;
  run_with_deep_stack([&] {
    b = blame_failure(options,
                      GeneratedCase{"def main (x : real) : real = let a = x * x in let b = 2.0 in "
                                    "(fun (y : real) -> a * y) 3.0;",
                                    "0.5"},
                      ChadMode::Reverse, SumsStrategy::Biproduct);
  });
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.rule, "reverse fun") << b.subterm;
  EXPECT_EQ(b.subterm.rfind("fun (y", 0), 0u) << b.subterm;
  EXPECT_NE(b.reason.find("depends on the context's shape"), std::string::npos) << b.reason;
  EXPECT_TRUE(blame_names_mutant(m, b));
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

// The syntactic shrinking phase: beta-reduction, let inlining, case of a known constructor,
// replacement by subterms, variables and defaults, and input edits (shorter lists, reals
// towards 0 and integers), each candidate type-checked; with a real CHAD fault as the failure.
#include <gtest/gtest.h>

#include "oracle/campaign.hpp"
#include "mutants/mutants.hpp"
#include "triage/shrink.hpp"
#include "triage/shrink_terms.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

TermShrinkResult shrink(const GeneratedCase& c, const std::function<bool(const GeneratedCase&)>& fails) {
  TermShrinkResult r;
  run_with_deep_stack([&] { r = shrink_terms(c, fails); });
  return r;
}

bool mentions(const GeneratedCase& c, const char* text) { return c.program.find(text) != std::string::npos; }

TEST(ShrinkTerms, BetaReducesAndInlinesDownToTheFailingPrimitive) {
  GeneratedCase c{"def main (x : real) : real = (fun (z : real) -> sin(z) * 2 + 1) (x * 3);\n", "1.5"};
  TermShrinkResult r = shrink(c, [](const GeneratedCase& g) { return mentions(g, "sin("); });
  EXPECT_EQ(program_size(r.shrunk), 2u) << r.shrunk.program;  // sin(x)
  EXPECT_TRUE(mentions(r.shrunk, "sin(x)")) << r.shrunk.program;
  EXPECT_EQ(r.shrunk.input, "0");
}

TEST(ShrinkTerms, ReducesACaseOfAKnownConstructor) {
  GeneratedCase c{"type S = < A : real | B : real >;\n"
                  "def main (x : real) : real = case (B (x + 1) : S) of { A a -> a | B b -> cos(b) };\n",
                  "2"};
  TermShrinkResult r = shrink(c, [](const GeneratedCase& g) { return mentions(g, "cos("); });
  EXPECT_EQ(program_size(r.shrunk), 2u) << r.shrunk.program;
}

TEST(ShrinkTerms, ShortensInputListsAndMovesRealsToZero) {
  GeneratedCase c{"type List = mu l. < Nil : unit | Cons : real * l >;\n"
                  "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons p -> fst p + snd p };\n",
                  "roll Cons (1.5, roll Cons (-2.75, roll Cons (3, roll Nil ())))"};
  // "Fails" while the list has an element.
  TermShrinkResult r = shrink(c, [](const GeneratedCase& g) { return g.input.find("Cons") != std::string::npos; });
  EXPECT_EQ(r.shrunk.input.find("Cons", r.shrunk.input.find("Cons") + 1), std::string::npos) << r.shrunk.input;
  EXPECT_NE(r.shrunk.input.find("(0, "), std::string::npos) << r.shrunk.input;
}

// A report keeps no unused input: of `x : real[1] * (real[1] * real)` the body reads only
// `snd (snd x)`, so the input narrows twice to the real it reads. Where both halves are read
// the pair stays.
TEST(ShrinkTerms, DropsTheHalvesOfAnInputPairTheBodyNeverReads) {
  GeneratedCase c{"def main (x : real[1] * (real[1] * real)) : real = sin(snd (snd x));\n", "([1], ([2], 3))"};
  // "Fails" while sin reads the input (not a constant).
  TermShrinkResult r = shrink(c, [](const GeneratedCase& g) { return mentions(g, "sin(") && !mentions(g, "sin(0)"); });
  EXPECT_TRUE(mentions(r.shrunk, "(x : real)")) << r.shrunk.program;
  EXPECT_TRUE(mentions(r.shrunk, "sin(x)")) << r.shrunk.program;
  EXPECT_EQ(r.shrunk.input, "0");
  GeneratedCase both{"def main (x : real * real) : real = sin(fst x) * snd x;\n", "(1, 2)"};
  TermShrinkResult kept = shrink(both, [](const GeneratedCase& g) { return mentions(g, "sin(fst x) * snd x"); });
  EXPECT_TRUE(mentions(kept.shrunk, "(x : real * real)")) << kept.shrunk.program;
}

TEST(ShrinkTerms, ARealFaultShrinksToItsSmallestWitness) {
  CampaignOptions options;
  options.rules = &find_mutant("rev-prim-doubles")->rules;
  options.modes = {ChadMode::Reverse};
  GeneratedCase c{"def main (x : real * real) : real = let y = fst x * 2 in (fun (z : real) -> exp(z) + y) (y + snd x);\n",
                  "(1.5, -2.25)"};
  auto fails = [&](const GeneratedCase& g) {
    ProgramOutcome o;
    run_with_deep_stack([&] { o = check_case(options, g); });
    return o.verdict == Verdict::Fail;
  };
  ASSERT_TRUE(fails(c));
  TermShrinkResult r = shrink(c, fails);
  EXPECT_TRUE(fails(r.shrunk));
  // Greedy, biggest win first: the body becomes the let's bound `fst x * 2` (4 nodes), from
  // which no single edit leads to a smaller failing program.
  EXPECT_LE(program_size(r.shrunk), 4u) << r.shrunk.program;
  EXPECT_LT(program_size(r.shrunk), program_size(c));
  EXPECT_EQ(r.shrunk.input.find('.'), std::string::npos) << r.shrunk.input;  // no fractions left
}

}  // namespace
}  // namespace chad

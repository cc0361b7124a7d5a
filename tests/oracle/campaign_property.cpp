// Campaign checks as RapidCheck properties over generators/ (generators/rapidcheck_gen.hpp):
// on random well-typed programs of every feature, the unmodified CHAD never gets a `fail` or
// `fail-numeric` verdict, in both modes and every sums strategy; functions and streams as
// outputs are judged by the logical relation. A failure prints the shrunk program and its input.
// With a fault injected, RapidCheck finds it and shrinks the program through the choices.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/rapidcheck_gen.hpp"
#include "oracle/campaign.hpp"
#include "mutants/mutants.hpp"
#include "triage/shrink.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

RC_GTEST_PROP(CampaignProperty, UnmodifiedChadNeverFails, ()) {
  const GeneratedCase c = *arbitrary_case(GeneratorFeatures::parse("all"), 25);
  ProgramOutcome outcome;
  run_with_deep_stack([&] { outcome = check_case(CampaignOptions{}, c); });
  RC_CLASSIFY(outcome.verdict == Verdict::Skip, "skip");
  for (const CheckOutcome& k : outcome.checks)
    RC_ASSERT_FALSE(is_failure(k.verdict));  // no fail, fail-numeric or fault
  RC_ASSERT(outcome.verdict != Verdict::Skip || !outcome.detail.empty());
}

TEST(CampaignProperty, RapidCheckFindsAnInjectedFaultAndShrinksItToASmallProgram) {
  // (RapidCheck reports this intended failure, and a reproduce line for it, on stderr.)
  CampaignOptions options;
  options.rules = &find_mutant("rev-prim-doubles")->rules;
  options.modes = {ChadMode::Reverse};
  options.sums = {SumsStrategy::Biproduct};
  std::size_t last_failing_size = 0;  // RapidCheck's final counterexample is its last failing run
  const bool held = rc::check("CHAD with a doubled reverse primitive derivative", [&] {
    const GeneratedCase c = *arbitrary_case(GeneratorFeatures{}, 25);
    ProgramOutcome outcome;
    run_with_deep_stack([&] { outcome = check_case(options, c); });
    if (outcome.verdict == Verdict::Fail) last_failing_size = program_size(c);
    RC_ASSERT(outcome.verdict != Verdict::Fail);
  });
  EXPECT_FALSE(held);
  EXPECT_GE(last_failing_size, 2u);  // a primitive and its operand at least
  EXPECT_LE(last_failing_size, 15u);
}

TEST(CampaignProperty, EveryPrefixOfAChoiceSequenceGeneratesAWellTypedProgram) {
  // RapidCheck's shrinks of a choice vector are prefixes and smaller entries: each still
  // generates a program that checks (check_case reports a generator bug as a skip with
  // "invalid program").
  std::vector<std::uint32_t> choices = {3, 7, 1, 9, 4, 4, 2, 8, 5, 6, 1, 3};
  for (std::size_t keep = 0; keep <= choices.size(); ++keep) {
    ChoiceSource source(std::vector<std::uint32_t>(choices.begin(), choices.begin() + keep));
    GeneratedCase c = generate_case(source, GeneratorFeatures{}, 20);
    ProgramOutcome o;
    run_with_deep_stack([&] { o = check_case(CampaignOptions{}, c); });
    EXPECT_EQ(o.detail.find("invalid program"), std::string::npos) << c.program;
  }
}

}  // namespace
}  // namespace chad

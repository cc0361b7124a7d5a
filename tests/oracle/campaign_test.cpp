// Campaigns: the unmodified CHAD passes; an injected fault is found and shrinks to a small
// program; the same seed gives the same log; a failure's verdict is certified.
#include <gtest/gtest.h>

#include "oracle/campaign.hpp"
#include "judge/case.hpp"
#include "oracle/campaign_log.hpp"
#include "mutants/mutants.hpp"
#include "triage/shrink.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

TEST(Campaign, UnmodifiedChadPasses) {
  CampaignOptions o;
  o.seed = 20261122;
  o.count = 150;
  CampaignSummary s;
  run_with_deep_stack([&] {
    s = run_campaign(o, [](const ProgramOutcome& p) {
      EXPECT_NE(p.verdict, Verdict::Fail) << p.generated.program << "-- at: " << p.generated.input;
      EXPECT_NE(p.verdict, Verdict::Fault) << p.generated.program << "-- at: " << p.generated.input;
      EXPECT_EQ(p.detail.find("generator bug"), std::string::npos) << p.detail;
    });
  });
  EXPECT_EQ(s.programs, 150u);
  EXPECT_EQ(s.verdicts["fail"], 0u);
  EXPECT_EQ(s.verdicts["fail-numeric"], 0u);
  EXPECT_EQ(s.verdicts["fault"], 0u);
  EXPECT_GT(s.verdicts["pass"], 140u);
  for (const char* former : {"fold", "case", "fun", "unfold", "type mu", "type nu", "type sum"})
    EXPECT_GT(s.coverage[former], 0u) << former;
}

TEST(Campaign, SameSeedSameLog) {
  CampaignOptions o;
  o.count = 40;
  std::vector<std::string> first, second;
  run_with_deep_stack([&] {
    run_campaign(o, [&](const ProgramOutcome& p) { first.push_back(outcome_json(p).dump()); });
    run_campaign(o, [&](const ProgramOutcome& p) { second.push_back(outcome_json(p).dump()); });
  });
  EXPECT_EQ(first, second);
}

TEST(Campaign, AnInjectedFaultIsFoundCertifiedAndShrunk) {
  const Mutant* mutant = find_mutant("rev-let-drops-bound");
  ASSERT_NE(mutant, nullptr);
  CampaignOptions o;
  o.rules = &mutant->rules;
  o.features.higher_order = false;  // outputs of data type: judged by Jacobians, certified
  run_with_deep_stack([&] {
    std::size_t index = 0;
    ProgramOutcome failing;
    for (; index < 1000; ++index) {
      failing = check_program_at(o, index);
      if (failing.verdict == Verdict::Fail) break;
    }
    ASSERT_LT(index, 1000u) << "the fault was not found within 1,000 programs";
    bool certified = false, forward_passes = true;
    for (const CheckOutcome& c : failing.checks) {
      if (c.mode == ChadMode::Forward) forward_passes = forward_passes && c.verdict == Verdict::Pass;
      certified = certified || c.detail.find("certified reference") != std::string::npos;
    }
    EXPECT_TRUE(forward_passes);  // the fault is in a reverse rule
    EXPECT_TRUE(certified);
    ChoiceSource source(program_seed(o.seed, index));
    generate_case(source, o.features, o.max_size);
    auto fails = [&](const GeneratedCase& g) { return check_case(o, g).verdict == Verdict::Fail; };
    ShrinkResult s = shrink_case(source.recording(), o.features, o.max_size, fails);
    EXPECT_LE(s.size, 15u) << s.shrunk.program;
    EXPECT_LE(s.size, s.original_size);
    EXPECT_EQ(check_case(o, s.shrunk).verdict, Verdict::Fail);
    // A predicate of a case (each candidate parsed once, handed on built) shrinks to the same
    // program by the same candidates, and is handed every candidate it judges already checked.
    int judged = 0;
    const std::function<bool(Case&)> case_fails = [&](Case& k) {
      ++judged;
      return check_case(o, k).verdict == Verdict::Fail;
    };
    ShrinkResult by_case = shrink_case(source.recording(), o.features, o.max_size, case_fails);
    EXPECT_EQ(by_case.shrunk.program, s.shrunk.program);
    EXPECT_EQ(by_case.shrunk.input, s.shrunk.input);
    EXPECT_EQ(by_case.candidates, s.candidates);
    EXPECT_GT(judged, 0);
  });
}

}  // namespace
}  // namespace chad

namespace chad {
namespace {

// sin(3)^2 + cos(3)^2 is 0.9999999999999999 in double, so the comparison with 1 is decided
// there; its MPFI enclosure contains 1, so the certified check cannot decide it. With a fault
// that makes the screen disagree, the verdict is fail-numeric (not fail, not pass), and says why.
const char* const kUndecidableInIntervals =
    "def main (x : real) : real = if sin(x) * sin(x) + cos(x) * cos(x) < 1 then x * x else x * x * x;\n";

TEST(Campaign, AScreenDisagreementTheIntervalsCannotDecideIsFailNumeric) {
  CampaignOptions o;
  o.modes = {ChadMode::Reverse};
  o.sums = {SumsStrategy::Biproduct};
  ProgramOutcome clean, faulty;
  run_with_deep_stack([&] { clean = check_case(o, GeneratedCase{kUndecidableInIntervals, "3"}); });
  EXPECT_EQ(clean.verdict, Verdict::Pass) << clean.detail;  // the screen agrees: nothing to certify
  o.rules = &find_mutant("rev-prim-doubles")->rules;
  run_with_deep_stack([&] { faulty = check_case(o, GeneratedCase{kUndecidableInIntervals, "3"}); });
  ASSERT_EQ(faulty.checks.size(), 1u);
  EXPECT_EQ(faulty.verdict, Verdict::FailNumeric) << faulty.checks[0].detail;
  EXPECT_NE(faulty.checks[0].detail.find("cannot decide"), std::string::npos) << faulty.checks[0].detail;
  EXPECT_GT(faulty.checks[0].error, 0.5);  // the doubled derivative: 2 x against x
}

}  // namespace
}  // namespace chad

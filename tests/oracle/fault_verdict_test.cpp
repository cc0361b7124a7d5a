// The `fault` verdict (oracle/campaign.hpp): CHAD's output that is broken (values of different
// shapes meet in the target evaluator, or it does not type-check) is recorded as a fault with
// its reason, and shrunk and blamed like a fail; the campaign goes on after it. The
// faults are the uncatalogued broken-output faults of mutants/broken_output_faults.hpp.
#include <gtest/gtest.h>

#include "mutants/broken_output_faults.hpp"
#include "triage/blame.hpp"
#include "oracle/campaign.hpp"
#include "triage/shrink.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

CampaignOptions with_fault(const std::string& name) {
  const Mutant* fault = find_broken_output_fault(name);
  EXPECT_NE(fault, nullptr) << name;
  CampaignOptions o;
  o.rules = &fault->rules;
  return o;
}

TEST(FaultVerdict, RanksAboveFailAndBelowCrash) {
  EXPECT_EQ(worse_verdict(Verdict::Fail, Verdict::Fault), Verdict::Fault);
  EXPECT_EQ(worse_verdict(Verdict::Fault, Verdict::FailNumeric), Verdict::Fault);
  EXPECT_EQ(worse_verdict(Verdict::Fault, Verdict::Crash), Verdict::Crash);
  EXPECT_EQ(worse_verdict(Verdict::Skip, Verdict::Pass), Verdict::Skip);
  for (const char* failing : {"fail", "fail-numeric", "fail-cost", "fault", "crash"}) EXPECT_TRUE(is_failure(failing)) << failing;
  for (const char* passing : {"pass", "skip"}) EXPECT_FALSE(is_failure(passing)) << passing;
}

TEST(FaultVerdict, AZeroOfTheWrongShapeIsAFaultWithItsReason) {
  // fst x * 2 over x : real * real. Forward: fst's derivative is a zero over the whole pair, a
  // pair of zeros where the real tangent of fst x belongs, which `*`'s derivative reads.
  // Reverse: the cotangent of x is a real zero where a pair belongs, which the context reads.
  const CampaignOptions o = with_fault("test-zero-of-wrong-shape");
  ProgramOutcome out;
  run_with_deep_stack([&] {
    out = check_case(o, GeneratedCase{"def main (x : real * real) : real = fst x * 2;", "(1.5, -2)"});
  });
  EXPECT_EQ(out.verdict, Verdict::Fault);
  ASSERT_EQ(out.checks.size(), 6u);
  for (const CheckOutcome& c : out.checks) {
    EXPECT_EQ(c.verdict, Verdict::Fault) << c.detail;
    EXPECT_NE(c.detail.find("different kinds or shapes"), std::string::npos) << c.detail;
    EXPECT_NE(c.detail.find(c.mode == ChadMode::Forward ? "found a pair" : "expected a pair, found a real"),
              std::string::npos)
        << c.detail;
  }
  // A program without `fst` is untouched by the fault: x * 2 passes.
  run_with_deep_stack([&] { out = check_case(o, GeneratedCase{"def main (x : real) : real = x * 2;", "1.5"}); });
  EXPECT_EQ(out.verdict, Verdict::Pass);
}

TEST(FaultVerdict, TheCampaignGoesOnAfterAFault) {
  CampaignOptions o = with_fault("test-zero-of-wrong-shape");
  o.count = 60;
  CampaignSummary s;
  run_with_deep_stack([&] { s = run_campaign(o, nullptr); });
  EXPECT_EQ(s.programs, 60u);
  EXPECT_GT(s.verdicts["fault"], 0u);
  EXPECT_GT(s.verdicts["pass"], 0u);  // programs without fst of a pair of reals
  EXPECT_EQ(s.verdicts["fail"], 0u);  // the fault never gives a number to compare
}

// The smallest program with a reverse primitive: one primitive node over a literal or the input (2
// nodes) among the first set's programs; where the program drew the second set (the default mix, 60%
// of the programs: the draw is the program's first choice, so shrinking keeps it), over a one-entry
// array literal, `mean([1])`: 3 nodes.
TEST(FaultVerdict, AnIllTypedOutputIsAFaultShrunkAndBlamed) {
  for (const bool first_set_only : {true, false}) {
  SCOPED_TRACE(first_set_only ? "the first set only" : "the default mix");
  CampaignOptions o = with_fault("test-unbound-variable");
  if (first_set_only) o.features.force_second_set(false), o.features.force_edges(false), o.features.force_shapes(false);
  run_with_deep_stack([&] {
    std::size_t index = 0;
    for (; index < 200; ++index)
      if (check_program_at(o, index).verdict == Verdict::Fault) break;
    ASSERT_LT(index, 200u) << "no program with a primitive in 200";
    CampaignFailure f = shrink_campaign_failure(o, index);
    EXPECT_EQ(f.mode, ChadMode::Reverse);  // the fault is in reverse rules only
    EXPECT_LE(f.shrunk.size, first_set_only ? 2u : 3u) << f.shrunk.shrunk.program;
    EXPECT_LT(f.shrunk.size, f.shrunk.original_size);
    ProgramOutcome shrunk = check_case(o, f.shrunk.shrunk);
    EXPECT_EQ(shrunk.verdict, Verdict::Fault);
    for (const CheckOutcome& c : shrunk.checks)
      if (c.mode == ChadMode::Reverse) {
        EXPECT_NE(c.detail.find("does not type-check"), std::string::npos) << c.detail;
      }
    Blame blame = blame_failure(o, f.shrunk.shrunk, f.mode, f.sums);
    ASSERT_TRUE(blame.found) << blame.reason;
    EXPECT_EQ(blame.rule.rfind("reverse primitive", 0), 0u) << blame.rule;
    EXPECT_NE(blame.reason.find("unbound variable"), std::string::npos) << blame.reason;
  });
  }
}

// A campaign's fault by a timeout (an adapter's answer late on a loaded machine) shrinks only to
// candidates that time out too, and a failure that does not reproduce is not shrunk at all: a
// shrink that kept passing candidates reported `Counterexample: pass` (issue #32).
ProgramOutcome outcome_of(Verdict verdict, const std::string& detail) {
  ProgramOutcome o;
  o.verdict = verdict;
  CheckOutcome c{};
  c.mode = ChadMode::Reverse;
  c.sums = SumsStrategy::Biproduct;
  c.verdict = verdict;
  c.detail = detail;
  o.checks.push_back(c);
  return o;
}

TEST(FaultVerdict, OnlyAFaultOfTheSameCauseIsAlike) {
  const ProgramOutcome timeout = outcome_of(Verdict::Fault, "dual gave no answer: no answer within 1 s (timed out)");
  const ProgramOutcome crash = outcome_of(Verdict::Fault, "dual failed on the jvp request: ZeroDivisionError");
  const ProgramOutcome passed = outcome_of(Verdict::Pass, "");
  EXPECT_TRUE(fault_by_timeout(timeout));
  EXPECT_FALSE(fault_by_timeout(crash));
  EXPECT_TRUE(fails_alike(timeout, timeout));
  EXPECT_TRUE(fails_alike(crash, crash));
  EXPECT_FALSE(fails_alike(crash, timeout));  // a timeout's candidate must time out too
  EXPECT_FALSE(fails_alike(timeout, crash));  // and a crash's must not be a timeout
  EXPECT_FALSE(fails_alike(passed, timeout));
  EXPECT_FALSE(fails_alike(passed, passed));  // a passing program is never a failure to keep
  EXPECT_FALSE(fails_alike(outcome_of(Verdict::Fail, "wrong"), timeout));
  EXPECT_TRUE(fails_alike(outcome_of(Verdict::Fail, "wrong here"), outcome_of(Verdict::Fail, "wrong there")));
}

TEST(FaultVerdict, AFailureThatDoesNotReproduceIsNotShrunk) {
  // Program 0 of the default campaign passes: as a logged failure that did not come back (a
  // flaky timeout), it is kept whole, never shrunk to a smaller program that passes.
  run_with_deep_stack([&] {
    const CampaignOptions o;
    ASSERT_EQ(check_program_at(o, 0).verdict, Verdict::Pass);
    const CampaignFailure f = shrink_campaign_failure(o, 0);
    EXPECT_FALSE(f.reproduced);
    EXPECT_EQ(f.original.verdict, Verdict::Pass);
    EXPECT_EQ(f.shrunk.shrunk.program, f.original.generated.program);
    EXPECT_EQ(f.shrunk.shrunk.input, f.original.generated.input);
    EXPECT_EQ(f.shrunk.size, f.shrunk.original_size);
    EXPECT_GT(f.shrunk.size, 0u);
    EXPECT_EQ(f.shrunk.candidates, 0);
  });
}

}  // namespace
}  // namespace chad

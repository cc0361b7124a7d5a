// The judge under test: each fault planted in the judge (judge/judge_faults.hpp) changes the
// verdict on a case whose right verdict is known, so the ordinary judge tests would notice it;
// with the judge fault off, the same cases get the right verdict. The cases are programs with
// a fault planted in CHAD (mutants/), each where one judge fault would hide it:
//   (x, x * x) under rev-mul-drops-term   the wrong derivative only in the Jacobian's second row;
//   x * x under fwd-mul-drops-term        wrong in the forward checks, which come first: the
//                                         program's last check (reverse) passes;
//   log x under test-unbounded-derivative NaN in double, the whole line in intervals;
// and the screen-only fault on any of them.
#include <gtest/gtest.h>

#include <cmath>

#include "logrel/agreement.hpp"
#include "mutants/mutants.hpp"
#include "mutants/broken_output_faults.hpp"
#include "oracle/campaign.hpp"
#include "judge/double_jacobian_check.hpp"
#include "judge/judge_faults.hpp"
#include "judge/screen_then_certify.hpp"
#include "verify/verify.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

const GeneratedCase kSecondRowWrong{"def main (x : real) : real * real = (x, x * x);", "1.5"};
const GeneratedCase kForwardWrong{"def main (x : real) : real = x * x;", "1.5"};
const GeneratedCase kUnbounded{"def main (x : real) : real = log x;", "0.5"};

const RuleTable& rules_of(const std::string& mutant) {
  const Mutant* m = find_mutant(mutant);
  if (!m) m = find_broken_output_fault(mutant);
  EXPECT_NE(m, nullptr) << mutant;
  return m->rules;
}

// The campaign's verdict on a case with CHAD's rules replaced by a mutant's, under `judge`.
ProgramOutcome judged(const GeneratedCase& c, const std::string& mutant, const JudgeFaults& judge = {}) {
  CampaignOptions o;
  o.rules = &rules_of(mutant);
  o.measure_coverage = false;
  ScopedJudgeFaults faults(judge);
  ProgramOutcome out;
  run_with_deep_stack([&] { out = check_case(o, c); });
  return out;
}

JudgeFaults only(bool JudgeFaults::*flag) {
  JudgeFaults f;
  f.*flag = true;
  return f;
}

TEST(JudgeFaults, CertifyingOnlyTheFirstRowHidesAFaultInTheSecond) {
  const ProgramOutcome right = judged(kSecondRowWrong, "rev-mul-drops-term");
  EXPECT_EQ(right.verdict, Verdict::Fail);
  for (const CheckOutcome& c : right.checks) {
    if (c.mode == ChadMode::Forward) {
      EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
      continue;
    }
    ASSERT_EQ(c.verdict, Verdict::Fail) << c.detail;
    ASSERT_TRUE(c.discrepancy.has_value());
    EXPECT_EQ(c.discrepancy->output, 1u);  // d(x * x)/dx = 3, the fault gives 1.5
    EXPECT_EQ(c.discrepancy->answer.lo, 1.5);
    EXPECT_EQ(c.detail, "d output[1] / d input[0]: CHAD encloses [1.5, 1.5], the certified reference [3, 3]");
  }
  const ProgramOutcome faulty = judged(kSecondRowWrong, "rev-mul-drops-term", only(&JudgeFaults::certify_first_row_only));
  EXPECT_NE(faulty.verdict, right.verdict);
  EXPECT_EQ(faulty.verdict, Verdict::Pass);
}

TEST(JudgeFaults, CertifyingOnlyTheFirstRowOfADoubleAnswerHidesTheSecond) {
  // An answer in double (string diagrams, compiled kernels) with its second row wrong: 2x = 3
  // at x = 1.5 answered as 99.
  CheckedProgram program;
  NormalForm<double> input;
  JacobianResult reference;
  run_with_deep_stack([&] {
    program = check_program(parse_program(kSecondRowWrong.program, "<test>"));
    input = read_input_point(program, kSecondRowWrong.input);
    reference = jacobian_by_dual(program, input);
  });
  auto judge = [&](const JudgeFaults& faults) {
    ScopedJudgeFaults scope(faults);
    CheckOutcome c{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}};
    std::optional<JacobianResult> certified;
    run_with_deep_stack([&] {
      judge_double_jacobian(c, "the answer", reference.output_index, nullptr, {{1.0}, {99.0}}, program, input,
                            reference, certified);
    });
    return c;
  };
  const CheckOutcome right = judge({});
  EXPECT_EQ(right.verdict, Verdict::Fail);
  EXPECT_EQ(right.detail, "d output[1] / d input[0]: the answer gives 99, the certified reference encloses [3, 3]");
  EXPECT_EQ(judge(only(&JudgeFaults::certify_first_row_only)).verdict, Verdict::Pass);
  EXPECT_EQ(judge(only(&JudgeFaults::screen_clears_without_certifying)).verdict, Verdict::Pass);
}

TEST(JudgeFaults, AVerdictFromTheLastCheckHidesAForwardOnlyFault) {
  const ProgramOutcome right = judged(kForwardWrong, "fwd-mul-drops-term");
  EXPECT_EQ(right.verdict, Verdict::Fail);
  ASSERT_EQ(right.checks.size(), 6u);
  EXPECT_EQ(right.checks.front().verdict, Verdict::Fail) << right.checks.front().detail;
  EXPECT_EQ(right.checks.back().verdict, Verdict::Pass);  // reverse zero-fn: the last check
  const ProgramOutcome faulty = judged(kForwardWrong, "fwd-mul-drops-term", only(&JudgeFaults::verdict_from_last_check));
  EXPECT_NE(faulty.verdict, right.verdict);
  EXPECT_EQ(faulty.verdict, Verdict::Pass);
}

TEST(JudgeFaults, AnUnboundedEnclosureIsNeverAPass) {
  // Item 2 of the one judge: the campaign passed an unbounded enclosure (NaN in double, the
  // whole line in intervals) as "meeting" the reference.
  const ProgramOutcome right = judged(kUnbounded, "test-unbounded-derivative");
  EXPECT_NE(right.verdict, Verdict::Pass);
  EXPECT_EQ(right.verdict, Verdict::Fail);
  for (const CheckOutcome& c : right.checks) {
    if (c.mode == ChadMode::Reverse) {
      EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;  // the fault is in the forward rule only
      continue;
    }
    EXPECT_TRUE(std::isinf(c.error)) << c.error;  // the screen saw NaN
    ASSERT_EQ(c.verdict, Verdict::Fail) << c.detail;
    EXPECT_NE(c.detail.find("(an unbounded enclosure confirms nothing)"), std::string::npos) << c.detail;
    ASSERT_TRUE(c.discrepancy.has_value());
    EXPECT_FALSE(std::isfinite(c.discrepancy->answer.lo) && std::isfinite(c.discrepancy->answer.hi));
  }
  const ProgramOutcome faulty = judged(kUnbounded, "test-unbounded-derivative", only(&JudgeFaults::accept_unbounded_enclosure));
  EXPECT_NE(faulty.verdict, right.verdict);
  EXPECT_EQ(faulty.verdict, Verdict::Pass);
}

TEST(JudgeFaults, VerifyRejectsTheUnboundedEnclosureToo) {
  VerifyReport report;
  run_with_deep_stack([&] {
    const CheckedProgram program = check_program(parse_program(kUnbounded.program, "<test>"));
    report = verify_chad(program, read_input_point(program, kUnbounded.input), &rules_of("test-unbounded-derivative"));
  });
  EXPECT_FALSE(report.passed());
  ASSERT_TRUE(first_verify_failure(report).has_value());
  EXPECT_EQ(first_verify_failure(report)->mode, ChadMode::Forward);
  EXPECT_EQ(first_verify_failure(report)->verdict, Verdict::Fail);
}

TEST(JudgeFaults, AScreenThatClearsWithoutCertifyingHidesEveryFault) {
  for (const auto& [c, mutant] : {std::pair{kSecondRowWrong, "rev-mul-drops-term"}, std::pair{kForwardWrong, "fwd-mul-drops-term"},
                                  std::pair{kUnbounded, "test-unbounded-derivative"}}) {
    const ProgramOutcome right = judged(c, mutant);
    EXPECT_EQ(right.verdict, Verdict::Fail) << mutant;
    const ProgramOutcome faulty = judged(c, mutant, only(&JudgeFaults::screen_clears_without_certifying));
    EXPECT_NE(faulty.verdict, right.verdict) << mutant;
  }
}

TEST(JudgeFaults, TheRightCasesPassWithoutTheirChadFault) {
  // The same programs with CHAD's standard rules pass under the right judge: the verdicts
  // above come from the planted CHAD faults, not from the programs.
  for (const GeneratedCase& c : {kSecondRowWrong, kForwardWrong, kUnbounded}) {
    CampaignOptions o;
    o.measure_coverage = false;
    ProgramOutcome out;
    run_with_deep_stack([&] { out = check_case(o, c); });
    EXPECT_EQ(out.verdict, Verdict::Pass) << c.program;
  }
}

TEST(JudgeFaults, CertifyEntriesRejectsUnboundedAndNaNAnswers) {
  JacobianResult certified;
  certified.enclosure = {{{2.0, 2.0}}};
  for (Enclosure got : {Enclosure{0.0, INFINITY}, Enclosure{-INFINITY, INFINITY}, Enclosure{NAN, NAN}}) {
    EXPECT_EQ(certify_entries("CHAD", {{got}}, false, 0, certified).verdict, Verdict::Fail) << got.lo << " " << got.hi;
    ScopedJudgeFaults accepting(only(&JudgeFaults::accept_unbounded_enclosure));
    // [0, inf] and [-inf, inf] "meet" [2, 2]: only the bound test rejects them.
    if (!std::isnan(got.lo)) {
      EXPECT_EQ(certify_entries("CHAD", {{got}}, false, 0, certified).verdict, Verdict::Pass);
    }
  }
  for (double got : {NAN, INFINITY}) EXPECT_EQ(certify_entries("x", {{{got, got}}}, true, ScreenTolerance::relative, certified).verdict, Verdict::Fail);
  EXPECT_EQ(certify_entries("x", {{{2.0 + 1e-12, 2.0 + 1e-12}}}, true, ScreenTolerance::relative, certified).verdict, Verdict::Pass);
}

}  // namespace
}  // namespace chad

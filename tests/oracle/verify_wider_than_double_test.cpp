// `verify` and the campaign agree on a CHAD enclosure that is finite in MPFR but wider than
// double's range (oracle/wider_than_double.hpp): both say `fail-numeric`, with the reason, where
// verify used to read the enclosure as unbounded and fail it. A real discrepancy beside it (a
// mutant's wrong forward rule) still fails.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "mutants/mutants.hpp"
#include "oracle/campaign.hpp"
#include "verify/verify.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

// Program 58673 of the default 100,000-program campaign, shrunk (its derivation:
// tests/oracle/edge_overflow_verdict_test.cpp): CHAD's reverse pass in 128-bit intervals has an
// enclosure about [-1.8e411, 1.8e411] for the derivative 1.1e232; its forward pass stays finite.
const char* kProgram =
    "def main (s : real) : real =\n"
    "  let v0 = max(2.25, s) / -exp(0.625 * tanh(pow(exp(sigmoid(s * s)), 0.625 * tanh(sin(s))))) in\n"
    "  -v0 + v0 * (v0 / -(v0 * v0) * (v0 * v0 - s));";
const char* kAt = "3.8518598887744716e+116";

VerifyReport verify(const RuleTable* rules = nullptr) {
  VerifyReport report;
  run_with_deep_stack([&] {
    const CheckedProgram program = check_program(parse_program(kProgram, "<test>"));
    report = verify_chad(program, read_input_point(program, kAt), rules);
  });
  return report;
}

TEST(VerifyWiderThanDouble, VerifySaysFailNumericWithTheReasonAsTheCampaignDoes) {
  const VerifyReport report = verify();
  ASSERT_TRUE(report.differentiable()) << report.reference.reason;
  ASSERT_EQ(report.cases.size(), 6u);  // fwd and rev, three sums strategies
  // verify runs every case in intervals (no double screen): the forward pass's enclosure is wide
  // too ([-2.1e309, 1.0e309]), so all six cases are undecided; none reads as a fail.
  for (const VerifyCase& c : report.cases) {
    EXPECT_EQ(c.verdict, Verdict::FailNumeric) << c.detail;
    EXPECT_NE(c.detail.find("finite but wider than double's range"), std::string::npos) << c.detail;
    EXPECT_NE(c.detail.find("d output[0] / d input[0]"), std::string::npos) << c.detail;
    // CHAD's own enclosure is what verify shows (unbounded in double), not the reference's.
    ASSERT_EQ(c.enclosure.size(), 1u);
    EXPECT_FALSE(std::isfinite(c.enclosure[0][0].hi - c.enclosure[0][0].lo));
  }
  ASSERT_TRUE(first_verify_failure(report).has_value());
  EXPECT_EQ(first_verify_failure(report)->verdict, Verdict::FailNumeric);

  // The campaign's verdict on the same program and point: the same, fail-numeric (its forward
  // checks pass the double screen; each of its undecided checks verify calls undecided too).
  CampaignOptions options;
  ProgramOutcome campaign;
  run_with_deep_stack([&] { campaign = check_case(options, GeneratedCase{kProgram, kAt}); });
  EXPECT_EQ(campaign.verdict, Verdict::FailNumeric) << campaign.detail;
  int undecided = 0;
  for (const CheckOutcome& k : campaign.checks) {
    EXPECT_NE(k.verdict, Verdict::Fail) << k.detail;
    undecided += k.verdict == Verdict::FailNumeric;
  }
  EXPECT_EQ(undecided, 3);
}

TEST(VerifyWiderThanDouble, ARealDiscrepancyBesideItStillFails) {
  // fwd-mul-drops-term: the forward derivative of * loses a term, a real discrepancy.
  const VerifyReport report = verify(&find_mutant("fwd-mul-drops-term")->rules);
  ASSERT_TRUE(report.differentiable());
  int failed = 0;
  for (const VerifyCase& c : report.cases)
    if (c.mode == ChadMode::Forward) {
      EXPECT_EQ(c.verdict, Verdict::Fail) << c.detail;
      ++failed;
    }
  EXPECT_EQ(failed, 3);
  ASSERT_TRUE(first_verify_failure(report).has_value());
  EXPECT_EQ(first_verify_failure(report)->verdict, Verdict::Fail);
}

}  // namespace
}  // namespace chad

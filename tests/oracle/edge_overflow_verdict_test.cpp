// Verdicts at inputs at the edges (issue #30): a value of the program that overflows double only
// once the logical relation applies the program's function output is a `skip` ("overflow: ..."),
// found by the relation's probe of the program (logrel/source_overflow.hpp); a NaN that CHAD
// makes where every value of the program is finite still fails (the planted
// EvaluatorFault::MulByQuotients: 0 / 0 at a zero factor). A CHAD enclosure that is finite in
// MPFR but wider than double's range decides nothing (`fail-numeric`), where a NaN enclosure fails.
#include <gtest/gtest.h>

#include <cmath>

#include "oracle/campaign.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/chad_jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/input_value.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

ProgramOutcome check(const std::string& program, const std::string& at, const ChadFaults* faults = nullptr) {
  CampaignOptions o;
  o.faults = faults;
  ProgramOutcome out;
  run_with_deep_stack([&] { out = check_case(o, GeneratedCase{program, at}); });
  return out;
}

// x = 1e200: x * x is inf and inf - inf is NaN, but only inside the returned function's body,
// which the program's own evaluation at x never runs (main's value is a closure).
const char* kOverflowsWhenApplied =
    "def main (x : real) : real -> real = fun (y : real) -> y + norm([x * x - x * x, 1]);";

TEST(EdgeOverflowVerdict, AFunctionOutputThatOverflowsOnlyWhenAppliedIsSkippedAsAnOverflow) {
  const ProgramOutcome out = check(kOverflowsWhenApplied, "1e200");
  EXPECT_EQ(out.verdict, Verdict::Skip) << out.detail;
  ASSERT_EQ(out.checks.size(), 6u);
  for (const CheckOutcome& c : out.checks) {
    EXPECT_EQ(c.verdict, Verdict::Skip) << c.detail;
    EXPECT_EQ(c.detail.rfind("overflow: a value of the program overflows double at this input (at apply(", 0), 0u)
        << c.detail;
  }
  // At x = 2 nothing overflows: the relation compares, and CHAD passes (d/dy = 1, d/dx = 0).
  EXPECT_EQ(check(kOverflowsWhenApplied, "2").verdict, Verdict::Pass);
}

TEST(EdgeOverflowVerdict, ANanFromChadWhereTheProgramIsFiniteStillFailsInAFunctionOutput) {
  // (x y + y) applied: d/dy = x + 1 = 1 at x = 0, finite; the planted fault's (x y) / x is 0 / 0.
  const ChadFaults nan_at_zero_factor{TransformFault::None, EvaluatorFault::MulByQuotients};
  const char* program = "def main (x : real) : real -> real = fun (y : real) -> x * y + y;";
  const ProgramOutcome out = check(program, "0", &nan_at_zero_factor);
  EXPECT_EQ(out.verdict, Verdict::Fail) << out.detail;
  int failed = 0;
  for (const CheckOutcome& c : out.checks) {
    EXPECT_NE(c.verdict, Verdict::Skip) << c.detail;  // the probe watches the program, not CHAD
    failed += c.verdict == Verdict::Fail;
  }
  EXPECT_GT(failed, 0);
  // Away from the zero factor the fault is silent.
  EXPECT_EQ(check(program, "0.5", &nan_at_zero_factor).verdict, Verdict::Pass);
}

TEST(EdgeOverflowVerdict, ANanFromChadWhereTheReferenceIsFiniteStillFailsInAJacobian) {
  const ChadFaults nan_at_zero_factor{TransformFault::None, EvaluatorFault::MulByQuotients};
  const ProgramOutcome out = check("def main (x : real, y : real) : real = x * y + y;", "(0, 2)", &nan_at_zero_factor);
  EXPECT_EQ(out.verdict, Verdict::Fail) << out.detail;
  for (const CheckOutcome& c : out.checks) EXPECT_EQ(c.verdict, Verdict::Fail) << c.detail;
}

TEST(EdgeOverflowVerdict, AChadEnclosureWiderThanDoublesRangeDecidesNothing) {
  // Program 58673 of `campaign --count 100000 --seed 1 --features +edges,+shapes,+second-set`,
  // shrunk: at s = 3.85e116, v0 is about -s / 1.6 and the reverse pass's cotangent of
  // v0 / -(v0 v0) is v0 (v0 v0 - s), about 1e349: it overflows double (CHAD's gradient in double
  // is NaN) though the derivative, -1 - 2 v0 v0' = 1.1e232, is finite. Re-run in intervals of 128
  // bits, CHAD's sigmoid'(s s) = sg (1 - sg) at sg = [1 - 2^-128, 1] is [0, 2^-128], and that
  // width times the other factors (about 1e310) is wider than double's range: no certificate.
  const char* program =
      "def main (s : real) : real =\n"
      "  let v0 = max(2.25, s) / -exp(0.625 * tanh(pow(exp(sigmoid(s * s)), 0.625 * tanh(sin(s))))) in\n"
      "  -v0 + v0 * (v0 / -(v0 * v0) * (v0 * v0 - s));";
  const ProgramOutcome out = check(program, "3.8518598887744716e+116");
  EXPECT_EQ(out.verdict, Verdict::FailNumeric) << out.detail;
  int undecided = 0;
  for (const CheckOutcome& c : out.checks) {
    EXPECT_NE(c.verdict, Verdict::Fail) << c.detail;
    if (c.verdict != Verdict::FailNumeric) continue;
    ++undecided;
    EXPECT_EQ(c.mode, ChadMode::Reverse) << c.detail;
    EXPECT_NE(c.detail.find("finite but wider than double's range"), std::string::npos) << c.detail;
  }
  EXPECT_EQ(undecided, 3);  // the reverse mode, each sums strategy; forward's tangents stay finite
}

// The first row of CHAD's Jacobian of `text` at `at`.
std::vector<double> chad_gradient(const std::string& text, const std::string& at, ChadMode mode) {
  std::vector<double> row;
  run_with_deep_stack([&] {
    const CheckedProgram program = check_program(parse_program(text, "<test>"));
    row = jacobian_by_chad(program, read_input_point(program, at), mode, SumsStrategy::Biproduct).jacobian.at(0);
  });
  return row;
}

// CHAD's derivative of x / y at (x, y): (1 / y, -x / y^2), in both modes.
std::vector<double> division_gradient(double x, double y, ChadMode mode) {
  return chad_gradient("def main (x : real, y : real) : real = x / y;",
                       "(" + print_real(x) + ", " + print_real(y) + ")", mode);
}

TEST(EdgeOverflowVerdict, ChadsNormAtSubnormalEntriesIsNotAnOverflow) {
  // d/dx norm([3x, 4x]) = <v, dv> / norm v = 25x / 5x = 5 for x > 0, at x = 5e-324 = 2^-1074 too,
  // where 9x, 16x, 25x and 5x are exact subnormals (CHAD's norm scaled by 2^1074 there: inf, and
  // the derivative 0 / inf = 0: programs 738, 6982, 9824, 69305, 86955 of the 100,000-program
  // campaign with the new features, once the references' norm was mended). At 1e-310 the
  // subnormals keep about 14 digits.
  const char* program = "def main (x : real) : real = norm([3 * x, 4 * x]);";
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    EXPECT_EQ(chad_gradient(program, "5e-324", mode).at(0), 5);
    EXPECT_NEAR(chad_gradient(program, "1e-310", mode).at(0), 5, 1e-12);
  }
}

TEST(EdgeOverflowVerdict, ChadsNormTangentAtNearlyOverflowingEntries) {
  // d/dx norm([1.5 x, 1]) = 1.5 (1.5 x) / norm = 1.5 (1 - 2e-617) at x = 1e308; forward's
  // <v, dv> = 1.5e308 * 1.5 overflowed (inf / 1.5e308: program 25367 of the same campaign).
  const char* program = "def main (x : real) : real = norm([1.5 * x, 1]);";
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
    EXPECT_DOUBLE_EQ(chad_gradient(program, "1e308", mode).at(0), 1.5);
}

TEST(EdgeOverflowVerdict, TheIntervalReferencesLogsumexpShiftsByTheLargestEntryItself) {
  // logsumexp([1 / x]) = 1 / x, derivative -1 / x^2 = -1e60 at x = 1e-30. The shift was the
  // largest entry rounded to double: 1 / x in 128-bit intervals is up to half a double ulp of
  // 1e30 (7e13) from it, exp(7e13) overflows MPFR, and the reference read inf (program 37089).
  run_with_deep_stack([&] {
    const CheckedProgram program =
        check_program(parse_program("def main (x : real[1]) : real = logsumexp(x / (x * x));", "<test>"));
    const JacobianResult r = compute_jacobian(program, read_input_point(program, "[1e-30]"), JacobianMethod::Interval);
    ASSERT_TRUE(r.differentiable) << r.reason;
    EXPECT_LE(r.enclosure[0][0].lo, -1e60);
    EXPECT_GE(r.enclosure[0][0].hi, -1e60);
    EXPECT_LT(r.enclosure[0][0].hi - r.enclosure[0][0].lo, 1e51);  // nine digits at least
  });
}

TEST(EdgeOverflowVerdict, TheDivisionsDerivativeNeverSquaresTheDivisor) {
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    // y^2 = 1e400 overflows double; -x / y^2 = -1e300 / 1e400 = -1e-100 does not (was -0: a db / b^2 with b^2 = inf).
    std::vector<double> big = division_gradient(1e300, 1e200, mode);
    EXPECT_DOUBLE_EQ(big[0], 1e-200);
    EXPECT_DOUBLE_EQ(big[1], -1e-100);
    // y^2 = 1e-340 underflows to 0; -x / y^2 = -1e-300 / 1e-340 = -1e40 (was -inf: a db / 0).
    std::vector<double> small = division_gradient(1e-300, 1e-170, mode);
    EXPECT_DOUBLE_EQ(small[0], 1e170);
    EXPECT_DOUBLE_EQ(small[1], -1e40);
  }
}

}  // namespace
}  // namespace chad

// The fd Jacobian (references/jacobian_fd.cpp) and Hessian (references/hessian_fd.cpp) at
// inputs at the edges of double (issue #30): where the program varies on a scale far below the
// point's magnitude (sin at 1e15), their steps relative to the point gave a number far off with
// a small error estimate (-8,263,952.88 +- 27,427 for x sin x at -1e15, whose derivative is
// 5.13e14); they now shorten the step until the differences settle, or say they cannot certify
// where MPFR cannot resolve a step short enough (1e100, 1e300). A step through norm's kink, the
// zero vector, gave 0 (|v + dv| = |v - dv|); it is now refused and a shorter one taken.
// Expected values: mpmath at 60 digits from the closed forms (written beside each), never fd's
// own output.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../support/example_programs.hpp"
#include "references/hessian.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

JacobianResult fd_at(const std::string& source, const std::string& at) {
  JacobianResult r;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(source);
    r = compute_jacobian(program, read_input_point(program, at), JacobianMethod::FiniteDifference);
  });
  return r;
}

// fd's value is within its own error estimate (plus half an ulp of the rounding to double) of
// the true derivative, and that estimate is a tight one (fd still decides).
void expect_within_its_estimate(const JacobianResult& fd, double want, double tight) {
  ASSERT_TRUE(fd.differentiable) << fd.reason;
  const double got = fd.jacobian[0][0], estimate = fd.error_estimate[0][0];
  EXPECT_LE(std::fabs(got - want), estimate + std::fabs(want) * 0x1p-52) << got << " +- " << estimate;
  EXPECT_LE(estimate, tight * std::fmax(std::fabs(want), 1.0));
}

TEST(FdEdges, AStepShortEnoughForHowFastTheProgramVaries) {
  const std::string x_sin_x = "def main (x : real) : real = sin(x) * x;";
  // (x sin x)' = sin x + x cos x; at -1e15 (exact in double): 513193737786969.39396...
  expect_within_its_estimate(fd_at(x_sin_x, "-1e15"), 513193737786969.39396, 1e-12);
  // at the double 1e20 = 100000000000000000000 exactly: 76397040444172830039.369...
  expect_within_its_estimate(fd_at(x_sin_x, "1e20"), 76397040444172830039.369, 1e-12);
  // sin' = cos; at the double nearest 1e30 (1000000000000000019884624838656): -0.99995646089596646...
  expect_within_its_estimate(fd_at("def main (x : real) : real = sin(x);", "1e30"), -0.99995646089596646, 1e-12);
}

TEST(FdEdges, AStepShortEnoughAtATinyPointInAFastProgram) {
  // (sin(1e20 x))' = 1e20 cos(1e20 x) = 1e20 (1 - 2.5e-576...) at x = -2.2250738585072014e-308:
  // a step relative to 1 is far too long, one relative to |x| lost in rounding; fd shortens the first.
  expect_within_its_estimate(fd_at("def main (x : real) : real = sin(1e20 * x);", "-2.2250738585072014e-308"), 1e20,
                             1e-12);
}

TEST(FdEdges, NoStepShortEnoughBesideAHugePointIsCannotCertify) {
  // sin varies on a scale of 1; beside 1e100 (333 bits) or 1e300 MPFR's 266 bits resolve no step
  // that short: "cannot certify", never a number (before: -4.3e-93 +- 6.6e-93 for cos(-1e100)).
  for (const char* at : {"1e100", "-1e100", "1e300"}) {
    SCOPED_TRACE(at);
    const JacobianResult fd = fd_at("def main (x : real) : real = sin(x);", at);
    EXPECT_FALSE(fd.differentiable);
    EXPECT_TRUE(fd.cannot_certify) << fd.reason;
    EXPECT_NE(fd.reason.find("below what MPFR's"), std::string::npos) << fd.reason;
    EXPECT_NE(fd.reason.find("do not settle"), std::string::npos) << fd.reason;
  }
}

TEST(FdEdges, ThePolynomialsOfEveryMagnitudeStillDecide) {
  // x^2 + 3x: derivative 2x + 3, exact at the first step (the differences vanish: settled).
  const std::string quadratic = "def main (x : real) : real = x * x + 3 * x;";
  expect_within_its_estimate(fd_at(quadratic, "1e150"), 2e150, 1e-12);
  expect_within_its_estimate(fd_at(quadratic, "-2.5e-310"), 3 - 5e-310, 1e-12);
  expect_within_its_estimate(fd_at(quadratic, "0"), 3, 1e-12);
}

const char* kNormOfSin = "def main (x : real) : real = norm(scale(sin(x), [3, 1.5]));";

TEST(FdEdges, NoStepThroughNormsKink) {
  // norm(sin x (3, 1.5)) = |sin x| sqrt 11.25; at x < 0 its derivative is -sqrt(11.25) cos x =
  // -3.3541019662496845 (cos x = 1 to 1e-646 at -1.5e-323). A step 2^-20 passes through the zero
  // vector: fd gave 0 +- 1.9e-79 (program 738 of the fd cross-check).
  expect_within_its_estimate(fd_at(kNormOfSin, "-1.5e-323"), -3.3541019662496845, 1e-12);
  expect_within_its_estimate(fd_at(kNormOfSin, "1e-300"), 3.3541019662496845, 1e-12);
}

TEST(FdEdges, AtNormsKinkFdSaysNotDifferentiable) {
  const JacobianResult fd = fd_at(kNormOfSin, "0");
  EXPECT_FALSE(fd.differentiable);
  EXPECT_FALSE(fd.cannot_certify);
  EXPECT_NE(fd.reason.find("`norm` is not differentiable here: its argument is the zero vector"), std::string::npos)
      << fd.reason;
}

// The fd Hessian of norm(x (3, 4)) = 5 |x|: 0 away from 0, no second derivative at 0. At 0 and at
// 1e-30 its second difference through the zero vector gave 12,233,386.67 +- 1,747,626.67.
TEST(FdEdges, TheFdHessianDoesNotStepThroughNormsKink) {
  const std::string five_abs = "def main (x : real) : real = norm(scale(x, [3, 4]));";
  auto hessian_at = [&](const std::string& at) {
    HessianResult r;
    run_with_deep_stack([&] {
      const CheckedProgram program = testing::load_source(five_abs);
      r = reference_hessian(HessianMethod::FiniteDifference, program, read_input_point(program, at));
    });
    return r;
  };
  const HessianResult at_zero = hessian_at("0");
  EXPECT_FALSE(at_zero.differentiable);
  EXPECT_NE(at_zero.reason.find("`norm` is not differentiable here"), std::string::npos) << at_zero.reason;
  const HessianResult near_zero = hessian_at("1e-30");
  EXPECT_FALSE(near_zero.differentiable);
  EXPECT_FALSE(near_zero.cannot_certify);
  EXPECT_NE(near_zero.reason.find("further than its distance from its kink, the zero vector"), std::string::npos)
      << near_zero.reason;
  const HessianResult away = hessian_at("0.5");
  ASSERT_TRUE(away.differentiable) << away.reason;
  EXPECT_EQ(away.hessian[0][0][0], 0);
}

HessianResult fd_hessian_at(const std::string& source, const std::string& at) {
  HessianResult r;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(source);
    r = reference_hessian(HessianMethod::FiniteDifference, program, read_input_point(program, at));
  });
  return r;
}

// The fd Hessian had the same steps relative to the point: (x sin x)'' = 2 cos x - x sin x is
// -858272793170236.86 at -1e15, where fd gave -0.0048 +- 0.0012. Expected values: mpmath.
TEST(FdEdges, TheFdHessianShortensItsStepToo) {
  const std::string x_sin_x = "def main (x : real) : real = sin(x) * x;";
  const struct {
    const char* at;
    double want;
  } points[] = {{"-1e15", -858272793170236.86},
                {"1e20", 64525128526578084422.109},  // (h0 = 2^-20 x = 5^20 aliased for the Jacobian)
                {"1e30", -9331468931175824242789978322.368},
                {"3", -2.4033450173804926}};
  for (const auto& p : points) {
    SCOPED_TRACE(p.at);
    const HessianResult h = fd_hessian_at(x_sin_x, p.at);
    ASSERT_TRUE(h.differentiable) << h.reason;
    const double got = h.hessian[0][0][0], estimate = h.error_estimate[0][0][0];
    EXPECT_LE(std::fabs(got - p.want), estimate + std::fabs(p.want) * 0x1p-52) << got << " +- " << estimate;
    EXPECT_LE(estimate, 1e-9 * std::fabs(p.want));
  }
  for (const char* at : {"1e100", "-1e300"}) {
    SCOPED_TRACE(at);
    const HessianResult h = fd_hessian_at(x_sin_x, at);
    EXPECT_FALSE(h.differentiable);
    EXPECT_TRUE(h.cannot_certify) << h.reason;
    EXPECT_NE(h.reason.find("below what MPFR's"), std::string::npos) << h.reason;
  }
}

}  // namespace
}  // namespace chad

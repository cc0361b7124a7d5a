// The fd Hessian (references/hessian_fd.cpp) at and near the kinks whose comparison records have
// no outcome to flip (references/fd_kinks.hpp): atan2's cut y = 0, x < 0 and hypot's point (0, 0).
// On them fd says "not differentiable here" as taylor and interval do; a few ulps from them its
// second differences would straddle the cut (before: -8.6e12 +- 1.7e12 for d2/dy2 of atan2 at
// (5e-324, -1), where the derivative is 2y / (1 + y^2)^2, about 1e-323) or the point, so it
// refuses, never a number; at a distance its steps do not reach, it still gives the closed form.
// The fd Jacobian likewise no longer takes a step longer than the distance to hypot's point.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "../support/example_programs.hpp"
#include "references/hessian.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

const char* kAtan2 = "def main (y : real, x : real) : real = atan2(y, x);";
const char* kHypot = "def main (x : real, y : real) : real = hypot(x, y);";

HessianResult hessian_at(HessianMethod method, const std::string& source, const std::string& at) {
  HessianResult r;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(source);
    r = reference_hessian(method, program, read_input_point(program, at));
  });
  return r;
}

void expect_refused(const std::string& source, const std::string& at, const std::string& reason) {
  SCOPED_TRACE(source + " at " + at);
  const HessianResult r = hessian_at(HessianMethod::FiniteDifference, source, at);
  EXPECT_FALSE(r.differentiable);
  EXPECT_FALSE(r.cannot_certify) << r.reason;
  EXPECT_TRUE(r.hessian.empty());
  EXPECT_NE(r.reason.find(reason), std::string::npos) << r.reason;
}

TEST(HessianFdCuts, OnAtan2sCutFdSaysWhatTaylorAndIntervalSay) {
  for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval, HessianMethod::FiniteDifference}) {
    const HessianResult r = hessian_at(m, kAtan2, "(0, -1)");
    EXPECT_FALSE(r.differentiable) << hessian_method_name(m);
    EXPECT_NE(r.reason.find("`atan2` is not differentiable here"), std::string::npos)
        << hessian_method_name(m) << ": " << r.reason;
  }
}

TEST(HessianFdCuts, AFewUlpsFromAtan2sCutFdRefuses) {
  for (const char* at : {"(5e-324, -1)", "(-5e-324, -1)", "(1e-300, -1)", "(4.4e-16, -1)"})
    expect_refused(kAtan2, at, "cross its cut y = 0, x < 0: not differentiable here");
}

TEST(HessianFdCuts, AtHypotsPointAndAFewUlpsFromItFdRefuses) {
  expect_refused(kHypot, "(0, 0)", "`hypot` is not differentiable here: its arguments are at its kink (0, 0)");
  expect_refused(kHypot, "(5e-324, 0)", "`hypot`");  // a step crosses x = 0 with y = 0
  expect_refused(kHypot, "(0, -5e-324)", "`hypot`");
  // Neither argument is ever 0 here: the step (2^-40 at least) is longer than the distance to (0, 0).
  expect_refused(kHypot, "(5e-324, 5e-324)", "longer than the distance of `hypot`'s arguments");
  expect_refused(kHypot, "(-1e-300, 3e-300)", "longer than the distance of `hypot`'s arguments");
}

TEST(HessianFdCuts, AwayFromTheKinksFdGivesTheClosedForm) {
  // atan2(y, x): f_yy = -2xy / r^4, f_yx = (y^2 - x^2) / r^4, f_xx = 2xy / r^4 with r^2 = x^2 + y^2.
  // At (y, x) = (0.5, -1), 0.5 above the cut: r^4 = 1.5625, so 0.64, -0.48, -0.64.
  const HessianResult a = hessian_at(HessianMethod::FiniteDifference, kAtan2, "(0.5, -1)");
  ASSERT_TRUE(a.differentiable) << a.reason;
  EXPECT_NEAR(a.hessian[0][0][0], 0.64, 1e-9);
  EXPECT_NEAR(a.hessian[0][0][1], -0.48, 1e-9);
  EXPECT_NEAR(a.hessian[0][1][1], -0.64, 1e-9);
  // hypot(x, y): h_xx = y^2 / r^3, h_xy = -xy / r^3, h_yy = x^2 / r^3. At (1e-8, 0): 0, 0 and
  // 1 / r = 1e8; the first step (2^-20) is longer than 1e-8 and refused, the second (2^-40) not.
  const HessianResult h = hessian_at(HessianMethod::FiniteDifference, kHypot, "(1e-8, 0)");
  ASSERT_TRUE(h.differentiable) << h.reason;
  EXPECT_NEAR(h.hessian[0][0][0], 0, 1e-3);
  EXPECT_NEAR(h.hessian[0][0][1], 0, 1e-3);
  EXPECT_NEAR(h.hessian[0][1][1], 1e8, 1e-1);
}

// hypot(x, y)' = (x, y) / r. At (5e-324, 5e-324) both are 1 / sqrt 2; a central difference over
// a step h >> r gives (h + x - (h - x)) / 2h = x / h, about 0: fd said 0 +- 1.7e-80 (a number
// that looked certified). Its first steps are now refused and its step relative to the point
// (2^-20 x, exact in MPFR) gives the derivative.
TEST(HessianFdCuts, TheFdJacobianDoesNotStepOverHypotsPoint) {
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(kHypot);
    // (the gradient written by hand: hypot of subnormals in double would round r itself)
    const std::vector<std::pair<const char*, std::pair<double, double>>> points = {
        {"(5e-324, 5e-324)", {M_SQRT1_2, M_SQRT1_2}},
        {"(-1e-300, 3e-300)", {-1 / std::sqrt(10.0), 3 / std::sqrt(10.0)}}};
    for (const auto& [at, want] : points) {
      SCOPED_TRACE(at);
      const JacobianResult fd = compute_jacobian(program, read_input_point(program, at), JacobianMethod::FiniteDifference);
      ASSERT_TRUE(fd.differentiable) << fd.reason;
      EXPECT_NEAR(fd.jacobian[0][0], want.first, 1e-9);
      EXPECT_NEAR(fd.jacobian[0][1], want.second, 1e-9);
    }
  });
}

}  // namespace
}  // namespace chad

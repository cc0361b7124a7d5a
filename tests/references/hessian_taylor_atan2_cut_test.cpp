// The double `taylor` Hessian of atan2 near its cut (model/taylor_second_set.hpp): the half-angle
// form 2 atan((r - x) / y) it used for x < 0 lost its digits there when differentiated twice (at
// (y, x) = (1e-8, -1): d2/dy2 = 5.0e-9 for 2e-8 and d2/dy dx = -0.99999999 for
// -0.9999999999999997; at (1e-30, -1): 5e-31 and 1e-30 for 2e-30 and -1). Expected values from the
// closed forms f_yy = -2xy / r^4, f_yx = (y^2 - x^2) / r^4, f_xx = 2xy / r^4, r^2 = x^2 + y^2,
// worked by hand at each point (written beside it).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../support/example_programs.hpp"
#include "references/hessian.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

const char* kAtan2 = "def main (y : real, x : real) : real = atan2(y, x);";

struct Want {
  const char* at;
  double yy, yx, xx;
};

void expect_taylor_hessian(const Want& want) {
  SCOPED_TRACE(want.at);
  HessianResult r;
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(kAtan2);
    r = reference_hessian(HessianMethod::Taylor, program, read_input_point(program, want.at));
  });
  ASSERT_TRUE(r.differentiable) << r.reason;
  // A few ulps of each entry (two of a subnormal): the old form was off in the 1st digit of
  // f_yy, the 9th of f_yx.
  auto near = [](double got, double expected) {
    EXPECT_NEAR(got, expected, 1e-15 * std::fabs(expected) + 0x1p-1073) << got << " for " << expected;
  };
  near(r.hessian[0][0][0], want.yy);
  near(r.hessian[0][0][1], want.yx);
  near(r.hessian[0][1][0], want.yx);
  near(r.hessian[0][1][1], want.xx);
}

TEST(HessianTaylorAtan2Cut, NearTheCutFromAbove) {
  // (1e-8, -1): r^4 = (1 + 1e-16)^2, f_yy = 2e-8 (1 - 2e-16), f_yx = -(1 - 1e-16)(1 - 2e-16) =
  // -(1 - 3e-16), f_xx = -f_yy.
  expect_taylor_hessian({"(1e-8, -1)", 2e-8 * (1 - 2e-16), -(1 - 3e-16), -2e-8 * (1 - 2e-16)});
  // (1e-30, -1): r^4 = 1 to 1e-60: 2e-30, -1, -2e-30.
  expect_taylor_hessian({"(1e-30, -1)", 2e-30, -1, -2e-30});
  // (5e-324, -1): f_yy = 2 * 5e-324 = 1e-323 (the subnormal 2^-1073), f_yx = -1.
  expect_taylor_hessian({"(5e-324, -1)", 0x1p-1073, -1, -0x1p-1073});
}

TEST(HessianTaylorAtan2Cut, NearTheCutFromBelow) {
  // (-1e-8, -1): f_yy = -2 (-1)(-1e-8) / r^4 = -2e-8 (1 - 2e-16), f_yx = -(1 - 3e-16).
  expect_taylor_hessian({"(-1e-8, -1)", -2e-8 * (1 - 2e-16), -(1 - 3e-16), 2e-8 * (1 - 2e-16)});
}

TEST(HessianTaylorAtan2Cut, AwayFromTheCut) {
  // (1, -1e-8), steep above x = 0: f_yy = -2 (-1e-8)(1) / r^4 = 2e-8 (1 - 2e-16), f_yx = (1 - 1e-16) /
  // (1 + 1e-16)^2 = 1 - 3e-16.
  expect_taylor_hessian({"(1, -1e-8)", 2e-8 * (1 - 2e-16), 1 - 3e-16, -2e-8 * (1 - 2e-16)});
  // (0.5, -1): r^4 = 1.5625: 1 / 1.5625 = 0.64, -0.75 / 1.5625 = -0.48, -0.64.
  expect_taylor_hessian({"(0.5, -1)", 0.64, -0.48, -0.64});
  // (-3, 0) on the negative y axis: xy = 0, f_yx = 9 / 81.
  expect_taylor_hessian({"(-3, 0)", 0, 1.0 / 9, 0});
  // (1, 2), x > 0 (the half-angle form): r^4 = 25: -4 / 25, -3 / 25, 4 / 25.
  expect_taylor_hessian({"(1, 2)", -0.16, -0.12, 0.16});
}

}  // namespace
}  // namespace chad

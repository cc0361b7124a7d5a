// The second set's Taylor recurrences (model/taylor_second_set.hpp) against series derived by
// hand, including the branches (atan beyond 1, atan2's second half-angle form), no overflow at
// large magnitudes (hypot, atan), and, in MPFI, enclosures of the MPFR values and coefficients.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "model/binary_primitives.hpp"
#include "model/primitives.hpp"

namespace chad {
namespace {

constexpr int kDegree = 6;
using Series = std::function<double(int k)>;

double factorial(int k) { return k <= 1 ? 1.0 : k * factorial(k - 1); }

void expect_series(const Taylor<double>& y, const Series& want, double tolerance = 1e-14) {
  ASSERT_EQ(y.degree(), kDegree);
  for (int k = 0; k <= kDegree; ++k)
    EXPECT_NEAR(y[k], want(k), tolerance * std::fmax(1.0, std::fabs(want(k)))) << "coefficient " << k;
}

Taylor<double> t_at(double x0) { return Taylor<double>::variable(x0, kDegree); }
Taylor<double> constant(double c) { return Taylor<double>::constant(c, kDegree); }

// atan t = t - t^3/3 + t^5/5 - ...
double atan_series(int k) { return k % 2 == 0 ? 0.0 : (k % 4 == 1 ? 1.0 : -1.0) / k; }

TEST(TaylorSecondSet, UnarySeries) {
  // log1p t = t - t^2/2 + t^3/3 - ...; expm1 t = sum_{k>=1} t^k / k!.
  expect_series(taylor_unary(PrimOp::Log1p, t_at(0)), [](int k) { return k == 0 ? 0.0 : (k % 2 ? 1.0 : -1.0) / k; });
  expect_series(taylor_unary(PrimOp::Expm1, t_at(0)), [](int k) { return k == 0 ? 0.0 : 1 / factorial(k); });
  // expm1(1 + t) = e sum t^k/k! - 1.
  expect_series(taylor_unary(PrimOp::Expm1, t_at(1)),
                [](int k) { return k == 0 ? std::exp(1.0) - 1 : std::exp(1.0) / factorial(k); });
  expect_series(taylor_unary(PrimOp::Atan, t_at(0)), atan_series);
  // erf t = 2/sqrt(pi) (t - t^3/3 + t^5/10 - ...) = 2/sqrt(pi) sum (-1)^n t^(2n+1) / (n! (2n+1)).
  expect_series(taylor_unary(PrimOp::Erf, t_at(0)), [](int k) {
    if (k % 2 == 0) return 0.0;
    const int n = (k - 1) / 2;
    return M_2_SQRTPI * (n % 2 ? -1.0 : 1.0) / (factorial(n) * k);
  });
  // abs(-1 + t) = 1 - t; abs(2 + t) = 2 + t.
  expect_series(taylor_unary(PrimOp::Abs, t_at(-1)), [](int k) { return k == 0 ? 1.0 : k == 1 ? -1.0 : 0.0; });
  expect_series(taylor_unary(PrimOp::Abs, t_at(2)), [](int k) { return k == 0 ? 2.0 : k == 1 ? 1.0 : 0.0; });
}

TEST(TaylorSecondSet, AtanBeyondOneAndAtLargeMagnitudes) {
  // atan(1/t) at t0 = 2 equals pi/2 - atan(t) near t = 2: atan(2 + t) - atan 2 has the
  // coefficients of 1/(1 + x^2) integrated: first 1/5, second -2x/(1+x^2)^2 / 2 = -2/25.
  const Taylor<double> y = taylor_unary(PrimOp::Atan, t_at(2));
  EXPECT_NEAR(y[0], std::atan(2.0), 1e-16);
  EXPECT_NEAR(y[1], 0.2, 1e-16);
  EXPECT_NEAR(y[2], -2.0 / 25, 1e-16);
  // At 1e200 the derivative 1e-400 underflows to 0, never NaN; at 1e100 it is 1e-200.
  const Taylor<double> big = taylor_unary(PrimOp::Atan, t_at(1e100));
  EXPECT_NEAR(big[1], 1e-200, 1e-214);
  EXPECT_EQ(taylor_unary(PrimOp::Atan, t_at(1e200))[1], 0.0);
}

TEST(TaylorSecondSet, PowersAndPow) {
  // (2 + t)^3 = 8 + 12 t + 6 t^2 + t^3; t^2 at 0: its derivative 0; x^0 = 1.
  expect_series(taylor_pow_int_valued(t_at(2), 3), [](int k) { return k == 0 ? 8.0 : k == 1 ? 12.0 : k == 2 ? 6.0 : k == 3 ? 1.0 : 0.0; });
  expect_series(taylor_pow_int_valued(t_at(0), 2), [](int k) { return k == 2 ? 1.0 : 0.0; });
  expect_series(taylor_pow_int_valued(t_at(0), 0), [](int k) { return k == 0 ? 1.0 : 0.0; });
  // (1 + t)^64: binomial coefficients C(64, k).
  expect_series(taylor_pow_int_valued(t_at(1), 64), [](int k) {
    double c = 1;
    for (int i = 0; i < k; ++i) c = c * (64 - i) / (i + 1);
    return c;
  });
  // pow(2 + t, 3) as above; pow(2, t) = exp(t log 2) = sum (log 2)^k t^k / k!.
  expect_series(taylor_binary(PrimOp::Pow, t_at(2), constant(3)),
                [](int k) { return k == 0 ? 8.0 : k == 1 ? 12.0 : k == 2 ? 6.0 : k == 3 ? 1.0 : 0.0; }, 1e-13);
  expect_series(taylor_binary(PrimOp::Pow, constant(2), t_at(0)),
                [](int k) { return std::pow(std::log(2.0), k) / factorial(k); });
}

TEST(TaylorSecondSet, Atan2BothHalfAngleFormsAndHypot) {
  // atan2(t, 1) = atan t (first form); atan2(1, -t) = pi/2 + atan t (second form, x0 = 0);
  // atan2(t, -1) near the cut is excluded by the caller, atan2(1 + t, -1) = pi - atan(1/(1 + t))
  // whose first coefficient is d/dy atan2(y, x) = x / (x^2 + y^2) = -1/2 at (1, -1).
  expect_series(taylor_binary(PrimOp::Atan2, t_at(0), constant(1)), atan_series);
  expect_series(taylor_binary(PrimOp::Atan2, constant(1), -t_at(0)),
                [](int k) { return k == 0 ? M_PI / 2 : atan_series(k); });
  const Taylor<double> y = taylor_binary(PrimOp::Atan2, t_at(1), constant(-1));
  EXPECT_NEAR(y[0], 3 * M_PI / 4, 1e-15);
  EXPECT_NEAR(y[1], -0.5, 1e-15);
  // hypot(3 + t, 4) = sqrt(25 + 6t + t^2): 5, 3/5, (1 - 9/25) / 10 = 8/125.
  const Taylor<double> h = taylor_binary(PrimOp::Hypot, t_at(3), constant(4));
  EXPECT_NEAR(h[0], 5, 1e-15);
  EXPECT_NEAR(h[1], 0.6, 1e-15);
  EXPECT_NEAR(h[2], 8.0 / 125, 1e-15);
  // No overflow: hypot(1e300 + t, 1e300) has first coefficient 1/sqrt 2.
  const Taylor<double> big = taylor_binary(PrimOp::Hypot, t_at(1e300), constant(1e300));
  EXPECT_NEAR(big[0], 1e300 * std::sqrt(2.0), 1e285);
  EXPECT_NEAR(big[1], 1 / std::sqrt(2.0), 1e-15);
  // and tiny: hypot(1e-300 + t, 0): derivative 1.
  EXPECT_NEAR(taylor_binary(PrimOp::Hypot, t_at(1e-300), constant(0))[1], 1.0, 1e-15);
}

TEST(TaylorSecondSet, MaxMinPickTheLargerOrSmallerSide) {
  expect_series(taylor_binary(PrimOp::Max, t_at(1), constant(2)), [](int k) { return k == 0 ? 2.0 : 0.0; });
  expect_series(taylor_binary(PrimOp::Max, t_at(3), constant(2)), [](int k) { return k == 0 ? 3.0 : k == 1 ? 1.0 : 0.0; });
  expect_series(taylor_binary(PrimOp::Min, t_at(1), constant(2)), [](int k) { return k == 0 ? 1.0 : k == 1 ? 1.0 : 0.0; });
  expect_series(taylor_binary(PrimOp::Min, t_at(3), constant(2)), [](int k) { return k == 0 ? 2.0 : 0.0; });
}

// MPFI encloses MPFR: values and first coefficients of each function at a few points.
TEST(TaylorSecondSet, IntervalsEncloseMpfr) {
  auto contains = [](const Mpfi& i, const Mpfr& x) {
    return lower_bound_down(i) <= x.convert_to<double>() && x.convert_to<double>() <= upper_bound_up(i);
  };
  for (double x : {-0.75, 0.3, 2.5}) {
    SCOPED_TRACE(x);
    for (PrimOp op : {PrimOp::Log1p, PrimOp::Expm1, PrimOp::Atan, PrimOp::Erf, PrimOp::Abs}) {
      SCOPED_TRACE(prim_name(op));
      const Taylor<Mpfr> r = taylor_unary(op, Taylor<Mpfr>::variable(Mpfr(x), 3));
      const Taylor<Mpfi> i = taylor_unary(op, Taylor<Mpfi>::variable(Mpfi(x), 3));
      for (int k = 0; k <= 3; ++k) EXPECT_TRUE(contains(i[k], r[k])) << "coefficient " << k;
      // tight: its bounds rounded outward to double are at most two ulps apart
      EXPECT_LE(upper_bound_up(i[1]) - lower_bound_down(i[1]), 4.5e-16 * std::fabs(upper_bound_up(i[1])));
    }
    for (PrimOp op : {PrimOp::Pow, PrimOp::Atan2, PrimOp::Hypot, PrimOp::Max, PrimOp::Min}) {
      SCOPED_TRACE(prim_name(op));
      const double y = 1.25;  // pow's base x must be > 0: swap the operands there
      const double a = op == PrimOp::Pow ? y : x, b = op == PrimOp::Pow ? x : y;
      const Taylor<Mpfr> r = taylor_binary(op, Taylor<Mpfr>::variable(Mpfr(a), 3), Taylor<Mpfr>::variable(Mpfr(b), 3));
      const Taylor<Mpfi> i = taylor_binary(op, Taylor<Mpfi>::variable(Mpfi(a), 3), Taylor<Mpfi>::variable(Mpfi(b), 3));
      for (int k = 0; k <= 3; ++k) EXPECT_TRUE(contains(i[k], r[k])) << "coefficient " << k;
    }
    const Taylor<Mpfr> r = taylor_pow_int_valued(Taylor<Mpfr>::variable(Mpfr(x), 3), 5);
    const Taylor<Mpfi> i = taylor_pow_int_valued(Taylor<Mpfi>::variable(Mpfi(x), 3), 5);
    for (int k = 0; k <= 3; ++k) EXPECT_TRUE(contains(i[k], r[k])) << "x^5, coefficient " << k;
  }
}

// The values agree across the scalar types (double within a few ulps of MPFR), and atan2's cut
// gives pi, for y = -0 too.
TEST(TaylorSecondSet, ValuesAcrossScalars) {
  for (double x : {-0.5, 0.25, 3.0}) {
    for (PrimOp op : {PrimOp::Log1p, PrimOp::Expm1, PrimOp::Atan, PrimOp::Erf, PrimOp::Abs})
      EXPECT_NEAR(apply_unary<double>(op, x), apply_unary<Mpfr>(op, Mpfr(x)).convert_to<double>(),
                  4e-16 * std::fabs(apply_unary<double>(op, x)))
          << prim_name(op) << " at " << x;
  }
  EXPECT_EQ(apply_binary<double>(PrimOp::Atan2, -0.0, -1.0), M_PI);
  EXPECT_EQ(apply_binary<Mpfr>(PrimOp::Atan2, Mpfr(-0.0), Mpfr(-1)).convert_to<double>(), M_PI);
  const Mpfi cut = apply_binary<Mpfi>(PrimOp::Atan2, Mpfi(0), Mpfi(-1));
  EXPECT_LE(lower_bound_down(cut), M_PI);
  EXPECT_GE(upper_bound_up(cut), M_PI);
  EXPECT_GT(lower_bound_down(cut), 3.14);
  EXPECT_EQ(apply_pow_int<double>(0.0, 0), 1.0);
  EXPECT_EQ(apply_pow_int<double>(-2.0, 3), -8.0);
  EXPECT_EQ(apply_pow_int<Mpfr>(Mpfr(-2), 3).convert_to<double>(), -8.0);
  const Mpfi square = apply_pow_int<Mpfi>(Mpfi(-3), 2);
  EXPECT_EQ(lower_bound_down(square), 9.0);
  EXPECT_EQ(apply_binary<double>(PrimOp::Hypot, 1e300, 1e300), std::hypot(1e300, 1e300));
  EXPECT_EQ(apply_binary<double>(PrimOp::Max, 1.0, 2.0), 2.0);
  EXPECT_EQ(apply_binary<double>(PrimOp::Min, 1.0, 2.0), 1.0);
}

}  // namespace
}  // namespace chad

// The scalar types: MPFI enclosures and their certified decisions, dual-number arithmetic,
// and the primitives' values and (Taylor-recurrence) derivatives at points where they are
// known exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "model/primitives.hpp"
#include "model/scalar.hpp"

namespace chad {
namespace {

const Loc kHere{nullptr, 1, 1};

// A primitive's derivative through dual numbers (degree-1 Taylor polynomials, model/taylor.hpp).
double derivative(PrimOp op, double x) { return apply_unary(op, Dual<double>{x, 1}).tangent; }

TEST(Scalars, PrecisionIsAtLeastWhatTheIssueAsks) {
  EXPECT_GE(std::numeric_limits<Mpfr>::digits, 256);
  EXPECT_GE(std::numeric_limits<Mpfi>::digits, 128);
}

TEST(Scalars, IntervalEnclosesTheTrueValue) {
  // 1/3 is not a double: its enclosure straddles the double nearest to it and is tight.
  Mpfi third = Mpfi(1) / Mpfi(3);
  double lo = lower_bound_down(third), hi = upper_bound_up(third);
  EXPECT_LT(lo, hi);
  EXPECT_LE(lo, 1.0 / 3.0);
  EXPECT_GE(hi, 1.0 / 3.0);
  EXPECT_LE(hi - lo, 1e-15);
  // sin(pi) is not zero in floating point, but the enclosure of sin at the double nearest pi
  // must contain the exact sine of that double, which is about 1.2246e-16.
  Mpfi s = sin(Mpfi(M_PI));
  EXPECT_LE(lower_bound_down(s), 1.2246467991473532e-16);
  EXPECT_GE(upper_bound_up(s), 1.2246467991473532e-16);
}

TEST(Scalars, IntervalComparisonsAreCertifiedOrUndecided) {
  EXPECT_TRUE(ScalarTraits<Mpfi>::less(Mpfi(1), Mpfi(2), kHere));
  EXPECT_FALSE(ScalarTraits<Mpfi>::less(Mpfi(2), Mpfi(1), kHere));
  EXPECT_THROW(ScalarTraits<Mpfi>::less(Mpfi(1), Mpfi(1), kHere), ComparisonUndecided);
  EXPECT_THROW(ScalarTraits<Mpfi>::require_positive(Mpfi(-1), "log", kHere), DomainError);
  Mpfi straddle = Mpfi(1) - Mpfi(1) / Mpfi(3) * Mpfi(3);  // an enclosure of 0, maybe wide
  try {
    ScalarTraits<Mpfi>::require_nonzero(straddle, "/", kHere);
    FAIL() << "an enclosure of 0 cannot be a certified non-zero divisor";
  } catch (const DomainError& e) {
    EXPECT_EQ(e.primitive(), "/");
  }
}

TEST(Scalars, DualArithmeticFollowsTheChainRule) {
  using D = Dual<double>;
  D x{3, 1}, y{2, 0};
  D p = x * x * y;  // d/dx x^2 y = 2 x y = 12
  EXPECT_EQ(p.value, 18);
  EXPECT_EQ(p.tangent, 12);
  D q = y / x;  // d/dx 2/x = -2/x^2
  EXPECT_DOUBLE_EQ(q.tangent, -2.0 / 9.0);
  EXPECT_THROW(ScalarTraits<D>::less(x, D{3, 0}, kHere), ComparisonUndecided);
  EXPECT_TRUE(ScalarTraits<D>::less(y, x, kHere));
}

TEST(Scalars, PrimitiveFormulasAtKnownPoints) {
  // Values and derivatives derived by hand at points where they are exact or classical.
  EXPECT_DOUBLE_EQ(apply_unary(PrimOp::Sigmoid, 0.0), 0.5);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Sigmoid, 0.0), 0.25);
  EXPECT_DOUBLE_EQ(apply_unary(PrimOp::Softplus, 0.0), std::log(2.0));
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Softplus, 0.0), 0.5);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Tanh, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Sqrt, 4.0), 0.25);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Log, 4.0), 0.25);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Cos, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Sin, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Exp, 0.0), 1.0);
  EXPECT_DOUBLE_EQ(derivative(PrimOp::Neg, 7.0), -1.0);
  // No overflow where exp would overflow.
  EXPECT_DOUBLE_EQ(apply_unary(PrimOp::Softplus, 800.0), 800.0);
  EXPECT_DOUBLE_EQ(apply_unary(PrimOp::Sigmoid, -800.0), 0.0);
  EXPECT_TRUE(std::isfinite(derivative(PrimOp::Sigmoid, 800.0)));
  // Chain rule on duals: d/dx sin(x^2) at x = 0.5 is 2 x cos(x^2).
  Dual<double> x{0.5, 1};
  EXPECT_DOUBLE_EQ(apply_unary(PrimOp::Sin, x * x).tangent, 2 * 0.5 * std::cos(0.25));
}

}  // namespace
}  // namespace chad

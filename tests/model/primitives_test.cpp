// Every unary primitive's value and derivative (through dual numbers, i.e. Taylor recurrences)
// against values known by hand (classical constants), in every scalar type; certified
// enclosures; dual numbers over each scalar type.
#include <gtest/gtest.h>

#include <cmath>

#include "model/primitives.hpp"
#include "model/scalar.hpp"

namespace chad {
namespace {

const Loc kHere{nullptr, 1, 1};

// Classical constants, to 30 significant digits (from tables, not from this code).
const char* kSqrt2 = "1.41421356237309504880168872421";
const char* kLn2 = "0.693147180559945309417232121458";
const char* kE = "2.71828182845904523536028747135";
const char* kSin1 = "0.841470984807896506652502321630";
const char* kCos1 = "0.540302305868139717400936607443";
const char* kTanh1 = "0.761594155955764888119458282605";
const char* kInvE = "0.367879441171442321595523770161";

// sigmoid(1) = 1 / (1 + 1/e) = e / (e + 1); softplus(1) = ln(1 + e).
const char* kSigmoid1 = "0.731058578630004879251159241822";
const char* kSoftplus1 = "1.31326168751822283404899549497";

struct Case {
  PrimOp op;
  double x;
  const char* value;       // f(x), exact decimal expansion
  const char* derivative;  // f'(x)
};

// Derivatives by hand: sin' = cos, cos' = -sin, exp' = exp, log'(2) = 1/2,
// sqrt'(2) = 1 / (2 sqrt 2) = sqrt(2) / 4, tanh'(1) = 1 - tanh(1)^2 (checked separately),
// sigmoid'(1) = s (1 - s), softplus'(1) = sigmoid(1).
const std::vector<Case> kCases = {
    {PrimOp::Sin, 1, kSin1, kCos1},
    {PrimOp::Cos, 1, kCos1, "-0.841470984807896506652502321630"},
    {PrimOp::Exp, 1, kE, kE},
    {PrimOp::Exp, -1, kInvE, kInvE},
    {PrimOp::Log, 2, kLn2, "0.5"},
    {PrimOp::Sqrt, 2, kSqrt2, "0.353553390593273762200422181052"},
    {PrimOp::Softplus, 1, kSoftplus1, kSigmoid1},
    {PrimOp::Sigmoid, 1, kSigmoid1, nullptr},
    {PrimOp::Tanh, 1, kTanh1, nullptr},
    {PrimOp::Neg, 1, "-1", "-1"},
};

double dbl(const char* decimal) { return std::strtod(decimal, nullptr); }

// A primitive's derivative through dual numbers, whose tangents come from Taylor recurrences
// (model/taylor.hpp); the expected values above are derived independently of them.
template <class S>
S derivative(PrimOp op, const S& x) {
  return apply_unary(op, Dual<S>{x, S(1)}).tangent;
}

TEST(Primitives, DoubleValuesAndDerivatives) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(prim_name(c.op));
    EXPECT_NEAR(apply_unary(c.op, c.x), dbl(c.value), 1e-15);
    if (c.derivative) {
      EXPECT_NEAR(derivative(c.op, c.x), dbl(c.derivative), 1e-15);
    }
  }
  // tanh'(1) = 1 - tanh(1)^2; sigmoid'(1) = sigmoid(1) (1 - sigmoid(1)).
  EXPECT_NEAR(derivative(PrimOp::Tanh, 1.0), 1 - dbl(kTanh1) * dbl(kTanh1), 1e-15);
  EXPECT_NEAR(derivative(PrimOp::Sigmoid, 1.0), dbl(kSigmoid1) * (1 - dbl(kSigmoid1)), 1e-15);
}

TEST(Primitives, StableAtLargeMagnitudes) {
  // softplus(x) = x + log(1 + e^-x): at 800 that is 800 to double precision, at -800 it is
  // e^-800, below the smallest double (about 4.9e-324): 0.
  EXPECT_EQ(apply_unary(PrimOp::Softplus, 800.0), 800.0);
  EXPECT_EQ(apply_unary(PrimOp::Softplus, -800.0), 0.0);
  EXPECT_EQ(apply_unary(PrimOp::Sigmoid, 800.0), 1.0);
  EXPECT_EQ(apply_unary(PrimOp::Sigmoid, -800.0), 0.0);
  EXPECT_EQ(derivative(PrimOp::Softplus, 800.0), 1.0);
  EXPECT_EQ(derivative(PrimOp::Sigmoid, -800.0), 0.0);
  // softplus(40) = 40 + log(1 + e^-40) = 40 + 4.248e-18, which rounds to 40.
  EXPECT_EQ(apply_unary(PrimOp::Softplus, 40.0), 40.0);
}

TEST(Primitives, MpfrAgreesToManyDigits) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(prim_name(c.op));
    EXPECT_LT(abs(apply_unary(c.op, Mpfr(c.x)) - Mpfr(c.value)), Mpfr(1e-28));
    if (c.derivative) {
      EXPECT_LT(abs(derivative(c.op, Mpfr(c.x)) - Mpfr(c.derivative)), Mpfr(1e-28));
    }
  }
}

TEST(Primitives, IntervalsEncloseTheTrueValues) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(prim_name(c.op));
    // The 30-digit constants are within 1e-29 of the true value.
    Mpfi y = apply_unary(c.op, Mpfi(c.x));
    Mpfr lo(boost::multiprecision::lower(y)), hi(boost::multiprecision::upper(y));
    Mpfr truth(c.value);
    EXPECT_LE(lo, truth + Mpfr(1e-29));
    EXPECT_GE(hi, truth - Mpfr(1e-29));
    EXPECT_LT(hi - lo, Mpfr(1e-30));  // tight: 128 bits are about 38 digits
    // The double bounds, rounded outward, enclose it too.
    EXPECT_LE(lower_bound_down(y), dbl(c.value) + 1e-16 * std::fabs(dbl(c.value)));
    EXPECT_GE(upper_bound_up(y), dbl(c.value) - 1e-16 * std::fabs(dbl(c.value)));
  }
}

template <class S>
void check_chain_rule() {
  // d/dx f(3x) at x = 1/3 with tangent 1 is 3 f'(1), for f = sin: 3 cos 1.
  using D = Dual<S>;
  D x{S(1) / S(3), S(1)};
  D y = apply_unary(PrimOp::Sin, D{S(3), S(0)} * x);
  EXPECT_NEAR(ScalarTraits<S>::to_double(y.value), dbl(kSin1), 1e-15);
  EXPECT_NEAR(ScalarTraits<S>::to_double(y.tangent), 3 * dbl(kCos1), 1e-14);
  // (x^2 / (x + 1))' = (x^2 + 2x) / (x + 1)^2; at x = 1: 3 / 4.
  D one = ScalarTraits<D>::from_double(1);
  D z{S(1), S(1)};
  D q = z * z / (z + one);
  EXPECT_NEAR(ScalarTraits<D>::to_double(q), 0.5, 1e-15);
  EXPECT_NEAR(ScalarTraits<S>::to_double(q.tangent), 0.75, 1e-15);
  // log'(2) = 1/2, chained through -x: d/dx log(-x) at x = -2 is 1/x = -1/2.
  D w = apply_unary(PrimOp::Log, -D{S(-2), S(1)});
  EXPECT_NEAR(ScalarTraits<S>::to_double(w.tangent), -0.5, 1e-15);
  EXPECT_EQ(ScalarTraits<D>::describe(D{S(2), S(5)}), ScalarTraits<S>::describe(S(2)));
}

TEST(Primitives, DualsOverEveryScalarType) {
  check_chain_rule<double>();
  check_chain_rule<Mpfr>();
  check_chain_rule<Mpfi>();
}

TEST(Primitives, DualComparisonsAndDomains) {
  using DM = Dual<Mpfr>;
  using DI = Dual<Mpfi>;
  EXPECT_TRUE(ScalarTraits<DM>::less(DM{Mpfr(1), Mpfr(9)}, DM{Mpfr(2), Mpfr(-9)}, kHere));
  EXPECT_THROW(ScalarTraits<DM>::less(DM{Mpfr(2), Mpfr(0)}, DM{Mpfr(2), Mpfr(1)}, kHere),
               ComparisonUndecided);
  EXPECT_FALSE(ScalarTraits<DI>::less(DI{Mpfi(3), Mpfi(0)}, DI{Mpfi(2), Mpfi(0)}, kHere));
  EXPECT_THROW(ScalarTraits<DI>::less(DI{Mpfi(2), Mpfi(0)}, DI{Mpfi(2), Mpfi(0)}, kHere),
               ComparisonUndecided);
  // Domain checks look at the primal only: a zero tangent does not matter, a zero value does.
  EXPECT_NO_THROW(ScalarTraits<DM>::require_nonzero(DM{Mpfr(1), Mpfr(0)}, "/", kHere));
  EXPECT_THROW(ScalarTraits<DM>::require_positive(DM{Mpfr(0), Mpfr(1)}, "log", kHere), DomainError);
}

TEST(Primitives, IntervalDomainErrorsSayWhetherUndecided) {
  Mpfi straddle(-1, 1);  // [-1, 1]
  try {
    ScalarTraits<Mpfi>::require_positive(straddle, "sqrt", kHere);
    FAIL();
  } catch (const DomainError& e) {
    EXPECT_TRUE(e.undecided());
    EXPECT_EQ(e.primitive(), "sqrt");
    EXPECT_NE(std::string(e.what()).find("[-1, 1]"), std::string::npos) << e.what();
  }
  try {
    ScalarTraits<Mpfi>::require_positive(Mpfi(-2, -1), "log", kHere);
    FAIL();
  } catch (const DomainError& e) {
    EXPECT_FALSE(e.undecided());  // certainly outside the domain
  }
  try {
    ScalarTraits<Mpfi>::require_nonzero(Mpfi(0), "/", kHere);
    FAIL();
  } catch (const DomainError& e) {
    EXPECT_FALSE(e.undecided());  // certainly zero
  }
  EXPECT_NO_THROW(ScalarTraits<Mpfi>::require_nonzero(Mpfi(-2, -1), "/", kHere));
  // Disjoint enclosures decide; touching or overlapping ones do not.
  EXPECT_TRUE(ScalarTraits<Mpfi>::less(Mpfi(0, 1), Mpfi(1.5, 2), kHere));
  EXPECT_THROW(ScalarTraits<Mpfi>::less(Mpfi(0, 1), Mpfi(0.5, 2), kHere), ComparisonUndecided);
  EXPECT_THROW(ScalarTraits<Mpfi>::less(Mpfi(1, 2), Mpfi(0, 1), kHere), ComparisonUndecided);
  EXPECT_EQ(ScalarTraits<Mpfi>::to_double(Mpfi(1, 2)), 1.5);  // the midpoint
}

}  // namespace
}  // namespace chad

// Taylor arithmetic (model/taylor.hpp): every primitive's coefficients against series derived
// by hand, first derivatives against closed forms written here with std:: functions, stability
// at large |u| in double, and MPFI enclosures containing the MPFR coefficients.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "model/primitives.hpp"
#include "model/taylor.hpp"

namespace chad {
namespace {

constexpr int kDegree = 8;

using Series = std::function<double(int k)>;

double factorial(int k) { return k <= 1 ? 1.0 : k * factorial(k - 1); }

// binom(1/2, k) = (1/2)(1/2 - 1)...(1/2 - k + 1) / k!
double half_binomial(int k) {
  double r = 1;
  for (int i = 0; i < k; ++i) r *= (0.5 - i) / (i + 1);
  return r;
}

void expect_series(const Taylor<double>& y, const Series& want, double tolerance = 1e-15) {
  ASSERT_EQ(y.degree(), kDegree);
  for (int k = 0; k <= kDegree; ++k)
    EXPECT_NEAR(y[k], want(k), tolerance * std::fmax(1.0, std::fabs(want(k)))) << "coefficient " << k;
}

Taylor<double> t_at(double x0) { return Taylor<double>::variable(x0, kDegree); }

TEST(Taylor, ArithmeticOfKnownPolynomials) {
  // (1 + t)(1 - t) = 1 - t^2; 1 / (1 + t) = sum (-1)^k t^k (geometric series).
  Taylor<double> one = Taylor<double>::constant(1, kDegree);
  Taylor<double> p = (one + t_at(0)) * (one - t_at(0));
  expect_series(p, [](int k) { return k == 0 ? 1.0 : k == 2 ? -1.0 : 0.0; });
  expect_series(one / t_at(1), [](int k) { return k % 2 ? -1.0 : 1.0; });
  // (1 - t^2) / (1 + t) = 1 - t exactly.
  expect_series(p / t_at(1), [](int k) { return k == 0 ? 1.0 : k == 1 ? -1.0 : 0.0; });
}

TEST(Taylor, ExpLogSinCosSqrtSeries) {
  // exp t = sum t^k / k!; exp(1 + t) = e sum t^k / k!.
  expect_series(taylor_exp(t_at(0)), [](int k) { return 1 / factorial(k); });
  expect_series(taylor_exp(t_at(1)), [](int k) { return std::exp(1.0) / factorial(k); });
  // sin t = t - t^3/3! + ...; cos t = 1 - t^2/2! + ...
  expect_series(taylor_sin(t_at(0)), [](int k) {
    return k % 2 == 0 ? 0.0 : (k % 4 == 1 ? 1 : -1) / factorial(k);
  });
  expect_series(taylor_cos(t_at(0)), [](int k) {
    return k % 2 == 1 ? 0.0 : (k % 4 == 0 ? 1 : -1) / factorial(k);
  });
  // log(1 + t) = sum_{k>=1} (-1)^(k+1) t^k / k; log(2 + t) = log 2 + log(1 + t/2).
  expect_series(taylor_log(t_at(1)), [](int k) { return k == 0 ? 0.0 : (k % 2 ? 1.0 : -1.0) / k; });
  expect_series(taylor_log(t_at(2)), [](int k) {
    return k == 0 ? std::log(2.0) : (k % 2 ? 1.0 : -1.0) / (k * std::ldexp(1.0, k));
  });
  // sqrt(1 + t) = sum binom(1/2, k) t^k; sqrt(4 + t) = 2 sqrt(1 + t/4).
  expect_series(taylor_sqrt(t_at(1)), half_binomial);
  expect_series(taylor_sqrt(t_at(4)), [](int k) { return 2 * half_binomial(k) / std::pow(4.0, k); });
}

TEST(Taylor, ComposedFunctionsSeries) {
  // tanh t = t - t^3/3 + 2 t^5/15 - 17 t^7/315 + ...
  const std::vector<double> tanh0 = {0, 1, 0, -1.0 / 3, 0, 2.0 / 15, 0, -17.0 / 315, 0};
  expect_series(taylor_tanh(t_at(0)), [&](int k) { return tanh0[k]; });
  // sigmoid t = 1/2 + tanh(t/2)/2: the tanh coefficients times 2^-k / 2, constant 1/2.
  expect_series(taylor_sigmoid(t_at(0)), [&](int k) {
    return k == 0 ? 0.5 : tanh0[k] / std::ldexp(1.0, k + 1);
  });
  // softplus' = sigmoid and softplus 0 = log 2: softplus_k = sigmoid_{k-1} / k.
  expect_series(taylor_softplus(t_at(0)), [&](int k) {
    return k == 0 ? std::log(2.0) : k == 1 ? 0.5 : tanh0[k - 1] / std::ldexp(1.0, k) / k;
  });
  // Odd and even symmetries reach the other branch of each safe form: tanh(-1 + t) =
  // -tanh(1 - t), sigmoid(-1 + t) = 1 - sigmoid(1 - t), softplus(-1 + t) = softplus(1 - t) - (1 - t).
  Taylor<double> minus = taylor_tanh(t_at(-1)), plus = taylor_tanh(t_at(1));
  Taylor<double> s_minus = taylor_sigmoid(t_at(-1)), s_plus = taylor_sigmoid(t_at(1));
  Taylor<double> p_minus = taylor_softplus(t_at(-1)), p_plus = taylor_softplus(t_at(1));
  for (int k = 1; k <= kDegree; ++k) {
    const double sign = k % 2 ? 1.0 : -1.0;  // (-1)^(k+1)
    EXPECT_NEAR(minus[k], sign * plus[k], 1e-15) << k;
    EXPECT_NEAR(s_minus[k], sign * s_plus[k], 1e-15) << k;
    EXPECT_NEAR(p_minus[k], -sign * p_plus[k] + (k == 1 ? 1.0 : 0.0), 1e-15) << k;
  }
}

// The first derivative through dual numbers, which are degree-1 Taylor polynomials.
template <class S>
S derivative(PrimOp op, const S& x) {
  return apply_unary(op, Dual<S>{x, S(1)}).tangent;
}

TEST(Taylor, FirstDerivativesMatchClosedForms) {
  // Closed forms (by hand): sin' = cos, cos' = -sin, exp' = exp, log' = 1/x,
  // sqrt' = 1/(2 sqrt x), tanh' = 1/cosh^2, sigmoid' = e^-x / (1 + e^-x)^2,
  // softplus' = 1 / (1 + e^-x), (-x)' = -1.
  for (double x : {-3.5, -0.7, 0.3, 1.0, 2.5}) {
    SCOPED_TRACE(x);
    EXPECT_NEAR(derivative(PrimOp::Sin, x), std::cos(x), 1e-15);
    EXPECT_NEAR(derivative(PrimOp::Cos, x), -std::sin(x), 1e-15);
    EXPECT_NEAR(derivative(PrimOp::Exp, x), std::exp(x), 1e-15 * std::exp(x));
    EXPECT_NEAR(derivative(PrimOp::Tanh, x), 1 / (std::cosh(x) * std::cosh(x)), 1e-15);
    EXPECT_NEAR(derivative(PrimOp::Sigmoid, x), std::exp(-x) / std::pow(1 + std::exp(-x), 2), 1e-15);
    EXPECT_NEAR(derivative(PrimOp::Softplus, x), 1 / (1 + std::exp(-x)), 1e-15);
    EXPECT_EQ(derivative(PrimOp::Neg, x), -1.0);
    if (x > 0) {
      EXPECT_NEAR(derivative(PrimOp::Log, x), 1 / x, 1e-15);
      EXPECT_NEAR(derivative(PrimOp::Sqrt, x), 0.5 / std::sqrt(x), 1e-15);
    }
  }
}

TEST(Taylor, NoOverflowAtLargeMagnitudesInDouble) {
  // e^-800 and e^-1600 are below the smallest double: tanh(800 + t) = 1 + 0 t + ...,
  // sigmoid(-800 + t) = 0, softplus(800 + t) = 800 + t, softplus(-800 + t) = 0.
  const int d = 3;
  auto at = [&](double x0) { return Taylor<double>::variable(x0, d); };
  auto expect = [&](const Taylor<double>& y, std::vector<double> want) {
    for (int k = 0; k <= d; ++k) EXPECT_EQ(y[k], want[std::size_t(k)]) << k;
  };
  expect(taylor_unary(PrimOp::Tanh, at(800)), {1, 0, 0, 0});
  expect(taylor_unary(PrimOp::Tanh, at(-800)), {-1, 0, 0, 0});
  expect(taylor_unary(PrimOp::Sigmoid, at(800)), {1, 0, 0, 0});
  expect(taylor_unary(PrimOp::Sigmoid, at(-800)), {0, 0, 0, 0});
  expect(taylor_unary(PrimOp::Softplus, at(800)), {800, 1, 0, 0});
  expect(taylor_unary(PrimOp::Softplus, at(-800)), {0, 0, 0, 0});
}

TEST(Taylor, ConstantCoefficientIsThePrimitivesValue) {
  // Near 0, 1 - 2/(1 + e^2u) cancels; the constant coefficient comes from the value function:
  // tanh(1e-20) = 1e-20 to double precision, softplus(-40) = log(1 + e^-40) = e^-40 (1 - ...).
  EXPECT_EQ(taylor_unary(PrimOp::Tanh, Taylor<double>::variable(1e-20, 2))[0], 1e-20);
  EXPECT_NEAR(taylor_unary(PrimOp::Softplus, Taylor<double>::variable(-40, 2))[0], std::exp(-40.0),
              1e-30);
}

TEST(Taylor, IntervalEnclosuresContainTheMpfrCoefficients) {
  const int d = 5;
  for (PrimOp op : {PrimOp::Sin, PrimOp::Cos, PrimOp::Exp, PrimOp::Log, PrimOp::Sqrt, PrimOp::Tanh,
                    PrimOp::Sigmoid, PrimOp::Softplus}) {
    for (double x0 : {-2.25, 0.75, 3.5}) {
      if ((op == PrimOp::Log || op == PrimOp::Sqrt) && x0 <= 0) continue;
      SCOPED_TRACE(std::string(prim_name(op)) + " at " + std::to_string(x0));
      Taylor<Mpfi> enclosure = taylor_unary(op, Taylor<Mpfi>::variable(Mpfi(x0), d));
      Taylor<Mpfr> precise = taylor_unary(op, Taylor<Mpfr>::variable(Mpfr(x0), d));
      for (int k = 0; k <= d; ++k) {
        Mpfr lo(boost::multiprecision::lower(enclosure[k])), hi(boost::multiprecision::upper(enclosure[k]));
        // MPFR's 266 bits are within 1e-70 of the exact coefficient, which MPFI encloses.
        EXPECT_LE(lo, precise[k] + Mpfr(1e-70)) << k;
        EXPECT_GE(hi, precise[k] - Mpfr(1e-70)) << k;
        EXPECT_LT(hi - lo, Mpfr(1e-30) * std::max(Mpfr(1), Mpfr(abs(precise[k])))) << k;  // tight
      }
    }
  }
}

}  // namespace
}  // namespace chad

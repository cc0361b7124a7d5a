// The second set's elementwise half at hand-derived points, edges included: each reference
// (dual, interval, fd) and CHAD's forward and reverse modes in every sums strategy against the
// closed form written here; at a kink or cut (abs at 0, max and min at a tie, hypot at (0, 0),
// atan2 on y = 0, x < 0) the dual, interval and fd references answer "not differentiable
// here" with the reason, never a number (fd also within its step of the cut or the point); outside a domain (log1p at -1, pow at 0, atan2 at (0, 0)),
// a DomainError.
#include <gtest/gtest.h>

#include <cmath>

#include "../support/example_programs.hpp"
#include "../support/tolerances.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

struct Point {
  std::string signature;  // `main`'s parameters and result (a real)
  std::string body;
  std::string at;
  std::vector<double> gradient;  // hand-derived; empty: not differentiable here
};

const double kTwoOverSqrtPi = 1.1283791670955126;  // 2/sqrt(pi)

const std::vector<Point>& points() {
  static const std::vector<Point> all = {
      // log1p' = 1/(1 + x), expm1' = exp, atan' = 1/(1 + x^2), erf' = 2/sqrt(pi) exp(-x^2)
      {"(x : real) : real", "log1p x", "0", {1}},
      {"(x : real) : real", "log1p x", "-0.5", {2}},
      {"(x : real) : real", "log1p x", "1e-300", {1}},
      {"(x : real) : real", "expm1 x", "0", {1}},
      {"(x : real) : real", "expm1 x", "1", {std::exp(1.0)}},
      {"(x : real) : real", "expm1 x", "-30", {std::exp(-30.0)}},
      {"(x : real) : real", "atan x", "0", {1}},
      {"(x : real) : real", "atan x", "-3", {0.1}},
      {"(x : real) : real", "atan x", "1e10", {1e-20}},
      {"(x : real) : real", "erf x", "0", {kTwoOverSqrtPi}},
      {"(x : real) : real", "erf x", "1", {kTwoOverSqrtPi * std::exp(-1.0)}},
      {"(x : real) : real", "erf x", "-2", {kTwoOverSqrtPi * std::exp(-4.0)}},
      // abs' = sign x; the kink 0
      {"(x : real) : real", "abs x", "-2", {-1}},
      {"(x : real) : real", "abs x", "1e-300", {1}},
      {"(x : real) : real", "abs x", "0", {}},
      // x ^ n: n x^(n-1), 0 at 0 for n >= 2; x ^ 0 = 1, derivative 0; x ^ 1 at 0: 1
      {"(x : real) : real", "x ^ 3", "0", {0}},
      {"(x : real) : real", "x ^ 2", "-3", {-6}},
      {"(x : real) : real", "x ^ 0", "0", {0}},
      {"(x : real) : real", "x ^ 1", "0", {1}},
      {"(x : real) : real", "x ^ 64", "1", {64}},
      {"(x : real) : real", "-x ^ 2", "3", {-6}},  // -(x ^ 2)
      // pow(x, y)' = (y x^(y-1), x^y log x)
      {"(x : real, y : real) : real", "pow(x, y)", "(2, 3)", {12, 8 * std::log(2.0)}},
      {"(x : real, y : real) : real", "pow(x, y)", "(1, 5)", {5, 0}},
      {"(x : real, y : real) : real", "pow(x, y)", "(4, 0.5)", {0.25, 2 * std::log(4.0)}},
      // atan2(y, x)' = (x, -y) / (x^2 + y^2); the cut y = 0, x < 0
      {"(y : real, x : real) : real", "atan2(y, x)", "(1, 1)", {0.5, -0.5}},
      {"(y : real, x : real) : real", "atan2(y, x)", "(0, 2)", {0.5, 0}},
      {"(y : real, x : real) : real", "atan2(y, x)", "(1, 0)", {0, -1}},
      {"(y : real, x : real) : real", "atan2(y, x)", "(-1, -1)", {-0.5, 0.5}},
      {"(y : real, x : real) : real", "atan2(y, x)", "(0, -1)", {}},
      // 1e-30 above the cut: (-1, -1e-30); fd's steps of 2^-20 cross the cut (it gave 1.3e8)
      {"(y : real, x : real) : real", "atan2(y, x)", "(1e-30, -1)", {-1, -1e-30}},
      // hypot(x, y)' = (x, y) / hypot; the kink (0, 0); no overflow at 1e300
      {"(x : real, y : real) : real", "hypot(x, y)", "(3, 4)", {0.6, 0.8}},
      {"(x : real, y : real) : real", "hypot(x, y)", "(0, -2)", {0, -1}},
      {"(x : real, y : real) : real", "hypot(x, y)", "(1e300, 1e300)", {M_SQRT1_2, M_SQRT1_2}},
      {"(x : real, y : real) : real", "hypot(x, y)", "(0, 0)", {}},
      // 1e-30 from the kink: (0, 1); a step of 2^-20 in y passes through (0, 0)
      {"(x : real, y : real) : real", "hypot(x, y)", "(0, 1e-30)", {0, 1}},
      // max, min: the larger (smaller) side's derivative; the kink x = y
      {"(x : real, y : real) : real", "max(x, y)", "(1, 2)", {0, 1}},
      {"(x : real, y : real) : real", "max(x, y)", "(2, 1)", {1, 0}},
      {"(x : real, y : real) : real", "max(x, y)", "(1, 1)", {}},
      {"(x : real, y : real) : real", "min(x, y)", "(1, 2)", {1, 0}},
      {"(x : real, y : real) : real", "min(x, y)", "(-1, -1)", {}},
      // elementwise on arrays, composed: sum(max(u, v) * abs(u)) at u = (1, -3), v = (2, -4):
      // entry 0: max = v0 = 2, abs u0 = u0: d/du0 = 2, d/dv0 = 1; entry 1: max = u1 = -3,
      // abs u1 = -u1: u1 * -u1 = -u1^2, d/du1 = 6, d/dv1 = 0
      {"(u : real[2], v : real[2]) : real", "sum(max(u, v) * abs(u))", "([1, -3], [2, -4])", {2, 6, 1, 0}},
      {"(u : real[2], v : real[2]) : real", "sum(max(u, v) * abs(u))", "([1, -3], [1, -4])", {}},
  };
  return all;
}

TEST(SecondSetDerivatives, ReferencesAndChadAtHandDerivedPoints) {
  run_with_deep_stack([&] {
    for (const Point& p : points()) {
      SCOPED_TRACE(p.body + " at " + p.at);
      const CheckedProgram program = testing::load_source("def main " + p.signature + " = " + p.body + ";");
      const NormalForm<double> point = read_input_point(program, p.at);
      const JacobianResult dual = compute_jacobian(program, point, JacobianMethod::Dual);
      const JacobianResult interval = compute_jacobian(program, point, JacobianMethod::Interval);
      if (p.gradient.empty()) {
        EXPECT_FALSE(dual.differentiable);
        EXPECT_FALSE(interval.differentiable);
        EXPECT_NE(dual.reason.find("not differentiable here"), std::string::npos) << dual.reason;
        EXPECT_NE(interval.reason.find("not differentiable here"), std::string::npos) << interval.reason;
        // fd too (it gave 0 at hypot's (0, 0) and 2 pi / 2h on atan2's cut)
        const JacobianResult fd = compute_jacobian(program, point, JacobianMethod::FiniteDifference);
        EXPECT_FALSE(fd.differentiable) << "fd " << (fd.jacobian.empty() ? 0.0 : fd.jacobian[0][0]);
        EXPECT_FALSE(fd.cannot_certify) << fd.reason;  // not differentiable, not a rounding failure
        continue;
      }
      ASSERT_TRUE(dual.differentiable) << dual.reason;
      ASSERT_TRUE(interval.differentiable) << interval.reason;
      ASSERT_EQ(dual.jacobian.size(), 1u);
      ASSERT_EQ(dual.jacobian[0].size(), p.gradient.size());
      std::vector<JacobianResult> chad;
      for (SumsStrategy sums : {SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions})
        for (JacobianMethod m : {JacobianMethod::ChadForward, JacobianMethod::ChadReverse})
          chad.push_back(compute_jacobian(program, point, m, sums));
      const JacobianResult fd = compute_jacobian(program, point, JacobianMethod::FiniteDifference);
      for (std::size_t j = 0; j < p.gradient.size(); ++j) {
        const double want = p.gradient[j];
        // relative to |want| (tiny derivatives such as atan' at 1e10 are checked to their digits)
        auto close = [&](double got, double relative) {
          return std::fabs(got - want) <= relative * std::fabs(want) + 1e-300;
        };
        EXPECT_TRUE(close(dual.jacobian[0][j], 1e-14)) << "dual " << dual.jacobian[0][j] << " vs " << want;
        const Enclosure& e = interval.enclosure[0][j];
        const double slack = testing::Tolerances::closed_form_rounding * std::fabs(want);
        EXPECT_TRUE(e.lo - slack <= want && want <= e.hi + slack) << "interval [" << e.lo << ", " << e.hi << "]";
        EXPECT_LE(e.hi - e.lo, 1e-12 * std::fabs(want) + 1e-30) << "a loose enclosure";
        if (fd.differentiable) {
          EXPECT_TRUE(close(fd.jacobian[0][j], 1e-9) || std::fabs(fd.jacobian[0][j] - want) < 1e-12)
              << "fd " << fd.jacobian[0][j] << " vs " << want;
        }
        for (const JacobianResult& c : chad) {
          ASSERT_TRUE(c.differentiable) << method_name(c.method) << ": " << c.reason;
          EXPECT_TRUE(close(c.jacobian[0][j], 1e-14))
              << method_name(c.method) << " (" << sums_strategy_name(c.sums) << ") " << c.jacobian[0][j] << " vs " << want;
        }
      }
    }
  });
}

TEST(SecondSetDerivatives, OutsideTheDomainIsADomainError) {
  run_with_deep_stack([&] {
    for (const auto& [source, at, prim] :
         std::vector<std::tuple<std::string, std::string, std::string>>{
             {"def main (x : real) : real = log1p x;", "-1", "log1p"},
             {"def main (x : real) : real = log1p x;", "-2", "log1p"},
             {"def main (x : real, y : real) : real = pow(x, y);", "(0, 2)", "pow"},
             {"def main (x : real, y : real) : real = pow(x, y);", "(-1, 2)", "pow"},
             {"def main (y : real, x : real) : real = atan2(y, x);", "(0, 0)", "atan2"}}) {
      SCOPED_TRACE(source + " at " + at);
      const CheckedProgram program = testing::load_source(source);
      const NormalForm<double> point = read_input_point(program, at);
      for (JacobianMethod m : {JacobianMethod::Dual, JacobianMethod::Interval, JacobianMethod::ChadReverse}) {
        try {
          compute_jacobian(program, point, m);
          ADD_FAILURE() << method_name(m) << ": no domain error";
        } catch (const DomainError& e) {
          EXPECT_EQ(e.primitive(), prim);
        }
      }
    }
  });
}

}  // namespace
}  // namespace chad

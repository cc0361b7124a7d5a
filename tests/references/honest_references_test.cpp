// The references are honest: fd says "cannot certify" when its step is lost to rounding
// (instead of a number with error 0), and no method returns a NaN or infinite number.
#include <gtest/gtest.h>

#include <cmath>

#include "../support/example_programs.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

JacobianResult jacobian_of(const std::string& source, const std::string& at, JacobianMethod method) {
  JacobianResult result;
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(source);
    result = compute_jacobian(program, read_input_point(program, at), method);
  });
  return result;
}

TEST(HonestReferences, FdCannotCertifyAStepLostBelowTheUlpOfAConstant) {
  // 1e100 + x: the ulp of 1e100 in 266 bits is about 1e100 * 2^-266 = 1.3e20, far above any
  // step fd takes, so f(x + h) = f(x - h) and the quotient would read 0 (the derivative is 1).
  for (const char* body : {"1e100 + x", "(1e100 + x) - 1e100"}) {
    SCOPED_TRACE(body);
    JacobianResult fd = jacobian_of(std::string("def main (x : real) : real = ") + body + ";", "0",
                                    JacobianMethod::FiniteDifference);
    EXPECT_FALSE(fd.differentiable);
    EXPECT_TRUE(fd.cannot_certify);
    EXPECT_NE(fd.reason.find("cannot certify"), std::string::npos) << fd.reason;
    EXPECT_NE(fd.reason.find("lost to rounding"), std::string::npos) << fd.reason;
  }
}

TEST(HonestReferences, IntervalCannotCertifyWithAnUnboundedEnclosure) {
  // examples/higher_order.chad at (0.5, 1e308): df/da = u + (a + cos u) x with u = a x + sin x
  // near 5e307; cos u is only known to lie in [-1, 1], so the enclosure's upper bound is about
  // 1.5e308 + 5e307 and overflows. Its midpoint (a finite number) used to be printed as the value
  // and judged against (a false FAIL of a correct CHAD).
  const std::string source =
      "def twice (f : real -> real) (x : real) : real = f (f x);\n"
      "def adder (a : real) : real -> real = fun (y : real) -> a * y + sin(y);\n"
      "def main (a : real, x : real) : real = twice (adder a) x;";
  JacobianResult interval = jacobian_of(source, "(0.5, 1e308)", JacobianMethod::Interval);
  EXPECT_FALSE(interval.differentiable);
  EXPECT_TRUE(interval.cannot_certify);
  EXPECT_NE(interval.reason.find("cannot certify"), std::string::npos) << interval.reason;
  EXPECT_NE(interval.reason.find("d output[0] / d input[0]"), std::string::npos) << interval.reason;
  EXPECT_NE(interval.reason.find("unbounded"), std::string::npos) << interval.reason;
  // At an ordinary point the same program is certified.
  JacobianResult ordinary = jacobian_of(source, "(0.5, 1.25)", JacobianMethod::Interval);
  EXPECT_TRUE(ordinary.differentiable) << ordinary.reason;
  EXPECT_FALSE(ordinary.cannot_certify);
}

TEST(HonestReferences, FdCertifiesNormalAndConstantPrograms) {
  // d/dx (sin x * y / (1 + x^2)) = y (cos x (1 + x^2) - 2 x sin x) / (1 + x^2)^2,
  // d/dy = sin x / (1 + x^2); by hand, evaluated here with std:: functions.
  const double x = 0.5, y = 2;
  JacobianResult fd = jacobian_of("def main (x : real, y : real) : real = sin(x) * y / (1 + x * x);",
                                  "(0.5, 2)", JacobianMethod::FiniteDifference);
  ASSERT_TRUE(fd.differentiable) << fd.reason;
  EXPECT_FALSE(fd.cannot_certify);
  const double d = 1 + x * x;
  EXPECT_NEAR(fd.jacobian[0][0], y * (std::cos(x) * d - 2 * x * std::sin(x)) / (d * d), 1e-15);
  EXPECT_NEAR(fd.jacobian[0][1], std::sin(x) / d, 1e-15);
  EXPECT_LT(fd.error_estimate[0][0], 1e-30);
  // A constant output is exactly constant (no rounding at all): derivative 0, certified.
  JacobianResult constant = jacobian_of("def main (x : real) : real = 5;", "0.25", JacobianMethod::FiniteDifference);
  ASSERT_TRUE(constant.differentiable) << constant.reason;
  EXPECT_EQ(constant.jacobian[0][0], 0.0);
  // cos at 0: the true derivative is 0, the rounding of cos(+-h) is tiny and stays certified.
  JacobianResult flat = jacobian_of("def main (x : real) : real = cos(x);", "0", JacobianMethod::FiniteDifference);
  ASSERT_TRUE(flat.differentiable) << flat.reason;
  EXPECT_LT(std::fabs(flat.jacobian[0][0]), 1e-60);
}

TEST(HonestReferences, NoMethodReturnsANonFiniteNumber) {
  // log-sum-exp at [1000, 0, 0, 0]: exp(1000) overflows double (max about 1.8e308), so every
  // method in double gives inf or nan; each must say so, located in the program.
  const std::string lse = "def main (v : real[4]) : real = log(sum(exp(v)));";
  for (JacobianMethod m : {JacobianMethod::Dual, JacobianMethod::ChadForward, JacobianMethod::ChadReverse,
                           JacobianMethod::SdReverse}) {
    SCOPED_TRACE(method_name(m));
    try {
      jacobian_of(lse, "[1000, 0, 0, 0]", m);
      FAIL() << "a non-finite result came back as a number";
    } catch (const SourceError& e) {
      EXPECT_EQ(e.loc().line, 1);
      EXPECT_GT(e.loc().col, 0);
      EXPECT_NE(e.message().find(method_name(m)), std::string::npos) << e.what();
      EXPECT_NE(e.message().find("overflows double"), std::string::npos) << e.what();
    }
  }
  // In MPFR / MPFI there is no overflow: d/dv0 = e^1000 / (e^1000 + 3) = 1 to double precision.
  for (JacobianMethod m : {JacobianMethod::Interval, JacobianMethod::FiniteDifference}) {
    JacobianResult r = jacobian_of(lse, "[1000, 0, 0, 0]", m);
    ASSERT_TRUE(r.differentiable) << r.reason;
    EXPECT_NEAR(r.jacobian[0][0], 1.0, 1e-15);
    EXPECT_EQ(r.output_coords[0], 1000.0);  // log(e^1000 + 3) = 1000 + 3 e^-1000
  }
}

}  // namespace
}  // namespace chad

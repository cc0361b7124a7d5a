// Every primitive's derivative formula (used by the dual and interval methods) and CHAD's
// forward derivative op' and transposed derivative op^T (target_semantics/primitive_derivatives.cpp,
// reached through chad-fwd and chad-rev) against finite differences (which use no formula) at
// random points inside each primitive's domain. chad-fwd and chad-rev agreeing with the same
// reference is the dot-product test <u, op'(x; dx)> = <op^T(x; u), dx> on every basis pair.
#include <gtest/gtest.h>

#include <random>

#include "../support/example_programs.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"
#include "../support/tolerances.hpp"

namespace chad {
namespace {

struct PrimitiveCase {
  std::string signature;  // the parameters and result of `main`
  std::string body;
  std::string ones;       // an input value with every real 1 (gives the input's index)
  bool positive;          // domain: every input > 0
};

const std::vector<PrimitiveCase>& cases() {
  static const std::vector<PrimitiveCase> all = {
      {"(x : real, y : real) : real", "x + y", "(1, 1)", false},
      {"(x : real, y : real) : real", "x - y", "(1, 1)", false},
      {"(x : real, y : real) : real", "x * y", "(1, 1)", false},
      {"(x : real, y : real) : real", "x / y", "(1, 1)", true},
      {"(x : real) : real", "-x", "1", false},
      {"(x : real) : real", "sin(x)", "1", false},
      {"(x : real) : real", "cos(x)", "1", false},
      {"(x : real) : real", "exp(x)", "1", false},
      {"(x : real) : real", "log(x)", "1", true},
      {"(x : real) : real", "sqrt(x)", "1", true},
      {"(x : real) : real", "tanh(x)", "1", false},
      {"(x : real) : real", "sigmoid(x)", "1", false},
      {"(x : real) : real", "softplus(x)", "1", false},
      {"(v : real[3]) : real", "sum(v * v)", "[1, 1, 1]", false},
      {"(u : real[2], v : real[2]) : real", "dot(u, v)", "([1, 1], [1, 1])", false},
      {"(m : real[2, 2], v : real[2]) : real[2]", "matvec(m, v)", "([[1, 1], [1, 1]], [1, 1])",
       false},
      {"(c : real, v : real[2]) : real[2]", "scale(c, v)", "(1, [1, 1])", false},
      {"(v : real[3]) : real", "get(v, 1) * get(v, 2)", "[1, 1, 1]", false},
      {"(x : real, y : real) : real[2]", "vec(x * y, x)", "(1, 1)", false},
      {"(u : real[2], v : real[2]) : real[2]", "log(u) * v / sqrt(v) - sin(exp(u))",
       "([1, 1], [1, 1])", true},
      // the second set's elementwise half (kinks at random points are never hit)
      {"(x : real) : real", "log1p(x)", "1", true},
      {"(x : real) : real", "expm1(x)", "1", false},
      {"(x : real) : real", "atan(x)", "1", false},
      {"(x : real) : real", "erf(x)", "1", false},
      {"(x : real) : real", "abs(x)", "1", false},
      {"(x : real) : real", "x ^ 5 + x ^ 2 - x ^ 0", "1", false},
      {"(x : real, y : real) : real", "pow(x, y)", "(1, 1)", true},
      {"(x : real, y : real) : real", "atan2(y, x)", "(1, 1)", false},
      {"(x : real, y : real) : real", "hypot(x, y)", "(1, 1)", false},
      {"(u : real[2], v : real[2]) : real[2]", "max(u, v) * min(v, u)", "([1, 1], [1, 1])", false},
  };
  return all;
}

TEST(PrimitiveDerivatives, FormulasAgreeWithFiniteDifferences) {
  std::mt19937_64 rng(20261122);
  std::uniform_real_distribution<double> any(-3, 3), positive(0.2, 4);
  run_with_deep_stack([&] {
    for (const PrimitiveCase& c : cases()) {
      SCOPED_TRACE(c.body);
      CheckedProgram program =
          testing::load_source("def main " + c.signature + " = " + c.body + ";");
      NormalForm<double> point = read_input_point(program, c.ones);
      for (int trial = 0; trial < 10; ++trial) {
        for (double& x : point.coords) x = c.positive ? positive(rng) : any(rng);
        JacobianResult formula = compute_jacobian(program, point, JacobianMethod::Dual);
        JacobianResult certified = compute_jacobian(program, point, JacobianMethod::Interval);
        JacobianResult fd = compute_jacobian(program, point, JacobianMethod::FiniteDifference);
        JacobianResult forward = compute_jacobian(program, point, JacobianMethod::ChadForward);
        JacobianResult reverse = compute_jacobian(program, point, JacobianMethod::ChadReverse);
        ASSERT_TRUE(formula.differentiable && certified.differentiable && fd.differentiable);
        ASSERT_TRUE(forward.differentiable && reverse.differentiable);
        ASSERT_EQ(formula.jacobian.size(), fd.jacobian.size());
        for (std::size_t i = 0; i < fd.jacobian.size(); ++i)
          for (std::size_t j = 0; j < fd.jacobian[i].size(); ++j) {
            double reference = fd.jacobian[i][j];
            EXPECT_TRUE(testing::close_relative(formula.jacobian[i][j], reference,
                                                testing::Tolerances::fd_relative))
                << "dual " << formula.jacobian[i][j] << " vs fd " << reference;
            EXPECT_TRUE(testing::close_relative(forward.jacobian[i][j], reference,
                                                testing::Tolerances::fd_relative))
                << "op' (chad-fwd) " << forward.jacobian[i][j] << " vs fd " << reference;
            EXPECT_TRUE(testing::close_relative(reverse.jacobian[i][j], reference,
                                                testing::Tolerances::fd_relative))
                << "op^T (chad-rev) " << reverse.jacobian[i][j] << " vs fd " << reference;
            const Enclosure& e = certified.enclosure[i][j];
            double slack =
                testing::Tolerances::fd_relative * std::fmax(1.0, std::fabs(reference));
            EXPECT_TRUE(e.lo - slack <= reference && reference <= e.hi + slack)
                << "interval [" << e.lo << ", " << e.hi << "] vs fd " << reference;
          }
      }
    }
  });
}

}  // namespace
}  // namespace chad

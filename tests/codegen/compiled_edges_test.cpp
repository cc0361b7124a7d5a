// The compiled kernels' runtime (codegen/runtime/) at inputs at the edges of double (issue #30),
// through a compiled Jacobian in both modes: division's derivative never squares the divisor
// (a db / (b * b) overflows for |b| > 1.3e154 and vanishes below 1.5e-154: -0 and -inf where
// the derivative is -1e-100 and -1e40), and norm scales by 2^-e with e >= -1022 (e = ilogb of a
// subnormal largest entry made 2^-e infinite, the norm inf and its derivative NaN). Expected
// values by hand, beside each.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "references/input_value.hpp"

namespace chad {
namespace {

void expect_compiled_gradient(const char* source, const char* at, const std::vector<double>& want) {
  const CheckedProgram program = testing::load_source(source);
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    SCOPED_TRACE(std::string(at) + (mode == ChadMode::Forward ? ", fwd" : ", rev"));
    const JacobianResult r = jacobian_by_compiled_chad(program, read_input_point(program, at), mode,
                                                       SumsStrategy::Biproduct, testing::test_kernel_compiler());
    ASSERT_TRUE(r.differentiable) << r.reason;
    ASSERT_EQ(r.jacobian.size(), 1u);
    ASSERT_EQ(r.jacobian[0].size(), want.size());
    for (std::size_t j = 0; j < want.size(); ++j)
      EXPECT_NEAR(r.jacobian[0][j], want[j], 1e-15 * std::fabs(want[j])) << "entry " << j;
  }
}

TEST(CompiledEdges, DivisionsDerivativeAtHugeAndTinyDivisors) {
  const char* quotient = "def main (x : real, y : real) : real = x / y;";
  // d(x / y) = (1 / y, -x / y^2): at (1e300, 1e200) (1e-200, -1e-100); at (1e-300, 1e-170)
  // (1e170, -1e-300 / 1e-340 = -1e40).
  expect_compiled_gradient(quotient, "(1e300, 1e200)", {1e-200, -1e-100});
  expect_compiled_gradient(quotient, "(1e-300, 1e-170)", {1e170, -1e40});
}

TEST(CompiledEdges, NormOfSubnormalEntries) {
  const char* norm = "def main (x : real[2]) : real = norm(x);";
  // grad norm = x / norm x: [3, 4] ulps of 2^-1074 (1.5e-323, 2e-323) have norm 5 ulps: (0.6, 0.8);
  // [2^-1074, 0]: (1, 0).
  expect_compiled_gradient(norm, "[1.5e-323, 2e-323]", {0.6, 0.8});
  expect_compiled_gradient(norm, "[5e-324, 0]", {1, 0});
}

}  // namespace
}  // namespace chad

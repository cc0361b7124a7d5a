// The Jacobians of the bundled examples, by every reference method and by CHAD (forward and
// reverse, every sums strategy), against closed forms derived by hand (each derivation is in
// the example's header comment and repeated here).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "../support/example_programs.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/deep_stack.hpp"
#include "../support/tolerances.hpp"

namespace chad {
namespace {

using Matrix = std::vector<std::vector<double>>;
using testing::Tolerances;

void expect_jacobian(const std::string& example, const std::string& at, const Matrix& expected) {
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_example(example);
    NormalForm<double> point = read_input_point(program, at);
    std::vector<std::pair<JacobianMethod, SumsStrategy>> methods = {
        {JacobianMethod::Dual, SumsStrategy::Biproduct},
        {JacobianMethod::Interval, SumsStrategy::Biproduct},
        {JacobianMethod::FiniteDifference, SumsStrategy::Biproduct}};
    for (JacobianMethod chad : {JacobianMethod::ChadForward, JacobianMethod::ChadReverse})
      for (SumsStrategy sums : kAllSumsStrategies) methods.push_back({chad, sums});
    for (auto [method, sums] : methods) {
      SCOPED_TRACE(example + " at " + at + " by " + method_name(method) + " (sums " +
                   sums_strategy_name(sums) + ")");
      JacobianResult r = compute_jacobian(program, point, method, sums);
      ASSERT_TRUE(r.differentiable) << r.reason;
      ASSERT_EQ(r.jacobian.size(), expected.size());
      for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(r.jacobian[i].size(), expected[i].size());
        for (std::size_t j = 0; j < expected[i].size(); ++j) {
          double want = expected[i][j];
          double got = r.jacobian[i][j];
          switch (method) {
            case JacobianMethod::ChadForward:
            case JacobianMethod::ChadReverse:
            case JacobianMethod::ChadForwardCompiled:  // (in double, as the dual numbers)
            case JacobianMethod::ChadReverseCompiled:
            case JacobianMethod::SdReverse:
            case JacobianMethod::Dual:
              EXPECT_TRUE(testing::close_relative(got, want, Tolerances::dual_relative))
                  << "[" << i << "][" << j << "] " << got << " vs " << want;
              break;
            case JacobianMethod::FiniteDifference:
              EXPECT_TRUE(testing::close_relative(got, want, Tolerances::fd_relative))
                  << "[" << i << "][" << j << "] " << got << " vs " << want;
              break;
            case JacobianMethod::Interval: {
              const Enclosure& e = r.enclosure[i][j];
              double slack = Tolerances::closed_form_rounding * std::fmax(1.0, std::fabs(want));
              EXPECT_LE(e.lo, e.hi);
              EXPECT_TRUE(e.lo - slack <= want && want <= e.hi + slack)
                  << "[" << i << "][" << j << "] [" << e.lo << ", " << e.hi << "] vs " << want;
              EXPECT_TRUE(e.lo <= got && got <= e.hi);
              break;
            }
          }
        }
      }
    }
  });
}

TEST(JacobianExamples, ListSumIsAllOnes) {
  expect_jacobian("list_sum.chad", testing::example_point("list_sum.chad"), {{1, 1, 1}});
}

TEST(JacobianExamples, ListProductIsProductOfTheOthers) {
  // x = (1.5, -2, 4): (-2 * 4, 1.5 * 4, 1.5 * -2)
  expect_jacobian("list_product.chad", testing::example_point("list_product.chad"),
                  {{-8, 6, -3}});
}

TEST(JacobianExamples, HornerGivesPowersAndTheDerivativePolynomial) {
  // x = 0.5, c = (1, -3, 2, 4): dp/dx = c1 + 2 c2 x + 3 c3 x^2 = -3 + 2 + 3 = 2;
  // dp/dck = x^k = 1, 0.5, 0.25, 0.125.
  expect_jacobian("horner.chad", testing::example_point("horner.chad"),
                  {{2, 1, 0.5, 0.25, 0.125}});
}

TEST(JacobianExamples, HornerWithFiftyCoefficients) {
  // c_k = 1 / (k + 1), x = 0.75: dp/dck = x^k, dp/dx = sum_k k c_k x^(k-1).
  const int n = 50;
  const double x = 0.75;
  std::string list = "roll Last " + std::to_string(1.0 / n);
  for (int k = n - 2; k >= 0; --k) list = "roll Cons (" + std::to_string(1.0 / (k + 1)) + ", " + list + ")";
  // std::to_string rounds to 6 digits; the closed form uses the same rounded coefficients.
  std::vector<double> c;
  for (int k = 0; k < n; ++k) c.push_back(std::stod(std::to_string(1.0 / (k + 1))));
  std::vector<double> row;
  double dx = 0;
  for (int k = 1; k < n; ++k) dx += k * c[k] * std::pow(x, k - 1);
  row.push_back(dx);
  for (int k = 0; k < n; ++k) row.push_back(std::pow(x, k));
  expect_jacobian("horner.chad", "(0.75, " + list + ")", {row});
}

TEST(JacobianExamples, TreeOfTwoLeaves) {
  // Node (Leaf a, w, Leaf b) with a = 1.5, w = 2, b = -0.5: f = w (a^2 + b^2);
  // (2 a w, a^2 + b^2, 2 b w) = (6, 2.5, -2).
  expect_jacobian("tree.chad", testing::example_point("tree.chad"), {{6, 2.5, -2}});
}

TEST(JacobianExamples, RoseTreeSumOfSquaredLeaves) {
  // Leaves 2 and 3 under one node: f = 2^2 + 3^2, (2 * 2, 2 * 3) = (4, 6).
  expect_jacobian("rose_tree.chad", testing::example_point("rose_tree.chad"), {{4, 6}});
}

TEST(JacobianExamples, StreamOfPowers) {
  // (x, x^2, x^3) at 1.5: (1, 2x, 3x^2) = (1, 3, 6.75)
  expect_jacobian("stream.chad", "1.5", {{1}, {3}, {6.75}});
}

TEST(JacobianExamples, StreamConsumedThroughAFold) {
  // w0 x + w1 x^2 + w2 x^3 at x = 0.5, w = (1, -2, 3): d/dx = w0 + 2 w1 x + 3 w2 x^2 = 1.25,
  // d/dwi = x^(i+1).
  expect_jacobian("stream_fold.chad", testing::example_point("stream_fold.chad"),
                  {{1.25, 0.5, 0.25, 0.125}});
}

TEST(JacobianExamples, SpecExample) {
  // x * sum(xs) at (3, [1, 2]): (sum, x, x) = (3, 3, 3)
  expect_jacobian("spec_example.chad", testing::example_point("spec_example.chad"), {{3, 3, 3}});
}

TEST(JacobianExamples, SumsInEachConstructor) {
  // Circle r, k -> Rect (r k, r k): rows (k, r) twice, at r = 2, k = 3.
  expect_jacobian("sums.chad", "(Circle 2, 3)", {{3, 2}, {3, 2}});
  // Rect (w, h), k -> Circle ((w + h) k / 2): (k/2, k/2, (w+h)/2) at w = 1, h = 3, k = 2.
  expect_jacobian("sums.chad", "(Rect (1, 3), 2)", {{1, 1, 2}});
}

TEST(JacobianExamples, ArraysMatvecAndDot) {
  // m = [[1,2,3],[4,5,6]], v = (0.5, -1, 2); input coordinates m (row-major) then v.
  expect_jacobian("arrays.chad", testing::example_point("arrays.chad"),
                  {{0, 0, 0, 0, 0, 0, 1, -2, 4},
                   {0.5, -1, 2, 0, 0, 0, 1, 2, 3},
                   {0, 0, 0, 0.5, -1, 2, 4, 5, 6}});
}

TEST(JacobianExamples, ArrayLiteralsOfVariables) {
  // f = (1 + x) |v|^2 + x^2 at x = 0.5, v = (1, -2, 3): (|v|^2 + 2x, 2 (1 + x) v).
  expect_jacobian("array_literals.chad", testing::example_point("array_literals.chad"),
                  {{15, 3, -6, 9}});
}

TEST(JacobianExamples, HigherOrderClosures) {
  const double a = 0.5, x = 1.25;
  const double u = a * x + std::sin(x);
  expect_jacobian("higher_order.chad", "(0.5, 1.25)",
                  {{u + (a + std::cos(u)) * x, (a + std::cos(u)) * (a + std::cos(x))}});
}

TEST(JacobianExamples, FoldProducingFunctions) {
  // x * x1 * x2 at (2, [3, -0.5]): (x1 x2, x x2, x x1) = (-1.5, -1, 6)
  expect_jacobian("fold_to_function.chad", testing::example_point("fold_to_function.chad"),
                  {{-1.5, -1, 6}});
}

TEST(JacobianExamples, ReluAwayFromTheKink) {
  expect_jacobian("relu.chad", "1.25", {{2.5}});
  expect_jacobian("relu.chad", "-2", {{-1}});
}

TEST(JacobianExamples, EveryUnaryPrimitive) {
  const std::vector<double> v = {0.5, 1.25, 2};
  auto sigmoid = [](double t) { return 1 / (1 + std::exp(-t)); };
  auto softplus = [](double t) { return std::log(1 + std::exp(t)); };
  Matrix expected(4, std::vector<double>(3, 0.0));
  for (int i = 0; i < 3; ++i) {
    double t = v[i];
    expected[0][i] = std::cos(t) - std::sin(t) + std::exp(t) + 1 / t + 0.5 / std::sqrt(t);
    double th = std::tanh(t), s = sigmoid(t);
    expected[1 + i][i] = (1 - th * th) * s + th * s * (1 - s) + s / t - softplus(t) / (t * t);
  }
  expect_jacobian("primitives.chad", testing::example_point("primitives.chad"), expected);
}

TEST(JacobianExamples, FiniteDifferencesNearADomainBoundary) {
  // d/dx sqrt(x) = 1 / (2 sqrt x) and d/dx log(x) = 1 / x, at points much closer to the
  // boundary 0 than a step of 2^-20 would allow.
  run_with_deep_stack([] {
    CheckedProgram program =
        testing::load_source("def main (x : real) : real * real = (sqrt(x), log(x));");
    for (double x : {1e-30, 1e-8, 3.0}) {
      NormalForm<double> point = read_input_point(program, testing::print_point(x));
      JacobianResult r = compute_jacobian(program, point, JacobianMethod::FiniteDifference);
      ASSERT_TRUE(r.differentiable) << r.reason;
      EXPECT_TRUE(testing::close_relative(r.jacobian[0][0] / (0.5 / std::sqrt(x)), 1.0,
                                          Tolerances::fd_relative));
      EXPECT_TRUE(testing::close_relative(r.jacobian[1][0] * x, 1.0, Tolerances::fd_relative));
    }
  });
}

TEST(JacobianExamples, NotDifferentiableAtTheKink) {
  run_with_deep_stack([] {
    CheckedProgram program = testing::load_example("relu.chad");
    NormalForm<double> point = read_input_point(program, "0");
    for (JacobianMethod method :
         {JacobianMethod::Dual, JacobianMethod::Interval, JacobianMethod::FiniteDifference,
          JacobianMethod::ChadForward, JacobianMethod::ChadReverse}) {
      JacobianResult r = compute_jacobian(program, point, method);
      EXPECT_FALSE(r.differentiable) << method_name(method);
      EXPECT_NE(r.reason.find("comparison"), std::string::npos) << r.reason;
      EXPECT_TRUE(r.jacobian.empty());
    }
  });
}

}  // namespace
}  // namespace chad

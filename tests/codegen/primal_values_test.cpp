// A derivative that reads its primal's value (codegen/primal_values.cpp): exp, sqrt, tanh and
// sigmoid's derivatives read y = f(x) where CHAD's target has computed it, instead of computing
// f(x) again. Checked in the generated text, against derivatives taken by hand in every mode and
// sums strategy, and with the injected fault DerivativeReadsOperand (x read where y should be),
// which must show.
#include <gtest/gtest.h>

#include <cmath>

#include "../support/compiled_gradients.hpp"
#include "../support/example_programs.hpp"

namespace chad {
namespace {

// f(x, v, cs) = exp x + sqrt x + tanh x + sigmoid x + sum(exp v * tanh v) + sum_i sigmoid(c_i x):
// each of the four on a scalar, on an array, and in a fold's body.
const char* kFour =
    "type L = mu l. < Nil : unit | Cons : real * l >;\n"
    "def main (x : real, v : real[2], cs : L) : real =\n"
    "  exp(x) + sqrt(x) + tanh(x) + sigmoid(x) + sum(exp(v) * tanh(v))\n"
    "  + fold cs with node -> case node of { Nil u -> 0 | Cons p -> sigmoid(fst p * x) + snd p };\n";
const char* kPoint = "(0.7, [0.3, -1.2], roll Cons (1.5, roll Cons (-2, roll Nil)))";

double sigmoid(double a) { return 1 / (1 + std::exp(-a)); }
double sigmoid_derivative(double a) { return sigmoid(a) * (1 - sigmoid(a)); }

// By hand, in the order of the input's coordinates x, v0, v1, c0, c1.
std::vector<double> gradient_by_hand() {
  const double x = 0.7, v[2] = {0.3, -1.2}, c[2] = {1.5, -2};
  double dx = std::exp(x) + 1 / (2 * std::sqrt(x)) + (1 - std::tanh(x) * std::tanh(x)) + sigmoid_derivative(x);
  std::vector<double> g{0};
  for (double vj : v) g.push_back(std::exp(vj) * std::tanh(vj) + std::exp(vj) * (1 - std::tanh(vj) * std::tanh(vj)));
  for (double ci : c) {
    dx += sigmoid_derivative(ci * x) * ci;
    g.push_back(sigmoid_derivative(ci * x) * x);
  }
  g[0] = dx;
  return g;
}

void expect_gradient(const std::vector<double>& got, const std::vector<double>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t j = 0; j < got.size(); ++j)
    EXPECT_NEAR(got[j], expected[j], 1e-12 * std::max(1.0, std::abs(expected[j]))) << "coordinate " << j;
}

TEST(PrimalValues, EachDerivativeReadsItsPrimalsValue) {
  const CheckedProgram program = testing::load_source(kFour);
  for (KernelMode mode : {KernelMode::Forward, KernelMode::Reverse}) {
    KernelOptions options;
    options.mode = mode;
    const std::string source = generate_kernel_source(program, options);
    const std::string direction = mode == KernelMode::Forward ? "fwd_" : "rev_";
    SCOPED_TRACE(direction);
    for (const char* f : {"exp", "sqrt", "tanh", "sigmoid"}) {
      EXPECT_NE(source.find("chad_rt::" + direction + f + "_at_value("), std::string::npos) << f;
      EXPECT_EQ(source.find("chad_rt::" + direction + f + "("), std::string::npos) << f << " computed again";
    }
  }
}

TEST(PrimalValues, TheGradientIsTheClosedFormInEveryModeAndSumsStrategy) {
  const CheckedProgram program = testing::load_source(kFour);
  for (const testing::KernelGradient& got : testing::gradients_by_every_kernel(program, kPoint)) {
    SCOPED_TRACE(got.kernel);
    expect_gradient(got.gradient, gradient_by_hand());
  }
}

TEST(PrimalValues, ADerivativeThatReadsTheOperandInsteadIsWrong) {
  const CheckedProgram program = testing::load_source(kFour);
  const std::vector<double> got =
      testing::reverse_gradient(program, kPoint, CodegenFault::DerivativeReadsOperand, "four_reads_operand");
  const std::vector<double> expected = gradient_by_hand();
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t j = 0; j < expected.size(); ++j)
    EXPECT_GT(std::abs(got[j] - expected[j]), 1e-6) << "coordinate " << j << " is right with the fault";
}

}  // namespace
}  // namespace chad

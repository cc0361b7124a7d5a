// A bilinear primitive's reverse rule given only the operands its used cotangents read
// (codegen/unread_operands.cpp): where a constant's cotangent is dropped, the operand only that
// cotangent reads is passed as a zero, so that no backpropagator copies it. Checked in the
// generated text, against derivatives taken by hand in every mode and sums strategy, and with the
// injected fault NeededOperandZeroed (the operand the used cotangent reads zeroed), which must show.
#include <gtest/gtest.h>

#include <regex>

#include "../support/compiled_gradients.hpp"
#include "../support/example_programs.hpp"

namespace chad {
namespace {

// f(m, c, w) = 0.5 sum_r (m_r0^2 + m_r1^2) + c (2 w0 + 3 w1) + w0 + 0.5 w1: each bilinear rule
// with a constant operand, whose cotangent CHAD drops (a literal; `-1` would be neg's operand, whose
// cotangent is kept). By hand: df/dm = m, df/dc = 2 w0 + 3 w1, df/dw0 = 2 c + 1, df/dw1 = 3 c + 0.5.
const char* kConstantOperands =
    "def main (m : real[3, 2], c : real, w : real[2]) : real =\n"
    "  sum(scale(0.5, matvec(m * m, [1, 1]))) + dot(w, [2, 3]) * c + sum(w * [1, 0.5]);\n";
const char* kPoint = "([[1, -2], [0.5, 3], [-1.5, 4]], 0.25, [2, -3])";
const std::vector<double> kByHand{1, -2, 0.5, 3, -1.5, 4, 2 * 2 + 3 * -3, 2 * 0.25 + 1, 3 * 0.25 + 0.5};

TEST(UnreadOperands, ARuleWhoseOtherCotangentIsDroppedIsGivenAZeroForTheOperandItDoesNotRead) {
  const CheckedProgram program = testing::load_source(kConstantOperands);
  KernelOptions options;
  options.mode = KernelMode::Reverse;
  const std::string source = generate_kernel_source(program, options);
  // matvec(m * m, ones): only m's cotangent v ones^T is used, so m * m is not read; scale(0.5, u):
  // only u's, c v, so u is not; dot(w, [2, 3]) and w * [1, 0.5]: only w's, so w is not.
  for (const char* rule : {R"(rev_matvec<3, 2>\(chad_rt::zero<)", R"(rev_scale\(\w+, chad_rt::zero<)",
                           R"(rev_dot\(chad_rt::zero<)", R"(rev_mul\(chad_rt::zero<)"})
    EXPECT_TRUE(std::regex_search(source, std::regex(rule))) << rule;
}

TEST(UnreadOperands, TheGradientIsTheClosedFormInEveryModeAndSumsStrategy) {
  const CheckedProgram program = testing::load_source(kConstantOperands);
  for (const testing::KernelGradient& got : testing::gradients_by_every_kernel(program, kPoint))
    EXPECT_EQ(got.gradient, kByHand) << got.kernel;  // exact in double
}

TEST(UnreadOperands, ZeroingTheOperandTheUsedCotangentReadsIsWrong) {
  const CheckedProgram program = testing::load_source(kConstantOperands);
  const std::vector<double> got =
      testing::reverse_gradient(program, kPoint, CodegenFault::NeededOperandZeroed, "constant_operands_zeroed");
  ASSERT_EQ(got.size(), kByHand.size());
  // m's and w's cotangents read the zeroed constants; c's does not.
  for (std::size_t j : {0, 1, 2, 3, 4, 5, 7, 8})
    EXPECT_NE(got[j], kByHand[j]) << "coordinate " << j << " is right with the fault";
}

}  // namespace
}  // namespace chad

// The reverse sweep over MPFI (references/reverse_sweep.hpp): the input adjoints of small
// programs enclose the hand-derived cotangent-weighted derivatives, tightly; an adjoint of an
// intermediate beyond a bound is found and named.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

#include "references/input_value.hpp"
#include "references/reverse_sweep.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::vector<Mpfi> adjoints(const std::string& text, const std::string& at, const std::vector<double>& cotangent) {
  const CheckedProgram program = check_program(parse_program(text, "<test>"));
  return reverse_sweep_adjoints(program, read_input_point(program, at), cotangent);
}

// `x` lies in `enclosure`, whose width is at most `width`.
void expect_encloses(const Mpfi& enclosure, double x, double width) {
  EXPECT_LE(lower_bound_down(enclosure), x);
  EXPECT_GE(upper_bound_up(enclosure), x);
  EXPECT_LE(upper_bound_up(enclosure) - lower_bound_down(enclosure), width);
}

// f(a, b) = a a b - a / b: df/da = 2 a b - 1 / b, df/db = a a + a / b^2; at (3, 2) with w = -2:
// -2 (12 - 0.5) = -23 and -2 (9 + 0.75) = -19.5, every operation exact in MPFI.
TEST(ReverseSweep, AdjointsOfArithmeticAreTheHandDerivedOnes) {
  const auto a = adjoints("def main (x : real * real) : real = fst x * fst x * snd x - fst x / snd x;", "(3, 2)", {-2});
  ASSERT_EQ(a.size(), 2u);
  expect_encloses(a[0], -23, 0);
  expect_encloses(a[1], -19.5, 0);
}

// f(x) = exp(x) x: f' = exp(x) (1 + x); at 0.5 with w = 1: 1.5 e^0.5 (enclosed to a few ulps).
TEST(ReverseSweep, AdjointsThroughAUnaryPrimitive) {
  const auto a = adjoints("def main (x : real) : real = exp(x) * x;", "0.5", {1});
  ASSERT_EQ(a.size(), 1u);
  expect_encloses(a[0], 1.5 * std::exp(0.5), 1e-14);
  EXPECT_GT(lower_bound_down(a[0]), 1.5 * std::exp(0.5) - 1e-15);  // and the enclosure is tight
}

// Two outputs (x x, sin x) and the fan-out of x: with cotangent (1, -0.5) the adjoint of x is
// 2x - 0.5 cos x (at x = 2: 4 - 0.5 cos 2 = 4.2080734...).
TEST(ReverseSweep, AdjointsOfSeveralOutputsAddUp) {
  const auto a = adjoints("def main (x : real) : real * real = (x * x, sin(x));", "2", {1, -0.5});
  ASSERT_EQ(a.size(), 1u);
  expect_encloses(a[0], 4 - 0.5 * std::cos(2.0), 1e-14);
}

// y = x0 c (c = 2^-10), then y x1: the adjoint of y is w x1, beyond DBL_MAX with w = 2 at
// x1 = 1.5e308 (though every adjoint of an input is finite); with w = 1 nothing is.
TEST(ReverseSweep, AnIntermediateAdjointBeyondTheBoundIsNamed) {
  const CheckedProgram program =
      check_program(parse_program("def main (x : real * real) : real = fst x * 0.0009765625 * snd x;", "<test>"));
  const NormalForm<double> input = read_input_point(program, "(1.5, 1.5e308)");
  const auto found = reverse_order_overflow(program, input, {{2}}, DBL_MAX, {"x.fst", "x.snd"});
  ASSERT_TRUE(found.has_value());
  EXPECT_NE(found->find("the adjoint of the result of `*`"), std::string::npos) << *found;
  EXPECT_NE(found->find("encloses [3"), std::string::npos) << *found;  // 2 x1 = 3e308
  EXPECT_FALSE(reverse_order_overflow(program, input, {{1}}, DBL_MAX, {"x.fst", "x.snd"}).has_value());
  // A partial sum: x * 1 + x * 1 - x at w = 1e308 gives x the contributions w, w and -w, each in
  // range and adding up to w, but w + w (the order a tool may take) overflows.
  const CheckedProgram thrice =
      check_program(parse_program("def main (x : real) : real = x * 1.0 + x * 1.0 - x;", "<test>"));
  const auto sum = reverse_order_overflow(thrice, read_input_point(thrice, "0.5"), {{1e308}}, DBL_MAX, {"x"});
  ASSERT_TRUE(sum.has_value());
  EXPECT_NE(sum->find("the adjoint of the input `x` is a sum of contributions whose positive parts add up to [2"),
            std::string::npos)
      << *sum;
  // x * 1 - x: w and -w, whose partial sums are w, -w or 0 in either order: no overflow.
  const CheckedProgram once = check_program(parse_program("def main (x : real) : real = x * 1.0 - x;", "<test>"));
  EXPECT_FALSE(reverse_order_overflow(once, read_input_point(once, "0.5"), {{1e308}}, DBL_MAX, {"x"}).has_value());
}

}  // namespace
}  // namespace chad

// The tape scalar (model/reverse_tape.hpp): an operation records a node only where an argument
// depends on a recorded input, with its local partials from the interval dual numbers.
#include <gtest/gtest.h>

#include "model/reverse_tape.hpp"

namespace chad {
namespace {

bool is_point(const Mpfi& x, double v) { return lower_bound_down(x) == v && upper_bound_up(x) == v; }

TEST(ReverseTape, ConstantsRecordNothingAndEachOperationItsPartials) {
  ReverseTape tape;
  const TapeScalar x = tape.input(3, "x");
  const TapeScalar c = ScalarTraits<TapeScalar>::from_double(2) * ScalarTraits<TapeScalar>::from_double(5);
  EXPECT_EQ(c.node, -1);  // 2 * 5: no input, no node
  ASSERT_EQ(tape.nodes().size(), 1u);
  const TapeScalar p = x * c;  // d/dx = 10: one argument recorded
  ASSERT_EQ(tape.nodes().size(), 2u);
  EXPECT_EQ(tape.nodes()[1].arguments[0], x.node);
  EXPECT_EQ(tape.nodes()[1].arguments[1], -1);
  EXPECT_TRUE(is_point(tape.nodes()[1].partials[0], 10));
  const TapeScalar q = p / x;  // d/dp = 1/x, d/dx = -p/x^2 = -30/9
  const TapeNode& n = tape.nodes()[std::size_t(q.node)];
  EXPECT_EQ(n.arguments[0], p.node);
  EXPECT_EQ(n.arguments[1], x.node);
  EXPECT_LE(lower_bound_down(n.partials[0]), 1.0 / 3);
  EXPECT_GE(upper_bound_up(n.partials[0]), 1.0 / 3);
  EXPECT_LE(lower_bound_down(n.partials[1]), -30.0 / 9);
  EXPECT_GE(upper_bound_up(n.partials[1]), -30.0 / 9);
  EXPECT_TRUE(is_point(n.value, 10));
  const TapeScalar s = apply_unary(PrimOp::Sin, x);  // d/dx = cos 3
  EXPECT_LE(lower_bound_down(tape.nodes()[std::size_t(s.node)].partials[0]), std::cos(3.0));
  EXPECT_GE(upper_bound_up(tape.nodes()[std::size_t(s.node)].partials[0]), std::cos(3.0));
  EXPECT_EQ(tape.nodes()[std::size_t(s.node)].what, "sin");
}

}  // namespace
}  // namespace chad

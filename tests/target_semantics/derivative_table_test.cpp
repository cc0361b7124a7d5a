// CHAD's own derivative table (target_semantics/derivative_table.hpp): each entry at a point where its
// value is known by hand, and a mutant's override of one entry leaving the others alone.
#include <gtest/gtest.h>

#include "target_semantics/derivative_table.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {
namespace {

TEST(DerivativeTable, EachEntryAtAPointKnownByHand) {
  EXPECT_EQ(chad_unary_derivative(PrimOp::Neg, 7.0), -1.0);
  EXPECT_EQ(chad_unary_derivative(PrimOp::Sin, 0.0), 1.0);       // cos 0
  EXPECT_EQ(chad_unary_derivative(PrimOp::Cos, 0.0), 0.0);       // -sin 0
  EXPECT_EQ(chad_unary_derivative(PrimOp::Exp, 0.0), 1.0);       // exp 0
  EXPECT_EQ(chad_unary_derivative(PrimOp::Log, 4.0), 0.25);      // 1/4
  EXPECT_EQ(chad_unary_derivative(PrimOp::Sqrt, 4.0), 0.25);     // 1/(2 * 2)
  EXPECT_EQ(chad_unary_derivative(PrimOp::Tanh, 0.0), 1.0);      // 1 - 0^2
  EXPECT_EQ(chad_unary_derivative(PrimOp::Sigmoid, 0.0), 0.25);  // 1/2 (1 - 1/2)
  EXPECT_EQ(chad_unary_derivative(PrimOp::Softplus, 0.0), 0.5);  // sigmoid 0
}

TEST(DerivativeTable, AMutantOverridesOneEntryOnly) {
  active_evaluator_fault = EvaluatorFault::LogInverseSquare;
  const double log_at_4 = chad_unary_derivative(PrimOp::Log, 4.0);
  const double sqrt_at_4 = chad_unary_derivative(PrimOp::Sqrt, 4.0);
  active_evaluator_fault = EvaluatorFault::SigmoidOnePlus;
  const double sigmoid_at_0 = chad_unary_derivative(PrimOp::Sigmoid, 0.0);
  active_evaluator_fault = EvaluatorFault::None;
  EXPECT_EQ(log_at_4, 1.0 / 16);        // 1/x^2
  EXPECT_EQ(sqrt_at_4, 0.25);           // untouched
  EXPECT_EQ(sigmoid_at_0, 0.75);        // 1/2 (1 + 1/2)
  EXPECT_EQ(chad_unary_derivative(PrimOp::Log, 4.0), 0.25);  // off again
}

}  // namespace
}  // namespace chad

// The cost model's scalar_ops and allocations where the primitives and their derivatives
// compute (semantics/primitive_ops.cpp, target_semantics/primitive_derivatives.cpp): a primitive, its
// forward derivative and its transpose on operands of n entries each count n (matvec of an
// m x n matrix m * n, sum and dot of n entries n, get and vec 0), and a zero (co)tangent counts
// nothing (the derivative is not computed).
#include <gtest/gtest.h>

#include "model/cost_counter.hpp"
#include "target_semantics/primitive_derivatives.hpp"
#include "semantics/primitive_ops.hpp"

namespace chad {
namespace {

ValueP<double> reals(std::vector<int> shape, double x) {
  std::size_t n = 1;
  for (int s : shape) n *= std::size_t(s);
  return array_value<double>(std::move(shape), std::vector<double>(n, x));
}

struct Counted {
  CostCounts primal, forward, transpose;
};

// The counts of op, op' and op^T on `operands`, with tangents equal to the operands and a
// cotangent `cotangent`.
Counted counts_of(PrimOp op, const std::vector<ValueP<double>>& operands, const ValueP<double>& cotangent,
                  int index = -1) {
  std::vector<TermP> literals(operands.size(), make_literal(0));
  const TermP t = make_prim(op, literals, {}, index);
  std::vector<const Value<double>*> raw;
  for (const auto& v : operands) raw.push_back(v.get());
  Counted out;
  {
    CostScope scope;
    apply_primitive<double>(*t, raw.data());
    out.primal = scope.counts();
  }
  {
    CostScope scope;
    primitive_forward<double>(*t, raw.size(), raw.data(), raw.data());
    out.forward = scope.counts();
  }
  {
    CostScope scope;
    primitive_transpose<double>(*t, raw.size(), raw.data(), *cotangent);
    out.transpose = scope.counts();
  }
  return out;
}

// matvec of a 2 x 3 matrix: 6 scalar ops in each of the three; one value made by the primitive
// and by the derivative (the result), two by the transpose (dm and dx; the evaluator of
// CHAD's target makes their pair).
TEST(CostCounts, MatvecCountsRowsTimesColumns) {
  const Counted c = counts_of(PrimOp::Matvec, {reals({2, 3}, 1), reals({3}, 2)}, reals({2}, 1));
  EXPECT_EQ(c.primal.scalar_ops, 6u);
  EXPECT_EQ(c.forward.scalar_ops, 6u);
  EXPECT_EQ(c.transpose.scalar_ops, 6u);
  EXPECT_EQ(c.primal.allocations, 1u);
  EXPECT_EQ(c.forward.allocations, 1u);
  EXPECT_EQ(c.transpose.allocations, 2u);
  EXPECT_EQ(c.primal.steps, 0u);  // steps are term nodes, counted by the evaluator, not here
}

// An elementwise * on 3 reals: 3 each; sin on 4 reals: 4; dot of 5: 5; get and vec: 0.
TEST(CostCounts, ElementwiseDotGetAndVec) {
  EXPECT_EQ(counts_of(PrimOp::Mul, {reals({3}, 1), reals({3}, 2)}, reals({3}, 1)).transpose.scalar_ops, 3u);
  const Counted sin = counts_of(PrimOp::Sin, {reals({2, 2}, 0.5)}, reals({2, 2}, 1));
  EXPECT_EQ(sin.primal.scalar_ops, 4u);
  EXPECT_EQ(sin.forward.scalar_ops, 4u);
  EXPECT_EQ(sin.transpose.scalar_ops, 4u);
  EXPECT_EQ(counts_of(PrimOp::Dot, {reals({5}, 1), reals({5}, 2)}, scalar_value<double>(1)).forward.scalar_ops, 5u);
  const Counted get = counts_of(PrimOp::Get, {reals({3}, 1)}, scalar_value<double>(1), 1);
  EXPECT_EQ(get.primal.scalar_ops + get.forward.scalar_ops + get.transpose.scalar_ops, 0u);
}

// Zero (co)tangents: the derivative is not computed and counts nothing.
TEST(CostCounts, ZeroTangentsCountNothing) {
  const ValueP<double> x = reals({3}, 1);
  const TermP t = make_prim(PrimOp::Mul, {make_literal(0), make_literal(0)}, {}, -1);
  const Value<double>* primals[2] = {x.get(), x.get()};
  const Value<double>* zeros[2] = {zero_value<double>().get(), zero_value<double>().get()};
  CostScope scope;
  primitive_forward<double>(*t, 2, primals, zeros);
  primitive_transpose<double>(*t, 2, primals, *zero_value<double>());
  EXPECT_EQ(scope.counts(), CostCounts{});
}

// Adding two (co)tangents of n reals counts n scalar ops and one value.
TEST(CostCounts, AddingTangentsCountsTheirEntries) {
  const ValueP<double> a = reals({4}, 1), b = reals({4}, 2);
  CostScope scope;
  add_linear<double>(a, b);
  EXPECT_EQ(scope.counts(), (CostCounts{0, 4, 1}));
}

}  // namespace
}  // namespace chad

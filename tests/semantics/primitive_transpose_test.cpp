// The primitives' derivatives on values, directly: for every primitive, op^T is the transpose of
// op' (the dot-product test <u, op'(x; dx)> = <op^T(x; u), dx> at random x, dx, u), and a zero
// (co)tangent gives zero. (Both are checked against finite differences through CHAD in
// tests/oracle/primitive_derivatives_test.cpp.)
#include <gtest/gtest.h>

#include <random>

#include "semantics/primitive_derivatives.hpp"

namespace chad {
namespace {

using V = ValueP<double>;

struct Case {
  PrimOp op;
  std::vector<std::vector<int>> shapes;  // operand shapes ({} = scalar)
  std::vector<int> output;               // output shape
  int index = -1;                        // get
};

V random_real(std::mt19937_64& rng, const std::vector<int>& shape) {
  std::uniform_real_distribution<double> d(0.3, 2.5);  // inside every domain (log, sqrt, /)
  if (shape.empty()) return scalar_value<double>(d(rng));
  int n = 1;
  for (int s : shape) n *= s;
  std::vector<double> data(static_cast<std::size_t>(n), 0.0);
  for (double& x : data) x = d(rng);
  return array_value<double>(shape, data);
}

std::vector<double> entries(const V& v) {
  return v->kind == ValueKind::Scalar ? std::vector<double>{v->scalar} : v->extra->data;
}

double dot(const V& a, const V& b) {
  std::vector<double> x = entries(a), y = entries(b);
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) s += x[i] * y[i];
  return s;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {PrimOp::Add, {{3}, {3}}, {3}},        {PrimOp::Sub, {{}, {}}, {}},
      {PrimOp::Mul, {{2, 2}, {2, 2}}, {2, 2}}, {PrimOp::Div, {{3}, {3}}, {3}},
      {PrimOp::Neg, {{2}}, {2}},             {PrimOp::Sin, {{3}}, {3}},
      {PrimOp::Cos, {{}}, {}},               {PrimOp::Exp, {{2}}, {2}},
      {PrimOp::Log, {{2}}, {2}},             {PrimOp::Sqrt, {{}}, {}},
      {PrimOp::Tanh, {{3}}, {3}},            {PrimOp::Sigmoid, {{}}, {}},
      {PrimOp::Softplus, {{2}}, {2}},        {PrimOp::Sum, {{2, 3}}, {}},
      {PrimOp::Dot, {{4}, {4}}, {}},         {PrimOp::Matvec, {{2, 3}, {3}}, {2}},
      {PrimOp::Scale, {{}, {3}}, {3}},       {PrimOp::Get, {{4}}, {}, 2},
      {PrimOp::Vec, {{}, {}, {}}, {3}},
  };
  return all;
}

TermP node_for(const Case& c) {
  std::vector<TermP> operands;
  for (std::size_t i = 0; i < c.shapes.size(); ++i) operands.push_back(make_literal(0));
  return make_prim(c.op, operands, {}, c.index);
}

TEST(PrimitiveTranspose, DotProductTest) {
  std::mt19937_64 rng(20261122);
  for (const Case& c : cases()) {
    SCOPED_TRACE(prim_name(c.op));
    TermP t = node_for(c);
    const std::size_t k = c.shapes.size();
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<V> x, dx;
      for (const auto& s : c.shapes) {
        x.push_back(random_real(rng, s));
        dx.push_back(random_real(rng, s));
      }
      V u = random_real(rng, c.output);
      std::vector<const Value<double>*> xs, dxs;
      for (std::size_t i = 0; i < k; ++i) xs.push_back(x[i].get()), dxs.push_back(dx[i].get());
      V forward = primitive_forward<double>(*t, k, xs.data(), dxs.data());
      std::vector<V> back = primitive_transpose<double>(*t, k, xs.data(), *u);
      ASSERT_EQ(back.size(), k);
      double left = dot(u, forward), right = 0;
      for (std::size_t i = 0; i < k; ++i) right += dot(back[i], dx[i]);
      EXPECT_NEAR(left, right, 1e-12 * std::max(1.0, std::fabs(left)));
    }
  }
}

TEST(PrimitiveTranspose, ZeroInZeroOut) {
  std::mt19937_64 rng(7);
  for (const Case& c : cases()) {
    SCOPED_TRACE(prim_name(c.op));
    TermP t = node_for(c);
    const std::size_t k = c.shapes.size();
    std::vector<V> x;
    std::vector<const Value<double>*> xs, zeros(k, zero_value<double>().get());
    for (const auto& s : c.shapes) x.push_back(random_real(rng, s));
    for (const auto& v : x) xs.push_back(v.get());
    EXPECT_EQ(primitive_forward<double>(*t, k, xs.data(), zeros.data())->kind, ValueKind::Zero);
    for (const V& v : primitive_transpose<double>(*t, k, xs.data(), *zero_value<double>()))
      EXPECT_EQ(v->kind, ValueKind::Zero);
    // One zero tangent among non-zero ones reads as zeros of the operand's shape.
    if (k == 2) {
      V dx = random_real(rng, c.shapes[1]);
      V explicit_zero = c.shapes[0].empty()
                            ? scalar_value<double>(0.0)
                            : array_value<double>(c.shapes[0], std::vector<double>(entries(x[0]).size(), 0.0));
      const Value<double>* with_zero[2] = {zero_value<double>().get(), dx.get()};
      const Value<double>* with_explicit[2] = {explicit_zero.get(), dx.get()};
      EXPECT_EQ(entries(primitive_forward<double>(*t, k, xs.data(), with_zero)),
                entries(primitive_forward<double>(*t, k, xs.data(), with_explicit)));
    }
  }
}

}  // namespace
}  // namespace chad

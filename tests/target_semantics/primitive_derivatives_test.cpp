// The primitives' derivatives on values (target_semantics/primitive_derivatives.cpp), called directly,
// for every primitive at fixed pseudo-random points with scalars and small arrays:
//  1. op'(x; dx) against central finite differences of apply_primitive in Mpfr (266 bits),
//     which use no derivative formula (step 1e-30: truncation ~1e-60, rounding ~1e-50);
//  2. op^T is the transpose of op': <u, op'(x; dx)> = <op^T(x; u), dx> (double and Mpfr);
//  3. zero (co)tangents: all-zero tangents give the zero value, a zero cotangent gives zero
//     values, and a zero value among non-zero tangents reads as zeros of the operand's shape;
//  and the results' shapes (forward: the output's; transpose: each operand's), and Mpfi
//  enclosing Mpfr.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "model/scalar.hpp"
#include "target_semantics/primitive_derivatives.hpp"
#include "semantics/primitive_ops.hpp"

namespace chad {
namespace {

struct Case {
  PrimOp op;
  std::vector<std::vector<int>> shapes;  // operand shapes ({} = scalar)
  std::vector<int> output;               // output shape (as the checker types it)
  int index = -1;                        // get
  bool positive = false;                 // domain: operands in [0.5, 2.5] (log, sqrt, /)
};

const std::vector<Case>& cases() {
  using enum PrimOp;
  using Shape = std::vector<int>;
  const Shape r{}, r3{3}, r22{2, 2};
  static const std::vector<Case> all = {
      {Add, {r, r}, r},           {Add, {r3, r3}, r3},         {Sub, {r22, r22}, r22},
      {Sub, {r, r}, r},           {Mul, {r, r}, r},            {Mul, {r3, r3}, r3},
      {Div, {r, r}, r, -1, true}, {Div, {r3, r3}, r3, -1, true},
      {Neg, {r}, r},              {Neg, {r3}, r3},             {Sin, {r3}, r3},
      {Cos, {r}, r},              {Cos, {r22}, r22},           {Exp, {r3}, r3},
      {Log, {r}, r, -1, true},    {Log, {r3}, r3, -1, true},   {Sqrt, {r}, r, -1, true},
      {Sqrt, {r3}, r3, -1, true}, {Tanh, {r3}, r3},            {Sigmoid, {r}, r},
      {Sigmoid, {r3}, r3},        {Softplus, {r}, r},          {Softplus, {r3}, r3},
      {Sum, {r3}, r},             {Sum, {{2, 3}}, r},          {Dot, {r3, r3}, r},
      {Matvec, {{2, 3}, r3}, {2}}, {Scale, {r, r3}, r3},       {Scale, {r, r22}, r22},
      {Get, {r3}, r, 0},          {Get, {r3}, r, 2},           {Vec, {r}, {1}},
      {Vec, {r, r, r}, r3},       {Lt, {r, r}, r},             {Gt, {r, r}, r},
      // the second set's array primitives
      {Mean, {r3}, r},            {Mean, {r22}, r},            {Mean, {r}, r},
      {Prod, {r3}, r},            {Prod, {r22}, r},            {Logsumexp, {r3}, r},
      {Softmax, {r3}, r3},        {Norm, {r3}, r},             {Norm, {r22}, r},
      {Cumsum, {r3}, r3},         {Matmul, {{2, 3}, {3, 2}}, r22}, {Matmul, {{3, 1}, {1, 2}}, {3, 2}},
      {Transpose, {{2, 3}}, {3, 2}}, {Outer, {{2}, r3}, {2, 3}},
  };
  return all;
}

bool is_comparison(PrimOp op) { return op == PrimOp::Lt || op == PrimOp::Gt; }

std::string describe(const Case& c) {
  return std::string(prim_name(c.op)) + " with " + std::to_string(c.shapes.size()) + " operand(s)";
}

TermP term_for(const Case& c) {
  std::vector<TermP> operands;
  for (std::size_t i = 0; i < c.shapes.size(); ++i) operands.push_back(make_literal(0));
  return make_prim(c.op, operands, {}, c.index);
}

std::size_t size_of(const std::vector<int>& shape) {
  std::size_t n = 1;
  for (int s : shape) n *= static_cast<std::size_t>(s);
  return n;
}

template <class S>
ValueP<S> make_value(const std::vector<int>& shape, const std::vector<double>& data) {
  if (shape.empty()) return scalar_value<S>(S(data[0]));
  return array_value<S>(shape, std::vector<S>(data.begin(), data.end()));
}

template <class S>
std::vector<S> entries(const ValueP<S>& v) {
  return v->kind == ValueKind::Scalar ? std::vector<S>{v->scalar} : v->extra->data;
}

template <class S>
std::vector<int> shape_of(const Value<S>& v) {
  return v.kind == ValueKind::Scalar ? std::vector<int>{} : v.extra->shape;
}

template <class S>
S inner(const ValueP<S>& a, const ValueP<S>& b) {
  std::vector<S> x = entries(a), y = entries(b);
  EXPECT_EQ(x.size(), y.size());
  S total(0);
  for (std::size_t i = 0; i < x.size(); ++i) total = total + x[i] * y[i];
  return total;
}

template <class S>
std::vector<const Value<S>*> raw(const std::vector<ValueP<S>>& values) {
  std::vector<const Value<S>*> out;
  for (const auto& v : values) out.push_back(v.get());
  return out;
}

// One random point: primals x, tangents dx (as doubles, so that every scalar type sees the
// same numbers) and a cotangent u of the output's shape.
struct Point {
  std::vector<std::vector<double>> x, dx;
  std::vector<double> u;
};

std::vector<double> draw(std::mt19937& rng, std::size_t n, double lo, double hi) {
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<double> out(n);
  for (double& e : out) e = d(rng);
  return out;
}

Point random_point(std::mt19937& rng, const Case& c, const std::vector<int>& output) {
  Point p;
  for (const auto& s : c.shapes) {
    p.x.push_back(c.positive ? draw(rng, size_of(s), 0.5, 2.5) : draw(rng, size_of(s), -2, 2));
    p.dx.push_back(draw(rng, size_of(s), -1, 1));
  }
  p.u = draw(rng, size_of(output), -1, 1);
  return p;
}

template <class S>
std::vector<ValueP<S>> values(const Case& c, const std::vector<std::vector<double>>& data) {
  std::vector<ValueP<S>> out;
  for (std::size_t i = 0; i < c.shapes.size(); ++i) out.push_back(make_value<S>(c.shapes[i], data[i]));
  return out;
}

constexpr int kPoints = 4;

TEST(PrimitiveDerivativeValues, ForwardAgreesWithMpfrFiniteDifferences) {
  std::mt19937 rng(20260501);
  const Mpfr h("1e-30");
  for (const Case& c : cases()) {
    if (is_comparison(c.op)) continue;  // piecewise constant: op' = 0 is tested below
    SCOPED_TRACE(describe(c));
    TermP t = term_for(c);
    const std::vector<int>& output = c.output;
    for (int trial = 0; trial < kPoints; ++trial) {
      Point p = random_point(rng, c, output);
      auto x = values<Mpfr>(c, p.x), dx = values<Mpfr>(c, p.dx);
      // f'(x; dx) ~ (f(x + h dx) - f(x - h dx)) / 2h
      std::vector<ValueP<Mpfr>> plus, minus;
      for (std::size_t i = 0; i < x.size(); ++i) {
        std::vector<Mpfr> a = entries(x[i]), d = entries(dx[i]), ap = a, am = a;
        for (std::size_t k = 0; k < a.size(); ++k) ap[k] = a[k] + h * d[k], am[k] = a[k] - h * d[k];
        plus.push_back(c.shapes[i].empty() ? scalar_value<Mpfr>(ap[0]) : array_value<Mpfr>(c.shapes[i], ap));
        minus.push_back(c.shapes[i].empty() ? scalar_value<Mpfr>(am[0]) : array_value<Mpfr>(c.shapes[i], am));
      }
      std::vector<Mpfr> fp = entries(apply_primitive<Mpfr>(*t, raw(plus).data()));
      std::vector<Mpfr> fm = entries(apply_primitive<Mpfr>(*t, raw(minus).data()));
      ValueP<Mpfr> forward = primitive_forward<Mpfr>(*t, x.size(), raw(x).data(), raw(dx).data());
      ASSERT_NE(forward->kind, ValueKind::Zero);
      std::vector<Mpfr> got = entries(forward);
      ASSERT_EQ(got.size(), fp.size());
      for (std::size_t k = 0; k < got.size(); ++k) {
        Mpfr reference = (fp[k] - fm[k]) / (2 * h);
        EXPECT_LE(abs(got[k] - reference), Mpfr("1e-20") * (1 + abs(reference)))
            << "entry " << k << ": op' " << got[k].str(25) << ", finite differences " << reference.str(25);
      }
    }
  }
}

template <class S>
void dot_product_test(double tolerance, std::uint32_t seed) {
  using std::abs;
  std::mt19937 rng(seed);
  for (const Case& c : cases()) {
    SCOPED_TRACE(describe(c));
    TermP t = term_for(c);
    const std::vector<int>& output = c.output;
    const std::size_t k = c.shapes.size();
    for (int trial = 0; trial < kPoints; ++trial) {
      Point p = random_point(rng, c, output);
      auto x = values<S>(c, p.x), dx = values<S>(c, p.dx);
      ValueP<S> u = make_value<S>(output, p.u);
      ValueP<S> forward = primitive_forward<S>(*t, k, raw(x).data(), raw(dx).data());
      std::vector<ValueP<S>> back = primitive_transpose<S>(*t, k, raw(x).data(), *u);
      ASSERT_EQ(back.size(), k);
      if (is_comparison(c.op)) {  // op' = 0, op^T = 0
        EXPECT_EQ(forward->kind, ValueKind::Zero);
        for (const auto& b : back) EXPECT_EQ(b->kind, ValueKind::Zero);
        continue;
      }
      S left = inner(u, forward), right(0);
      for (std::size_t i = 0; i < k; ++i) right = right + inner(back[i], dx[i]);
      S magnitude = std::max(S(1), S(abs(left)));
      EXPECT_LE(abs(left - right), S(tolerance) * magnitude)
          << ScalarTraits<S>::to_double(left) << " vs " << ScalarTraits<S>::to_double(right);
    }
  }
}

TEST(PrimitiveDerivativeValues, TransposeIsAdjointOfForwardInDouble) { dot_product_test<double>(1e-12, 314159); }
TEST(PrimitiveDerivativeValues, TransposeIsAdjointOfForwardInMpfr) { dot_product_test<Mpfr>(1e-60, 271828); }

TEST(PrimitiveDerivativeValues, ResultsHaveTheRightShapes) {
  std::mt19937 rng(99);
  for (const Case& c : cases()) {
    if (is_comparison(c.op)) continue;
    SCOPED_TRACE(describe(c));
    TermP t = term_for(c);
    const std::vector<int>& output = c.output;
    Point p = random_point(rng, c, output);
    auto x = values<double>(c, p.x), dx = values<double>(c, p.dx);
    ValueP<double> u = make_value<double>(output, p.u);
    ValueP<double> forward = primitive_forward<double>(*t, x.size(), raw(x).data(), raw(dx).data());
    EXPECT_EQ(forward->kind, output.empty() ? ValueKind::Scalar : ValueKind::Array);
    EXPECT_EQ(shape_of(*forward), output);
    std::vector<ValueP<double>> back = primitive_transpose<double>(*t, x.size(), raw(x).data(), *u);
    ASSERT_EQ(back.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(back[i]->kind, c.shapes[i].empty() ? ValueKind::Scalar : ValueKind::Array) << "operand " << i;
      EXPECT_EQ(shape_of(*back[i]), c.shapes[i]) << "operand " << i;
    }
  }
}

TEST(PrimitiveDerivativeValues, ZeroTangentsAndCotangents) {
  std::mt19937 rng(4242);
  const Value<double>* zero = zero_value<double>().get();
  for (const Case& c : cases()) {
    SCOPED_TRACE(describe(c));
    TermP t = term_for(c);
    const std::vector<int>& output = c.output;
    const std::size_t k = c.shapes.size();
    Point p = random_point(rng, c, output);
    auto x = values<double>(c, p.x), dx = values<double>(c, p.dx);
    std::vector<std::vector<double>> zeros;
    for (const auto& s : c.shapes) zeros.push_back(std::vector<double>(size_of(s), 0.0));
    auto explicit_zeros = values<double>(c, zeros);

    // Every tangent the zero value: op' is the zero value; op^T of the zero value: k zero values.
    std::vector<const Value<double>*> all_zero(k, zero);
    EXPECT_EQ(primitive_forward<double>(*t, k, raw(x).data(), all_zero.data())->kind, ValueKind::Zero);
    std::vector<ValueP<double>> back = primitive_transpose<double>(*t, k, raw(x).data(), *zero);
    ASSERT_EQ(back.size(), k);
    for (const auto& b : back) EXPECT_EQ(b->kind, ValueKind::Zero);
    if (is_comparison(c.op)) continue;

    // An explicit zero cotangent gives zero entries.
    ValueP<double> zero_cotangent = make_value<double>(output, std::vector<double>(size_of(output), 0.0));
    for (const auto& b : primitive_transpose<double>(*t, k, raw(x).data(), *zero_cotangent))
      for (double e : entries(b)) EXPECT_EQ(e, 0.0);

    // Every mix of zero values and non-zero tangents: the same as explicit zero arrays.
    for (unsigned mask = 1; mask + 1 < (1u << k); ++mask) {
      std::vector<const Value<double>*> with_zero, with_explicit;
      for (std::size_t i = 0; i < k; ++i) {
        const bool zero_here = (mask >> i) & 1;
        with_zero.push_back(zero_here ? zero : dx[i].get());
        with_explicit.push_back(zero_here ? explicit_zeros[i].get() : dx[i].get());
      }
      ValueP<double> a = primitive_forward<double>(*t, k, raw(x).data(), with_zero.data());
      ValueP<double> b = primitive_forward<double>(*t, k, raw(x).data(), with_explicit.data());
      ASSERT_NE(a->kind, ValueKind::Zero) << "mask " << mask;
      EXPECT_EQ(shape_of(*a), shape_of(*b)) << "mask " << mask;
      EXPECT_EQ(entries(a), entries(b)) << "mask " << mask;
    }
  }
}

// Mpfi (128-bit intervals): op' and op^T enclose the Mpfr (266-bit) values at the same inputs.
TEST(PrimitiveDerivativeValues, MpfiEnclosesMpfr) {
  std::mt19937 rng(1729);
  for (const Case& c : cases()) {
    if (is_comparison(c.op)) continue;
    SCOPED_TRACE(describe(c));
    TermP t = term_for(c);
    const std::vector<int>& output = c.output;
    const std::size_t k = c.shapes.size();
    Point p = random_point(rng, c, output);
    auto xr = values<Mpfr>(c, p.x), dxr = values<Mpfr>(c, p.dx);
    auto xi = values<Mpfi>(c, p.x), dxi = values<Mpfi>(c, p.dx);
    auto encloses = [](const std::vector<Mpfi>& intervals, const std::vector<Mpfr>& points) {
      ASSERT_EQ(intervals.size(), points.size());
      for (std::size_t e = 0; e < points.size(); ++e) {
        EXPECT_LE(Mpfr(lower(intervals[e])), points[e]) << "entry " << e;
        EXPECT_GE(Mpfr(upper(intervals[e])), points[e]) << "entry " << e;
      }
    };
    encloses(entries(primitive_forward<Mpfi>(*t, k, raw(xi).data(), raw(dxi).data())),
             entries(primitive_forward<Mpfr>(*t, k, raw(xr).data(), raw(dxr).data())));
    auto back_i = primitive_transpose<Mpfi>(*t, k, raw(xi).data(), *make_value<Mpfi>(output, p.u));
    auto back_r = primitive_transpose<Mpfr>(*t, k, raw(xr).data(), *make_value<Mpfr>(output, p.u));
    ASSERT_EQ(back_i.size(), k);
    for (std::size_t i = 0; i < k; ++i) encloses(entries(back_i[i]), entries(back_r[i]));
  }
}

}  // namespace
}  // namespace chad

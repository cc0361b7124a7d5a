// The kernel runtime's second-set array primitives (codegen/runtime/rt_array_primitives.hpp)
// against the project's evaluator in double, at fixed pseudo-random points: each value against
// apply_primitive (model/array_primitives.hpp), each forward derivative against
// primitive_forward and each transpose against primitive_transpose
// (target_semantics/array_derivatives.cpp); the runtime's own dot-product test; the edges
// (prod at zero entries, logsumexp and softmax past exp's overflow, norm of huge entries and
// its domain error at 0).
#include "chad_runtime.hpp"
#include "../support/runtime_values.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "semantics/primitive_ops.hpp"
#include "target_semantics/primitive_derivatives.hpp"

namespace chad {
namespace {

using testing::Vec;
using testing::entries;
using testing::expect_same;
using testing::inner;
using testing::raw;
using testing::size_of;
using testing::value_of;
using Operands = std::vector<Vec>;
using chad_rt::Arr;

template <int N>
auto in(const Vec& v) {
  if constexpr (N == 0) {
    return v[0];
  } else {
    Arr<double, N> a;
    for (int k = 0; k < N; ++k) a[k] = v[k];
    return a;
  }
}
Vec flat(double x) { return {x}; }
template <int N>
Vec flat(const Arr<double, N>& a) { return Vec(a.data(), a.data() + N); }
template <class A, class B>
std::vector<Vec> flat_pair(const chad_rt::Pair<A, B>& p) { return {flat(p.fst), flat(p.snd)}; }
template <class A>
std::vector<Vec> flat_one(const A& a) { return {flat(a)}; }

struct ArrayCase {
  PrimOp op;
  std::vector<std::vector<int>> shapes;  // operand shapes ({} = scalar)
  std::vector<int> output;               // the result's shape
  std::function<Vec(const Operands&)> value;
  std::function<Vec(const Operands&, const Operands&)> forward;
  std::function<std::vector<Vec>(const Operands&, const Vec&)> transpose;
};

#define CHAD_REDUCTION_CASE(OP, NAME, N, SHAPE)                                                                   \
  ArrayCase {                                                                                                     \
    PrimOp::OP, {SHAPE}, {}, [](const Operands& x) { return flat(chad_rt::prim_##NAME(in<N>(x[0]))); },           \
        [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_##NAME(in<N>(x[0]), in<N>(d[0]))); }, \
        [](const Operands& x, const Vec& u) { return flat_one(chad_rt::rev_##NAME(in<N>(x[0]), u[0])); }          \
  }
#define CHAD_VECTOR_CASE(OP, NAME, N)                                                                             \
  ArrayCase {                                                                                                     \
    PrimOp::OP, {{N}}, {N}, [](const Operands& x) { return flat(chad_rt::prim_##NAME(in<N>(x[0]))); },            \
        [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_##NAME(in<N>(x[0]), in<N>(d[0]))); }, \
        [](const Operands& x, const Vec& u) { return flat_one(chad_rt::rev_##NAME(in<N>(x[0]), in<N>(u))); }     \
  }

const std::vector<ArrayCase>& cases() {
  static const std::vector<ArrayCase> all = {
      CHAD_REDUCTION_CASE(Mean, mean, 3, std::vector<int>{3}),
      CHAD_REDUCTION_CASE(Mean, mean, 0, std::vector<int>{}),
      CHAD_REDUCTION_CASE(Prod, prod, 4, (std::vector<int>{2, 2})),
      CHAD_REDUCTION_CASE(Prod, prod, 0, std::vector<int>{}),
      CHAD_REDUCTION_CASE(Norm, norm, 3, std::vector<int>{3}),
      CHAD_REDUCTION_CASE(Logsumexp, logsumexp, 3, std::vector<int>{3}),
      CHAD_VECTOR_CASE(Softmax, softmax, 3),
      CHAD_VECTOR_CASE(Cumsum, cumsum, 4),
      {PrimOp::Transpose, {{2, 3}}, {3, 2},
       [](const Operands& x) { return flat(chad_rt::prim_transpose<2, 3>(in<6>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_transpose<2, 3>(in<6>(x[0]), in<6>(d[0]))); },
       [](const Operands& x, const Vec& u) { return flat_one(chad_rt::rev_transpose<2, 3>(in<6>(x[0]), in<6>(u))); }},
      {PrimOp::Matmul, {{3, 2}, {2, 4}}, {3, 4},
       [](const Operands& x) { return flat(chad_rt::prim_matmul<3, 2, 4>(in<6>(x[0]), in<8>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_matmul<3, 2, 4>(in<6>(x[0]), in<8>(x[1]), in<6>(d[0]), in<8>(d[1])));
       },
       [](const Operands& x, const Vec& u) {
         return flat_pair(chad_rt::rev_matmul<3, 2, 4>(in<6>(x[0]), in<8>(x[1]), in<12>(u)));
       }},
      {PrimOp::Outer, {{2}, {3}}, {2, 3},
       [](const Operands& x) { return flat(chad_rt::prim_outer(in<2>(x[0]), in<3>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_outer(in<2>(x[0]), in<3>(x[1]), in<2>(d[0]), in<3>(d[1])));
       },
       [](const Operands& x, const Vec& u) { return flat_pair(chad_rt::rev_outer(in<2>(x[0]), in<3>(x[1]), in<6>(u))); }},
  };
  return all;
}

// Each case at random points, and at points with zero entries and entries far past exp's range.
TEST(RuntimeArrayPrimitives, ValuesAndDerivativesMatchTheEvaluator) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> any(-2, 2), direction(0.25, 1.5);
  for (const ArrayCase& c : cases()) {
    TermP t = make_prim(c.op, std::vector<TermP>(c.shapes.size(), make_literal(0)), {}, -1);
    for (int trial = 0; trial < 6; ++trial) {
      const std::string what = std::string(prim_name(c.op)) + ", trial " + std::to_string(trial);
      Operands x, dx;
      std::vector<ValueP<double>> xv, dxv;
      for (const auto& shape : c.shapes) {
        Vec a(size_of(shape)), d(size_of(shape));
        for (double& e : a) e = any(rng);
        if (trial == 4) a[0] = 0;                        // a zero entry (prod's edge)
        if (trial == 5) for (double& e : a) e *= 500;    // past exp's overflow (logsumexp, softmax)
        for (double& e : d) e = direction(rng) * (rng() % 2 ? 1 : -1);
        x.push_back(a), dx.push_back(d);
        xv.push_back(value_of(shape, a)), dxv.push_back(value_of(shape, d));
      }
      Vec u(size_of(c.output));
      for (double& e : u) e = direction(rng);
      const Vec value = c.value(x), forward = c.forward(x, dx);
      for (double e : forward) EXPECT_TRUE(std::isfinite(e)) << what;
      expect_same(value, entries(apply_primitive<double>(*t, raw(xv).data())), what + ": value");
      expect_same(forward, entries(primitive_forward<double>(*t, x.size(), raw(xv).data(), raw(dxv).data())),
                  what + ": forward");
      const std::vector<Vec> transpose = c.transpose(x, u);
      const auto reference = primitive_transpose<double>(*t, x.size(), raw(xv).data(), *value_of(c.output, u));
      ASSERT_EQ(transpose.size(), reference.size()) << what;
      double right = 0;
      for (std::size_t i = 0; i < transpose.size(); ++i) {
        expect_same(transpose[i], entries(reference[i]), what + ": transpose, operand " + std::to_string(i));
        right += inner(transpose[i], dx[i]);
      }
      EXPECT_NEAR(inner(u, forward), right, 1e-12 * (1 + std::fabs(right))) << what << ": dot-product test";
    }
  }
}

TEST(RuntimeArrayPrimitives, EdgesByHand) {
  // prod at (2, 0, 3): d/dv = (0, 6, 0), no division by the zero entry
  const Arr<double, 3> with_zero(2.0, 0.0, 3.0);
  EXPECT_EQ(flat(chad_rt::rev_prod(with_zero, 1.0)), (Vec{0, 6, 0}));
  // logsumexp(1000, 1000) = 1000 + log 2, gradient (1/2, 1/2)
  const Arr<double, 2> big(1000.0, 1000.0);
  EXPECT_DOUBLE_EQ(chad_rt::prim_logsumexp(big), 1000 + std::log(2.0));
  EXPECT_EQ(flat(chad_rt::rev_logsumexp(big, 1.0)), (Vec{0.5, 0.5}));
  EXPECT_EQ(flat(chad_rt::prim_softmax(big)), (Vec{0.5, 0.5}));
  // norm(3e300, 4e300) = 5e300 without overflow of the squares
  EXPECT_DOUBLE_EQ(chad_rt::prim_norm(Arr<double, 2>(3e300, 4e300)), 5e300);
  EXPECT_DOUBLE_EQ(chad_rt::fwd_norm(Arr<double, 2>(3e300, 4e300), Arr<double, 2>(1.0, 0.0)), 0.6);
  // norm's derivative at 0 is a domain error; its value is 0
  EXPECT_EQ(chad_rt::prim_norm(Arr<double, 2>(0.0, 0.0)), 0.0);
  EXPECT_THROW(chad_rt::rev_norm(Arr<double, 2>(0.0, 0.0), 1.0), chad_rt::DomainError);
}

}  // namespace
}  // namespace chad

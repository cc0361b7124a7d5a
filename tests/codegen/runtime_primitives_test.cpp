// The kernel runtime's primitives (codegen/runtime/rt_primitives.hpp) against the project's
// evaluator, in double, for scalars and arrays, at fixed pseudo-random points: each value
// against apply_primitive (semantics/primitive_ops.cpp), each forward derivative against
// primitive_forward and each transpose against primitive_transpose
// (target_semantics/primitive_derivatives.cpp); the runtime's own dot-product test
// <u, fwd(x; dx)> = <rev(x; u), dx>; and domain errors with the evaluator's messages.
#include "chad_runtime.hpp"
#include "../support/runtime_values.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>

#include "model/primitives.hpp"
#include "target_semantics/primitive_derivatives.hpp"
#include "semantics/primitive_ops.hpp"

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

// A runtime operand from flat entries: N = 0 is a scalar, else Arr<double, N>.
template <int N>
auto in(const Vec& v) {
  if constexpr (N == 0) {
    return v[0];
  } else {
    chad_rt::Arr<double, N> a;
    for (int k = 0; k < N; ++k) a[k] = v[k];
    return a;
  }
}
Vec flat(double x) { return {x}; }
template <int N>
Vec flat(const chad_rt::Arr<double, N>& a) {
  return Vec(a.data(), a.data() + N);
}
template <class A, class B>
std::vector<Vec> flat_pair(const chad_rt::Pair<A, B>& p) {
  return {flat(p.fst), flat(p.snd)};
}

struct RuntimeCase {
  PrimOp op;
  std::vector<std::vector<int>> shapes;  // operand shapes ({} = scalar)
  int index = -1;                        // get
  bool positive = false;                 // domain: operands in [0.5, 2.5]
  std::function<Vec(const Operands&)> value;
  std::function<Vec(const Operands&, const Operands&)> forward;
  std::function<std::vector<Vec>(const Operands&, const Vec&)> transpose;
  int output_size = 1;
};

template <int N>
std::vector<int> shape_of() {
  if constexpr (N == 0) return {};
  else if constexpr (N == 4) return {2, 2};
  else return {N};
}

#define CHAD_BINARY_CASE(OP, NAME, N, POSITIVE)                                                          \
  RuntimeCase {                                                                                          \
    PrimOp::OP, {shape_of<N>(), shape_of<N>()}, -1, POSITIVE,                                            \
        [](const Operands& x) { return flat(chad_rt::prim_##NAME(in<N>(x[0]), in<N>(x[1]))); },          \
        [](const Operands& x, const Operands& d) {                                                       \
          return flat(chad_rt::fwd_##NAME(in<N>(x[0]), in<N>(x[1]), in<N>(d[0]), in<N>(d[1])));          \
        },                                                                                               \
        [](const Operands& x, const Vec& u) {                                                            \
          return flat_pair(chad_rt::rev_##NAME(in<N>(x[0]), in<N>(x[1]), in<N>(u)));                     \
        },                                                                                               \
        N == 0 ? 1 : N                                                                                   \
  }
#define CHAD_UNARY_CASE(OP, NAME, N, POSITIVE)                                                             \
  RuntimeCase {                                                                                            \
    PrimOp::OP, {shape_of<N>()}, -1, POSITIVE,                                                             \
        [](const Operands& x) { return flat(chad_rt::prim_##NAME(in<N>(x[0]))); },                         \
        [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_##NAME(in<N>(x[0]), in<N>(d[0]))); }, \
        [](const Operands& x, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_##NAME(in<N>(x[0]), in<N>(u)))}; }, \
        N == 0 ? 1 : N                                                                                     \
  }

const std::vector<RuntimeCase>& cases() {
  static const std::vector<RuntimeCase> all = {
      CHAD_BINARY_CASE(Add, add, 0, false), CHAD_BINARY_CASE(Add, add, 3, false),
      CHAD_BINARY_CASE(Sub, sub, 0, false), CHAD_BINARY_CASE(Sub, sub, 4, false),
      CHAD_BINARY_CASE(Mul, mul, 0, false), CHAD_BINARY_CASE(Mul, mul, 3, false),
      CHAD_BINARY_CASE(Div, div, 0, true),  CHAD_BINARY_CASE(Div, div, 3, true),
      CHAD_UNARY_CASE(Neg, neg, 0, false),  CHAD_UNARY_CASE(Neg, neg, 3, false),
      CHAD_UNARY_CASE(Sin, sin, 0, false),  CHAD_UNARY_CASE(Sin, sin, 3, false),
      CHAD_UNARY_CASE(Cos, cos, 0, false),  CHAD_UNARY_CASE(Cos, cos, 4, false),
      CHAD_UNARY_CASE(Exp, exp, 0, false),  CHAD_UNARY_CASE(Exp, exp, 3, false),
      CHAD_UNARY_CASE(Log, log, 0, true),   CHAD_UNARY_CASE(Log, log, 3, true),
      CHAD_UNARY_CASE(Sqrt, sqrt, 0, true), CHAD_UNARY_CASE(Sqrt, sqrt, 3, true),
      CHAD_UNARY_CASE(Tanh, tanh, 0, false), CHAD_UNARY_CASE(Tanh, tanh, 3, false),
      CHAD_UNARY_CASE(Sigmoid, sigmoid, 0, false), CHAD_UNARY_CASE(Sigmoid, sigmoid, 3, false),
      CHAD_UNARY_CASE(Softplus, softplus, 0, false), CHAD_UNARY_CASE(Softplus, softplus, 3, false),
      // the second set's elementwise half (codegen/runtime/rt_primitives_second_set.hpp)
      CHAD_UNARY_CASE(Log1p, log1p, 0, true), CHAD_UNARY_CASE(Log1p, log1p, 3, true),
      CHAD_UNARY_CASE(Expm1, expm1, 0, false), CHAD_UNARY_CASE(Expm1, expm1, 3, false),
      CHAD_UNARY_CASE(Atan, atan, 0, false), CHAD_UNARY_CASE(Atan, atan, 4, false),
      CHAD_UNARY_CASE(Erf, erf, 0, false), CHAD_UNARY_CASE(Erf, erf, 3, false),
      CHAD_UNARY_CASE(Abs, abs, 0, false), CHAD_UNARY_CASE(Abs, abs, 3, false),
      CHAD_BINARY_CASE(Pow, pow, 0, true), CHAD_BINARY_CASE(Pow, pow, 3, true),
      CHAD_BINARY_CASE(Atan2, atan2, 0, false), CHAD_BINARY_CASE(Atan2, atan2, 4, false),
      CHAD_BINARY_CASE(Hypot, hypot, 0, false), CHAD_BINARY_CASE(Hypot, hypot, 3, false),
      CHAD_BINARY_CASE(Max, max, 0, false), CHAD_BINARY_CASE(Max, max, 3, false),
      CHAD_BINARY_CASE(Min, min, 0, false), CHAD_BINARY_CASE(Min, min, 3, false),
      {PrimOp::PowInt, {{3}}, 5, false,
       [](const Operands& x) { return flat(chad_rt::prim_pow_int<5>(in<3>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_pow_int<5>(in<3>(x[0]), in<3>(d[0]))); },
       [](const Operands& x, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_pow_int<5>(in<3>(x[0]), in<3>(u)))}; },
       3},
      {PrimOp::PowInt, {{}}, 0, false,
       [](const Operands& x) { return flat(chad_rt::prim_pow_int<0>(in<0>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_pow_int<0>(in<0>(x[0]), in<0>(d[0]))); },
       [](const Operands& x, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_pow_int<0>(in<0>(x[0]), in<0>(u)))}; }},
      // sum: real[s] -> real
      {PrimOp::Sum, {{3}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_sum(in<3>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_sum(in<3>(x[0]), in<3>(d[0]))); },
       [](const Operands&, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_sum<3>(u[0]))}; }},
      {PrimOp::Sum, {{2, 3}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_sum(in<6>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_sum(in<6>(x[0]), in<6>(d[0]))); },
       [](const Operands& x, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_sum(in<6>(x[0]), u[0]))}; }},
      {PrimOp::Sum, {{}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_sum(in<0>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_sum(in<0>(x[0]), in<0>(d[0]))); },
       [](const Operands&, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_sum<0>(u[0]))}; }},
      // dot: real[n] * real[n] -> real
      {PrimOp::Dot, {{3}, {3}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_dot(in<3>(x[0]), in<3>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_dot(in<3>(x[0]), in<3>(x[1]), in<3>(d[0]), in<3>(d[1])));
       },
       [](const Operands& x, const Vec& u) { return flat_pair(chad_rt::rev_dot(in<3>(x[0]), in<3>(x[1]), u[0])); }},
      // matvec: real[2,3] * real[3] -> real[2]
      {PrimOp::Matvec, {{2, 3}, {3}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_matvec<2, 3>(in<6>(x[0]), in<3>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_matvec<2, 3>(in<6>(x[0]), in<3>(x[1]), in<6>(d[0]), in<3>(d[1])));
       },
       [](const Operands& x, const Vec& u) {
         return flat_pair(chad_rt::rev_matvec<2, 3>(in<6>(x[0]), in<3>(x[1]), in<2>(u)));
       },
       2},
      // scale: real * real[s] -> real[s]
      {PrimOp::Scale, {{}, {3}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_scale(in<0>(x[0]), in<3>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_scale(in<0>(x[0]), in<3>(x[1]), in<0>(d[0]), in<3>(d[1])));
       },
       [](const Operands& x, const Vec& u) { return flat_pair(chad_rt::rev_scale(in<0>(x[0]), in<3>(x[1]), in<3>(u))); },
       3},
      {PrimOp::Scale, {{}, {}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_scale(in<0>(x[0]), in<0>(x[1]))); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_scale(in<0>(x[0]), in<0>(x[1]), in<0>(d[0]), in<0>(d[1])));
       },
       [](const Operands& x, const Vec& u) { return flat_pair(chad_rt::rev_scale(in<0>(x[0]), in<0>(x[1]), u[0])); }},
      // get: real[n] -> real
      {PrimOp::Get, {{3}}, 2, false,
       [](const Operands& x) { return flat(chad_rt::prim_get<2>(in<3>(x[0]))); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_get<2>(in<3>(x[0]), in<3>(d[0]))); },
       [](const Operands& x, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_get<2>(in<3>(x[0]), u[0]))}; }},
      {PrimOp::Get, {{4}}, 0, false,
       [](const Operands& x) { return flat(chad_rt::prim_get<0>(in<4>(x[0]))); },
       [](const Operands&, const Operands& d) { return flat(chad_rt::fwd_get<0>(in<4>(d[0]))); },
       [](const Operands&, const Vec& u) { return std::vector<Vec>{flat(chad_rt::rev_get<0, 4>(u[0]))}; }},
      // vec: real * ... * real -> real[n]; the transpose is the n-tuple (v0, (v1, v2))
      {PrimOp::Vec, {{}, {}, {}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_vec(x[0][0], x[1][0], x[2][0])); },
       [](const Operands& x, const Operands& d) {
         return flat(chad_rt::fwd_vec(x[0][0], x[1][0], x[2][0], d[0][0], d[1][0], d[2][0]));
       },
       [](const Operands& x, const Vec& u) {
         chad_rt::Pair<double, chad_rt::Pair<double, double>> t = chad_rt::rev_vec(x[0][0], x[1][0], x[2][0], in<3>(u));
         return std::vector<Vec>{{t.fst}, {t.snd.fst}, {t.snd.snd}};
       },
       3},
      {PrimOp::Vec, {{}}, -1, false,
       [](const Operands& x) { return flat(chad_rt::prim_vec(x[0][0])); },
       [](const Operands& x, const Operands& d) { return flat(chad_rt::fwd_vec(x[0][0], d[0][0])); },
       [](const Operands&, const Vec& u) { return std::vector<Vec>{{chad_rt::rev_vec<1>(in<1>(u))}}; }},
  };
  return all;
}

TEST(RuntimePrimitives, ValuesAndDerivativesMatchTheEvaluator) {
  std::mt19937 rng(13);
  for (const RuntimeCase& c : cases()) {
    TermP t = make_prim(c.op, std::vector<TermP>(c.shapes.size(), make_literal(0)), {}, c.index);
    std::uniform_real_distribution<double> domain = c.positive ? std::uniform_real_distribution<double>(0.5, 2.5)
                                                               : std::uniform_real_distribution<double>(-2, 2);
    std::uniform_real_distribution<double> direction(0.25, 1.5);
    for (int trial = 0; trial < 4; ++trial) {
      const std::string what = std::string(prim_name(c.op)) + " on " + std::to_string(c.shapes.size()) +
                                " operand(s) of size " + std::to_string(size_of(c.shapes.back())) + ", trial " +
                                std::to_string(trial);
      Operands x, dx;
      std::vector<ValueP<double>> xv, dxv;
      for (const auto& shape : c.shapes) {
        Vec a(size_of(shape)), d(size_of(shape));
        for (double& e : a) e = domain(rng);
        for (double& e : d) e = direction(rng) * (rng() % 2 ? 1 : -1);
        x.push_back(a), dx.push_back(d);
        xv.push_back(value_of(shape, a)), dxv.push_back(value_of(shape, d));
      }
      Vec u(std::size_t(c.output_size));
      for (double& e : u) e = direction(rng);
      const std::vector<int> output_shape =
          c.output_size == 1 ? std::vector<int>{} : std::vector<int>{c.output_size};

      expect_same(c.value(x), entries(apply_primitive<double>(*t, raw(xv).data())), what + ": value");
      const Vec forward = c.forward(x, dx);
      expect_same(forward, entries(primitive_forward<double>(*t, x.size(), raw(xv).data(), raw(dxv).data())),
                  what + ": forward");
      const std::vector<Vec> transpose = c.transpose(x, u);
      const auto reference =
          primitive_transpose<double>(*t, x.size(), raw(xv).data(), *value_of(output_shape, u));
      ASSERT_EQ(transpose.size(), reference.size()) << what;
      for (std::size_t i = 0; i < transpose.size(); ++i)
        expect_same(transpose[i], entries(reference[i]), what + ": transpose, operand " + std::to_string(i));

      // <u, op'(x; dx)> = <op^T(x; u), dx>
      double right = 0;
      for (std::size_t i = 0; i < transpose.size(); ++i) right += inner(transpose[i], dx[i]);
      EXPECT_NEAR(inner(u, forward), right, 1e-12 * (1 + std::fabs(right))) << what << ": dot-product test";
    }
  }
}

// The double branches of sigmoid and softplus (model/primitives.hpp): softplus(800) =
// 800 + log1p(e^-800) = 800 where log(1 + e^800) would be inf, softplus(-800) = log1p(e^-800) = 0,
// sigmoid(+-800) = 1 and 0. At -20, -2.5 and -0.5 the branch e^x / (1 + e^x) rounds differently
// from 1 / (1 + e^-x) (in the last bit), so the values are compared exactly with the evaluator's.
TEST(RuntimePrimitives, SigmoidAndSoftplusUseTheEvaluatorsStableBranches) {
  EXPECT_EQ(chad_rt::prim_sigmoid(800.0), 1.0);
  EXPECT_EQ(chad_rt::prim_sigmoid(-800.0), 0.0);
  EXPECT_EQ(chad_rt::prim_softplus(800.0), 800.0);
  EXPECT_EQ(chad_rt::prim_softplus(-800.0), 0.0);
  EXPECT_EQ(chad_rt::fwd_softplus(-800.0, 1.0), 0.0);  // sigmoid(-800)
  EXPECT_EQ(chad_rt::fwd_sigmoid(800.0, 1.0), 0.0);    // s (1 - s) with s = 1
  for (double a : {-20.0, -2.5, -0.5, 0.0, 3.0, 40.0}) {
    EXPECT_EQ(chad_rt::prim_sigmoid(a), apply_unary<double>(PrimOp::Sigmoid, a)) << a;
    EXPECT_EQ(chad_rt::prim_softplus(a), apply_unary<double>(PrimOp::Softplus, a)) << a;
  }
}

TEST(RuntimePrimitives, ComparisonsGiveFalseAsTagZeroAndTrueAsTagOne) {
  EXPECT_EQ(chad_rt::prim_lt(1.0, 2.0).tag(), 1);
  EXPECT_EQ(chad_rt::prim_lt(2.0, 1.0).tag(), 0);
  EXPECT_EQ(chad_rt::prim_lt(1.0, 1.0).tag(), 0);
  EXPECT_EQ(chad_rt::prim_gt(2.0, 1.0).tag(), 1);
  EXPECT_EQ(chad_rt::prim_gt(1.0, 2.0).tag(), 0);
  auto zero = chad_rt::rev_lt(1.0, 2.0, chad_rt::Unit{});
  EXPECT_EQ(zero.fst, 0.0);
  EXPECT_EQ(zero.snd, 0.0);
}

// The runtime's message for an operand outside the domain, and the evaluator's for the same.
template <class F>
std::string runtime_domain_error(F f) {
  try {
    f();
  } catch (const chad_rt::DomainError& e) {
    return e.what();
  }
  return "no DomainError";
}
std::string evaluator_domain_error(PrimOp op, const std::vector<ValueP<double>>& args) {
  TermP t = make_prim(op, std::vector<TermP>(args.size(), make_literal(0)), {}, -1);
  try {
    apply_primitive<double>(*t, raw(args).data());
  } catch (const DomainError& e) {
    return e.message();
  }
  return "no DomainError";
}

TEST(RuntimePrimitives, DomainErrorsNameThePrimitiveAndTheValueAsTheEvaluatorDoes) {
  using chad_rt::Arr;
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_log(0.0); }), "domain error: `log` applied to 0, outside its domain");
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_log(-1.5); }),
            evaluator_domain_error(PrimOp::Log, {scalar_value<double>(-1.5)}));
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_sqrt(Arr<double, 3>(1.0, -2.0, 3.0)); }),
            evaluator_domain_error(PrimOp::Sqrt, {array_value<double>({3}, {1.0, -2.0, 3.0})}));
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_sqrt(0.0); }),
            evaluator_domain_error(PrimOp::Sqrt, {scalar_value<double>(0.0)}));
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_div(1.0, 0.0); }), "domain error: `/` applied to 0, outside its domain");
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_div(Arr<double, 2>(1.0, 2.0), Arr<double, 2>(4.0, 0.0)); }),
            evaluator_domain_error(PrimOp::Div, {array_value<double>({2}, {1.0, 2.0}), array_value<double>({2}, {4.0, 0.0})}));
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_div(1.0, std::nan("")); }),
            evaluator_domain_error(PrimOp::Div, {scalar_value<double>(1.0), scalar_value<double>(std::nan(""))}));
  EXPECT_EQ(runtime_domain_error([] { chad_rt::prim_log(1e-300 * 1e-300); }),  // underflows to 0
            "domain error: `log` applied to 0, outside its domain");
  EXPECT_NO_THROW(chad_rt::prim_log(1e-300));
}

}  // namespace
}  // namespace chad

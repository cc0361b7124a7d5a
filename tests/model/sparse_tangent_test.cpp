// Sparse tangents (model/sparse_tangent.hpp) and the exactness argument of vector-mode dual
// numbers (model/vector_dual.hpp): seeds, dense tangents and merges at every trie depth; an
// absent component skipped in a sum or product changes no interval endpoint; and where the
// product rule does not map zero tangents to zero (an infinite value), every component is
// computed, as a scalar pass computes it.
#include "model/sparse_tangent.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "model/vector_dual.hpp"

namespace chad {
namespace {

bool same_endpoints(const Mpfi& a, const Mpfi& b) {
  return mpfr_equal_p(&a.backend().data()[0].left, &b.backend().data()[0].left) &&
         mpfr_equal_p(&a.backend().data()[0].right, &b.backend().data()[0].right);
}

TEST(SparseTangent, AUnitHasOneComponentAtEveryWidth) {
  // Widths of 1 to 4 trie levels (64, 64^2 = 4096, 64^3 = 262144).
  for (std::size_t width : {1u, 2u, 64u, 65u, 4096u, 4097u, 300000u}) {
    SCOPED_TRACE(width);
    for (std::size_t d : {std::size_t(0), width / 2, width - 1}) {
      const SparseTangent<double> t = SparseTangent<double>::unit(width, d, 2.5);
      EXPECT_EQ(t.present_count(), 1u);
      EXPECT_EQ(t.width(), width);
      EXPECT_EQ(t.at(d), 2.5);
      if (d > 0) {
        EXPECT_EQ(t.at(d - 1), 0.0);
      }
      if (d + 1 < width) {
        EXPECT_EQ(t.at(d + 1), 0.0);
      }
    }
  }
}

TEST(SparseTangent, ADenseTangentHasEveryComponentInOrder) {
  for (std::size_t width : {1u, 63u, 64u, 65u, 5000u}) {
    SCOPED_TRACE(width);
    std::vector<std::size_t> order;
    const SparseTangent<double> t = SparseTangent<double>::dense(width, [&](std::size_t k) {
      order.push_back(k);
      return double(k) + 0.5;
    });
    ASSERT_EQ(order.size(), width);
    for (std::size_t k = 0; k < width; ++k) EXPECT_EQ(order[k], k);
    EXPECT_EQ(t.present_count(), width);
    for (std::size_t k = 0; k < width; ++k) ASSERT_EQ(t.at(k), double(k) + 0.5);
  }
}

TEST(SparseTangent, AMergeCombinesSharedComponentsAndKeepsTheOthers) {
  // a_k = k on every k < 5000; b has 10 at 4100 and 20 at 7 (two different subtrees).
  const std::size_t width = 5000;
  const auto a = SparseTangent<double>::dense(width, [](std::size_t k) { return double(k); });
  const auto b7 = SparseTangent<double>::unit(width, 7, 20.0);
  const auto b4100 = SparseTangent<double>::unit(width, 4100, 10.0);
  auto plus = [](double x, double y) { return x + y; };
  const auto b = SparseTangent<double>::merge(b7, b4100, plus, KeepComponent{}, KeepComponent{});
  EXPECT_EQ(b.present_count(), 2u);
  EXPECT_EQ(b.at(7), 20.0);
  EXPECT_EQ(b.at(4100), 10.0);
  const auto sum = SparseTangent<double>::merge(a, b, plus, KeepComponent{}, KeepComponent{});
  EXPECT_EQ(sum.present_count(), width);
  for (std::size_t k = 0; k < width; ++k)
    ASSERT_EQ(sum.at(k), double(k) + (k == 7 ? 20 : k == 4100 ? 10 : 0)) << k;
  // Only-one-side functions apply where one side is present; nothing else appears.
  const auto diff = SparseTangent<double>::merge(
      b, SparseTangent<double>::unit(width, 8, 1.0), [](double x, double y) { return x - y; },
      [](double x) { return x * 3; }, [](double y) { return -y; });
  EXPECT_EQ(diff.present_count(), 3u);
  EXPECT_EQ(diff.at(7), 60.0);
  EXPECT_EQ(diff.at(4100), 30.0);
  EXPECT_EQ(diff.at(8), -1.0);
  EXPECT_EQ(diff.at(9), 0.0);
  const auto halves = SparseTangent<double>::map(b, [](double x) { return x / 2; });
  EXPECT_EQ(halves.present_count(), 2u);
  EXPECT_EQ(halves.at(7), 10.0);
  EXPECT_EQ(halves.at(4100), 5.0);
}

TEST(SparseTangent, SkippingAZeroIntervalComponentChangesNoEndpoint) {
  // A sum keeps a component present on one side as it is: [a, b] + [0, 0] has the endpoints
  // of [a, b] (each endpoint's sum with 0 is exact at equal precision). 1/3 and sqrt(2) are
  // not dyadic, so their intervals are not points.
  const Mpfi zero(0);
  for (const Mpfi& x : {Mpfi(1) / Mpfi(3), -sqrt(Mpfi(2)), Mpfi(0), Mpfi(1e300) * Mpfi(1e300)}) {
    EXPECT_TRUE(same_endpoints(x + zero, x));
    EXPECT_TRUE(same_endpoints(x - zero, x));
  }
  // The product rule on two absent components is [0, 0] for finite values...
  const Mpfi a = Mpfi(1) / Mpfi(3), b = sqrt(Mpfi(2));
  EXPECT_TRUE(vector_dual_detail::is_exact_zero(Mpfi(zero * b + a * zero)));
  EXPECT_FALSE(vector_dual_detail::is_exact_zero(a));
  // ...so a component absent on both sides stays absent, and a present one is computed as
  // Dual<Mpfi> computes it: (a + e0)(b + 0 e0) has tangent 1 * b + a * 0 = b.
  const VectorDual<Mpfi> x{a, SparseTangent<Mpfi>::unit(100, 3, Mpfi(1))};
  const VectorDual<Mpfi> y{b};
  const VectorDual<Mpfi> p = x * y;
  EXPECT_EQ(p.tangent.present_count(), 1u);
  EXPECT_TRUE(same_endpoints(p.tangent_at(3), (Dual<Mpfi>{a, Mpfi(1)} * Dual<Mpfi>{b, Mpfi(0)}).tangent));
}

TEST(SparseTangent, AnInfiniteValueMakesEveryComponentComputed) {
  // IEEE: 0 * inf is NaN, so a scalar pass's product (inf + 0 e)(2 + e) has tangent
  // 0 * 2 + inf * 1 = inf in the seeded direction and 0 * 2 + inf * 0 = NaN in every other.
  const double inf = std::numeric_limits<double>::infinity();
  const VectorDual<double> a{inf};
  const VectorDual<double> b{2.0, SparseTangent<double>::unit(4, 1, 1.0)};
  const VectorDual<double> p = a * b;
  EXPECT_EQ(p.tangent.present_count(), 4u);
  EXPECT_EQ(p.tangent_at(1), inf);
  for (std::size_t k : {0u, 2u, 3u}) EXPECT_TRUE(std::isnan(p.tangent_at(k))) << k;
  EXPECT_TRUE(std::isnan((Dual<double>{inf, 0} * Dual<double>{2, 0}).tangent));
  // With finite values, the absent components stay absent: (3)(2 + e1) = 6 + 3 e1.
  const VectorDual<double> q = VectorDual<double>{3.0} * b;
  EXPECT_EQ(q.tangent.present_count(), 1u);
  EXPECT_EQ(q.tangent_at(1), 3.0);
}

}  // namespace
}  // namespace chad

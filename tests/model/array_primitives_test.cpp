// The second set's array primitives as compositions (model/array_primitives.hpp) on Taylor
// polynomials of degree 6 along lines v(t), against series derived by hand: prod at zero
// entries, logsumexp and softmax of (t, 0) (softplus and sigmoid, whose own recurrences are in
// model/taylor.hpp) also with entries near 1000, norm of a line through 0's ray, mean; and the
// dual numbers' kink at norm's 0 while the plain value there is 0; norm at subnormal entries.
#include <gtest/gtest.h>

#include <cmath>

#include "model/array_primitives.hpp"

namespace chad {
namespace {

constexpr int kDegree = 6;
using T = Taylor<double>;

T t_at(double x0) { return T::variable(x0, kDegree); }
T c(double x) { return T::constant(x, kDegree); }

void expect_coefficients(const T& y, const std::vector<double>& want, double tolerance = 1e-14) {
  ASSERT_EQ(y.degree(), kDegree);
  for (int k = 0; k <= kDegree; ++k) {
    const double w = k < int(want.size()) ? want[std::size_t(k)] : 0.0;
    EXPECT_NEAR(y[k], w, tolerance * std::fmax(1.0, std::fabs(w))) << "coefficient " << k;
  }
}

TEST(ArrayPrimitivesTaylor, ProdIsRightAtZeroEntries) {
  // prod(t, t, 2 + t) at t0 = 0: t^2 (2 + t) = 2 t^2 + t^3
  expect_coefficients(array_math::prod(std::vector<T>{t_at(0), t_at(0), c(2) + t_at(0)}), {0, 0, 2, 1});
  // prod(t, 3) at 0: 3 t
  expect_coefficients(array_math::prod(std::vector<T>{t_at(0), c(3)}), {0, 3});
}

TEST(ArrayPrimitivesTaylor, LogsumexpAndSoftmaxAreSoftplusAndSigmoid) {
  for (double t0 : {-2.0, 0.3, 5.0}) {
    // logsumexp(t, 0) = log(1 + e^t) = softplus t; softmax(t, 0)_0 = sigmoid t
    const T lse = array_math::logsumexp(std::vector<T>{t_at(t0), c(0)});
    const T soft = array_math::softmax(std::vector<T>{t_at(t0), c(0)})[0];
    const T sp = taylor_unary(PrimOp::Softplus, t_at(t0)), sg = taylor_unary(PrimOp::Sigmoid, t_at(t0));
    for (int k = 0; k <= kDegree; ++k) {
      EXPECT_NEAR(lse[k], sp[k], 1e-14 * std::fmax(1.0, std::fabs(sp[k]))) << t0 << " coefficient " << k;
      EXPECT_NEAR(soft[k], sg[k], 1e-14) << t0 << " coefficient " << k;
    }
    // shifted by 1000 (exp 1000 overflows double): logsumexp shifts by 1000, softmax not at all
    const T big = array_math::logsumexp(std::vector<T>{t_at(t0) + c(1000), c(1000)});
    EXPECT_NEAR(big[0], 1000 + sp[0], 1e-12);
    for (int k = 1; k <= kDegree; ++k) EXPECT_NEAR(big[k], sp[k], 1e-13) << k;
  }
}

TEST(ArrayPrimitivesTaylor, NormMeanAndTheLinearOnes) {
  // norm(3t, 4t) at t0 = 1 is 5t: (5, 5, 0, ...)
  expect_coefficients(array_math::norm(std::vector<T>{c(3) * t_at(1), c(4) * t_at(1)}, {}), {5, 5});
  // norm(1, t) at 0 = sqrt(1 + t^2) = 1 + t^2/2 - t^4/8 + t^6/16
  expect_coefficients(array_math::norm(std::vector<T>{c(1), t_at(0)}, {}), {1, 0, 0.5, 0, -0.125, 0, 0.0625});
  // mean(t, 3 t, 2) at 0 = (4 t + 2) / 3
  expect_coefficients(array_math::mean(std::vector<T>{t_at(0), c(3) * t_at(0), c(2)}), {2.0 / 3, 4.0 / 3});
  // cumsum, matmul, transpose, outer are sums of products: one entry each
  expect_coefficients(array_math::cumsum(std::vector<T>{t_at(0), t_at(0) * t_at(0)})[1], {0, 1, 1});
  const std::vector<T> a = {t_at(0), c(1), c(2), t_at(0)};  // [[t, 1], [2, t]]
  expect_coefficients(array_math::matmul(a, a, 2, 2, 2)[0], {2, 0, 1});                // t^2 + 2
  expect_coefficients(array_math::transpose(a, 2, 2)[1], {2});                       // a[1][0]
  expect_coefficients(array_math::outer(std::vector<T>{t_at(0)}, std::vector<T>{c(3), t_at(0)})[1], {0, 0, 1});
}

TEST(ArrayPrimitivesTaylor, NormAtZeroIsAKinkForDerivativesOnly) {
  EXPECT_THROW(array_math::norm(std::vector<T>{t_at(0), c(0)}, {}), ComparisonUndecided);
  EXPECT_THROW(array_math::norm(std::vector<Dual<double>>{{0, 1}, {0, 0}}, {}), ComparisonUndecided);
  // an interval holding 0 in every entry touches the kink
  EXPECT_THROW(array_math::norm(std::vector<Dual<Mpfi>>{{Mpfi(-1e-20, 1e-20), Mpfi(1)}}, {}), ComparisonUndecided);
  EXPECT_EQ(array_math::norm(std::vector<double>{0, 0}, {}), 0);  // the value is 0
  EXPECT_DOUBLE_EQ(array_math::norm(std::vector<Dual<double>>{{0, 1}, {2, 0}}, {}).tangent, 0);  // away from it
}

TEST(ArrayPrimitives, NormOfSubnormalEntriesIsTheirNormNotAnOverflow) {
  // The scale 2^-e of the largest entry: at 4 * 2^-1074 (e = -1072) 2^1072 overflowed double and
  // norm was inf; with e kept >= -1022 the entries scale to (3, 4) * 2^-52: norm = 5 * 2^-1074.
  const double ulp = std::ldexp(1.0, -1074);  // 5e-324, the smallest subnormal
  EXPECT_EQ(array_math::norm(std::vector<double>{3 * ulp, 4 * ulp}, {}), 5 * ulp);
  EXPECT_EQ(array_math::norm(std::vector<double>{-ulp}, {}), ulp);
  // and where the largest entry is normal the scale is its own: (3, 4) * 1e-300 -> 5e-300
  EXPECT_DOUBLE_EQ(array_math::norm(std::vector<double>{3e-300, 4e-300}, {}), 5e-300);
}

}  // namespace
}  // namespace chad

// Certified second derivatives (references/hessian.hpp) against closed-form Hessians derived by
// hand: Horner's polynomial (d2/dx2 = sum i (i-1) a_i x^(i-2), d2/dx da_i = i x^(i-1)), the
// product of a list (d2/dx_j dx_k = the product of the others), a softplus network
// (sum_i v_i sigmoid'(z_i) a_i a_i^T), and second-set primitives whose mixed partials come from
// polarisation (pow, hypot, atan2). Every method (taylor, interval, fd) agrees with the closed
// form, interval enclosures contain it, Hessian-vector products equal H_w v, and at a kink or a
// comparison that ties the answer is "not differentiable here", never a number.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "../support/example_programs.hpp"
#include "references/hessian.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using Closed = std::function<double(std::size_t j, std::size_t k)>;

// Every method against the closed form of a one-output program's Hessian.
void expect_hessian(const std::string& source, const std::string& at, std::size_t n, const Closed& want) {
  SCOPED_TRACE(source + " at " + at);
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(source);
    const NormalForm<double> point = read_input_point(program, at);
    ASSERT_EQ(point.coords.size(), n);
    for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval, HessianMethod::FiniteDifference}) {
      SCOPED_TRACE(hessian_method_name(m));
      const HessianResult r = reference_hessian(m, program, point);
      ASSERT_TRUE(r.differentiable) << r.reason;
      ASSERT_EQ(r.hessian.size(), 1u);
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t k = 0; k < n; ++k) {
          const double w = want(j, k), got = r.hessian[0][j][k];
          const double tolerance = (m == HessianMethod::FiniteDifference ? 1e-9 : 1e-13) * std::fmax(std::fabs(w), 1);
          EXPECT_NEAR(got, w, tolerance) << "entry [" << j << "][" << k << "]";
          if (m == HessianMethod::Interval) {
            const Enclosure& e = r.enclosure[0][j][k];
            const double slack = 1e-15 * std::fabs(w);  // the closed form's own rounding in double
            EXPECT_TRUE(e.lo - slack <= w && w <= e.hi + slack) << "[" << e.lo << ", " << e.hi << "] misses " << w;
            EXPECT_LE(e.hi - e.lo, 1e-12 * std::fmax(std::fabs(w), 1)) << "a loose enclosure";
          }
          if (m == HessianMethod::FiniteDifference) {
            EXPECT_LE(r.error_estimate[0][j][k], 1e-9 * std::fmax(std::fabs(w), 1));
          }
        }
    }
  });
}

const char* kList = "type NEList = mu l. < Last : real | Cons : real * l >;\n";

std::string list_value(const std::vector<double>& xs) {
  std::string s = "roll Last " + print_real(xs.back());
  for (std::size_t i = xs.size() - 1; i-- > 0;) s = "roll Cons (" + print_real(xs[i]) + ", " + s + ")";
  return s;
}

TEST(Hessian, HornerByEveryMethod) {
  const std::string source = std::string(kList) +
                             "def main (x : real) (cs : NEList) : real =\n"
                             "  fold cs with node -> case node of { Last c -> c | Cons p -> fst p + x * snd p };";
  for (const auto& [x, a] : std::vector<std::pair<double, std::vector<double>>>{
           {0.5, {1, -3, 2, 4}}, {-1.25, {0.5, 2, -1, 3, 0.25}}, {2, {7, 0.5}}}) {
    // coordinates: x, then a_0 .. a_d
    auto want = [&, x = x, a = a](std::size_t j, std::size_t k) -> double {
      if (j > k) std::swap(j, k);
      if (j == 0 && k == 0) {
        double s = 0;
        for (std::size_t i = 2; i < a.size(); ++i) s += double(i * (i - 1)) * a[i] * std::pow(x, double(i - 2));
        return s;
      }
      if (j == 0) return k - 1 >= 1 ? double(k - 1) * std::pow(x, double(k - 2)) : 0;  // d2 / dx da_{k-1}
      return 0;
    };
    expect_hessian(source, "(" + print_real(x) + ", " + list_value(a) + ")", a.size() + 1, want);
  }
}

TEST(Hessian, ProductOfAListByEveryMethod) {
  const std::string source = std::string(kList) +
                             "def main (xs : NEList) : real =\n"
                             "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p * snd p };";
  const std::vector<double> xs = {1.5, -2, 4, 0.5};
  expect_hessian(source, list_value(xs), xs.size(), [&](std::size_t j, std::size_t k) {
    if (j == k) return 0.0;
    double p = 1;
    for (std::size_t i = 0; i < xs.size(); ++i)
      if (i != j && i != k) p *= xs[i];
    return p;
  });
}

TEST(Hessian, SoftplusNetworkByEveryMethod) {
  // f(x, y) = 1.5 softplus(0.5 x - y + 0.25) - 0.75 softplus(2 x + 0.5 y - 1) + tanh(x) y
  const std::string source =
      "def main (x : real, y : real) : real =\n"
      "  1.5 * softplus(0.5 * x - y + 0.25) - 0.75 * softplus(2 * x + 0.5 * y - 1) + tanh(x) * y;";
  const double x = 0.3, y = -0.7;
  auto sigmoid_prime = [](double z) {
    const double s = 1 / (1 + std::exp(-z));
    return s * (1 - s);
  };
  const double s1 = 1.5 * sigmoid_prime(0.5 * x - y + 0.25), s2 = -0.75 * sigmoid_prime(2 * x + 0.5 * y - 1);
  const double a1[2] = {0.5, -1}, a2[2] = {2, 0.5};
  const double t = std::tanh(x), sech2 = 1 - t * t;
  // tanh(x) y: d2/dx2 = -2 tanh sech^2 y, d2/dxdy = sech^2
  const double extra[2][2] = {{-2 * t * sech2 * y, sech2}, {sech2, 0}};
  expect_hessian(source, "(0.3, -0.7)", 2, [&](std::size_t j, std::size_t k) {
    return s1 * a1[j] * a1[k] + s2 * a2[j] * a2[k] + extra[j][k];
  });
}

TEST(Hessian, SecondSetMixedPartials) {
  // pow(x, y) = x^y: [y (y-1) x^(y-2), x^(y-1) (1 + y log x); ., x^y log^2 x]
  const double x = 1.7, y = 2.5, l = std::log(x);
  const double pxx = y * (y - 1) * std::pow(x, y - 2), pxy = std::pow(x, y - 1) * (1 + y * l),
               pyy = std::pow(x, y) * l * l;
  expect_hessian("def main (x : real, y : real) : real = pow(x, y);", "(1.7, 2.5)", 2,
                 [&](std::size_t j, std::size_t k) { return j + k == 0 ? pxx : j + k == 1 ? pxy : pyy; });
  // hypot(u, v) = r: [v^2, -u v; -u v, u^2] / r^3
  const double u = 3, v = -4, r3 = 125;
  expect_hessian("def main (u : real, v : real) : real = hypot(u, v);", "(3, -4)", 2,
                 [&](std::size_t j, std::size_t k) { return j + k == 0 ? v * v / r3 : j + k == 1 ? -u * v / r3 : u * u / r3; });
  // atan2(b, a) (b = y, a = x): gradient (a, -b) / q, q = a^2 + b^2; Hessian in (b, a):
  // [-2ab, b^2 - a^2; b^2 - a^2, 2ab] / q^2
  const double b = 1, a = -2, q2 = 25;
  expect_hessian("def main (b : real, a : real) : real = atan2(b, a);", "(1, -2)", 2, [&](std::size_t j, std::size_t k) {
    return j + k == 0 ? -2 * a * b / q2 : j + k == 1 ? (b * b - a * a) / q2 : 2 * a * b / q2;
  });
  // atan'' = -2 x / (1 + x^2)^2, erf'' = -2 x erf', log1p'' = -1 / (1 + x)^2 (summed)
  const double z = 0.6;
  expect_hessian("def main (x : real) : real = atan x + erf x + log1p x;", "0.6", 1, [&](std::size_t, std::size_t) {
    return -2 * z / std::pow(1 + z * z, 2) - 2 * z * 2 / std::sqrt(M_PI) * std::exp(-z * z) - 1 / std::pow(1 + z, 2);
  });
}

TEST(Hessian, HessianVectorProductWithoutTheHessian) {
  run_with_deep_stack([&] {
    const CheckedProgram program = testing::load_source(
        "def main (x : real, y : real, z : real) : (real * real) = (x * y * z + exp(x) * sin(y), log(z) * x * x);");
    const NormalForm<double> point = read_input_point(program, "(0.5, 1.25, 2)");
    const HessianResult h = hessian_by_interval(program, point);
    ASSERT_TRUE(h.differentiable) << h.reason;
    const std::vector<double> w = {0.5, -3}, v = {1, -2, 0.25};
    for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval}) {
      const HessianVectorProduct p = hessian_vector_product(m, program, point, w, v);
      ASSERT_TRUE(p.differentiable) << p.reason;
      ASSERT_EQ(p.product.size(), 3u);
      for (std::size_t k = 0; k < 3; ++k) {
        double want = 0;
        for (std::size_t i = 0; i < 2; ++i)
          for (std::size_t j = 0; j < 3; ++j) want += w[i] * h.hessian[i][k][j] * v[j];
        EXPECT_NEAR(p.product[k], want, 1e-13 * std::fmax(std::fabs(want), 1)) << hessian_method_name(m) << " " << k;
        if (m == HessianMethod::Interval) {
          EXPECT_TRUE(p.enclosure[k].lo <= want + 1e-15 && want - 1e-15 <= p.enclosure[k].hi);
        }
      }
    }
    // H_1 of log(z) x^2 at the point, by hand: d2/dx2 = 2 log z, d2/dxdz = 2x/z, d2/dz2 = -x^2/z^2
    EXPECT_NEAR(h.hessian[1][0][0], 2 * std::log(2.0), 1e-15);
    EXPECT_NEAR(h.hessian[1][0][2], 0.5, 1e-15);
    EXPECT_NEAR(h.hessian[1][2][2], -0.0625, 1e-15);
  });
}

TEST(Hessian, KinksAndTiesAreNotDifferentiableHere) {
  run_with_deep_stack([&] {
    for (const auto& [source, at] : std::vector<std::pair<std::string, std::string>>{
             {"def main (x : real, y : real) : real = abs(x) * y;", "(0, 2)"},
             {"def main (x : real, y : real) : real = max(x, y) * x;", "(1.5, 1.5)"},
             {"def main (x : real, y : real) : real = if x < y then x * y else y * y;", "(2, 2)"},
             {"def main (x : real, y : real) : real = hypot(x, y);", "(0, 0)"}}) {
      SCOPED_TRACE(source + " at " + at);
      const CheckedProgram program = testing::load_source(source);
      const NormalForm<double> point = read_input_point(program, at);
      for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval, HessianMethod::FiniteDifference}) {
        const HessianResult r = reference_hessian(m, program, point);
        EXPECT_FALSE(r.differentiable) << hessian_method_name(m);
        EXPECT_FALSE(r.cannot_certify) << hessian_method_name(m) << ": " << r.reason;
        EXPECT_TRUE(r.hessian.empty());
      }
      EXPECT_FALSE(hessian_vector_product(HessianMethod::Interval, program, point, {1}, {1, 1}).differentiable);
    }
    // Near, not at, a kink: the interval still certifies (the enclosure does not touch 0), and fd
    // finds a step small enough.
    const CheckedProgram program = testing::load_source("def main (x : real, y : real) : real = abs(x) * y * y;");
    const NormalForm<double> point = read_input_point(program, "(1e-9, 3)");
    for (HessianMethod m : {HessianMethod::Taylor, HessianMethod::Interval, HessianMethod::FiniteDifference}) {
      const HessianResult r = reference_hessian(m, program, point);
      ASSERT_TRUE(r.differentiable) << hessian_method_name(m) << ": " << r.reason;
      EXPECT_NEAR(r.hessian[0][0][1], 6, 1e-9);  // d2 / dx dy of x y^2 = 2 y
      EXPECT_NEAR(r.hessian[0][1][1], 2e-9, 1e-15);
    }
  });
}

}  // namespace
}  // namespace chad

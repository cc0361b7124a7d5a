// Taylor polynomials (model/taylor.hpp) of the second set's elementwise primitives, each from its
// defining recurrence or a composition of recurrences, so that, as for the first set, no
// derivative formula is written anywhere (CHAD's are in target_semantics/, apart):
//   log1p u = log(1 + u)        the log recurrence on 1 + u
//   expm1 u = exp u - 1         y' = (y + 1) u': the exp recurrence with (y + 1)_0 = exp u_0
//   atan u                      (1 + u^2) y' = u' (the definition of atan as an integral), for
//                               |u_0| <= 1; atan u = const - atan(1/u) beyond, so u^2 never overflows
//   erf u                       y' = c e u', e = exp(-u^2) (exp recurrence), c = 2/sqrt(pi)
//   abs u, max, min             u, -u, or one operand, chosen by the sign at t = 0 (the caller
//                               first rules out the kink: model/kinks.hpp)
//   u ^ n                       repeated squaring with the product recurrence (exact at u_0 = 0)
//   pow(x, y)                   exp(y log x): the exp recurrence on the product y log x
//   hypot(x, y)                 s sqrt((x/s)^2 + (y/s)^2), s a power of two near max(|x_0|, |y_0|)
//   atan2(y, x)                 the half-angle form 2 atan(y / (r + x)) for x_0 > 0, r =
//                               hypot(x, y); otherwise const - atan(x / y) for |y_0| >= |x_0|,
//                               const + atan(y / x) beyond (none cancels, near the cut either)
// Each constant coefficient is replaced by the primitive's value (model/special_functions.hpp)
// by the caller (model/primitives.hpp, model/binary_primitives.hpp), as for the first set.
#pragma once
#include <cmath>

#include <mpfi.h>
#include <mpfr.h>

#include "model/special_functions.hpp"
#include "model/taylor.hpp"

namespace chad {
namespace taylor_detail {

// y with w y' = n' and y_0 given: sum_{j=0..k-1} w_j (k-j) y_{k-j} = k n_k, so
// y_k = (n_k - (1/k) sum_{j=1..k-1} (k-j) y_{k-j} w_j) / w_0 (the log recurrence is w = n = u).
template <class S>
Taylor<S> integral_of_quotient(const Taylor<S>& n, const Taylor<S>& w, S y0) {
  Taylor<S> y = zeros_like(n);
  y[0] = std::move(y0);
  for (int k = 1; k <= n.degree(); ++k) {
    S sum(0);
    for (int j = 1; j <= k - 1; ++j) sum += S(k - j) * y[k - j] * w[j];
    y[k] = (n[k] - sum / S(k)) / w[0];
  }
  return y;
}

// 2 / sqrt(pi) in S.
inline double two_over_sqrt_pi(double) { return M_2_SQRTPI; }
inline Mpfr two_over_sqrt_pi(const Mpfr&) {
  using std::sqrt;
  Mpfr pi;
  mpfr_const_pi(pi.backend().data(), MPFR_RNDN);
  return Mpfr(2) / sqrt(pi);
}
inline Mpfi two_over_sqrt_pi(const Mpfi&) {
  using std::sqrt;
  Mpfi pi;
  mpfi_const_pi(pi.backend().data());
  return Mpfi(2) / sqrt(pi);
}

// A power of two near |x| (1 for 0, inf or NaN), as an exact S: dividing by it is exact.
inline double power_of_two_near(double x) {
  if (x == 0 || !std::isfinite(x)) return 1;
  return std::ldexp(1.0, std::ilogb(x));
}

}  // namespace taylor_detail

template <class S>
Taylor<S> taylor_log1p(const Taylor<S>& u) { return taylor_log(S(1) + u); }

template <class S>
Taylor<S> taylor_expm1(const Taylor<S>& u) {
  using std::exp;
  return taylor_detail::exp_from(u, S(exp(u[0])));
}

template <class S>
Taylor<S> taylor_atan(const Taylor<S>& u) {
  using std::abs;
  if (abs(ScalarTraits<S>::to_double(u[0])) > 1) {  // atan u = ±pi/2 - atan(1/u)
    const Taylor<S> v = Taylor<S>::constant(S(1), u.degree()) / u;
    return -taylor_detail::integral_of_quotient(v, S(1) + v * v, S(0));
  }
  return taylor_detail::integral_of_quotient(u, S(1) + u * u, S(0));
}

template <class S>
Taylor<S> taylor_erf(const Taylor<S>& u) {
  using std::exp;
  const Taylor<S> e = taylor_detail::exp_from(-(u * u), S(exp(-(u[0] * u[0]))));
  const S c = taylor_detail::two_over_sqrt_pi(u[0]);
  Taylor<S> y = taylor_detail::zeros_like(u);
  for (int k = 1; k <= u.degree(); ++k) {
    S sum(0);
    for (int j = 1; j <= k; ++j) sum += S(j) * u[j] * e[k - j];
    y[k] = c * sum / S(k);
  }
  return y;
}

// Precondition: u_0 is not the kink 0 (model/kinks.hpp).
template <class S>
Taylor<S> taylor_abs(const Taylor<S>& u) { return taylor_detail::nonnegative(u[0]) ? u : -u; }

template <class S>
Taylor<S> taylor_pow_int(const Taylor<S>& u, int n) {
  Taylor<S> result = Taylor<S>::constant(S(1), u.degree()), base = u;
  for (int k = n; k > 0; k >>= 1) {
    if (k & 1) result = result * base;
    if (k > 1) base = base * base;
  }
  return result;
}

// Precondition: x_0 > 0 (the evaluator checks the domain).
template <class S>
Taylor<S> taylor_pow(const Taylor<S>& x, const Taylor<S>& y) {
  return taylor_detail::exp_from(y * taylor_log(x), special::pow(x[0], y[0]));
}

// Precondition: (x_0, y_0) is not the kink (0, 0).
template <class S>
Taylor<S> taylor_hypot(const Taylor<S>& x, const Taylor<S>& y) {
  using std::abs, std::max;
  const double big = max(abs(ScalarTraits<S>::to_double(x[0])), abs(ScalarTraits<S>::to_double(y[0])));
  const S s(taylor_detail::power_of_two_near(big));
  const S inverse = S(1) / s;  // exact: a power of two
  const Taylor<S> a = inverse * x, b = inverse * y;
  return s * taylor_sqrt(a * a + b * b);
}

// Precondition: (x_0, y_0) is neither (0, 0) nor on the cut y_0 = 0, x_0 < 0 (model/kinks.hpp).
// For x_0 > 0 the half-angle form (r + x >= r: no cancellation). Otherwise the atan recurrence
// on the quotient of the smaller argument over the larger (|u_0| <= 1, the caller sets the
// constant): atan2(y, x) = sign(y) pi / 2 - atan(x / y) where |y_0| >= |x_0|, and sign(y) pi +
// atan(y / x) where x_0 < 0 and |y_0| < |x_0|, so near the cut the series is y / x's, with no
// term of order 1 / y. (The half-angle form 2 atan((r - x) / y) there had two terms of about
// 1 / (|x| y) that cancel in its second derivative: at (y, x) = (1e-8, -1) d2/dy2 came out as
// 5.0e-9 for 2e-8.)
template <class S>
Taylor<S> taylor_atan2(const Taylor<S>& y, const Taylor<S>& x) {
  using std::abs;
  if (taylor_detail::positive(x[0])) return S(2) * taylor_atan(y / (taylor_hypot(x, y) + x));
  if (abs(ScalarTraits<S>::to_double(y[0])) >= abs(ScalarTraits<S>::to_double(x[0]))) return -taylor_atan(x / y);
  return taylor_atan(y / x);
}

// Precondition: x_0 and y_0 are not the kink x_0 = y_0.
template <class S>
Taylor<S> taylor_max(const Taylor<S>& x, const Taylor<S>& y) {
  return ScalarTraits<S>::less(y[0], x[0], Loc{}) ? x : y;
}
template <class S>
Taylor<S> taylor_min(const Taylor<S>& x, const Taylor<S>& y) {
  return ScalarTraits<S>::less(x[0], y[0], Loc{}) ? x : y;
}

}  // namespace chad

// The values of the second set's elementwise primitives (language.md, "The second set of
// primitives") in each plain scalar: double (the C library), MPFR (correctly rounded) and MPFI
// (enclosures: MPFI's own functions, and erf from MPFR's directed roundings, erf being
// increasing). Values only: their Taylor polynomials are in model/taylor_second_set.hpp, and no
// derivative formula is written here.
//   log1p x = log(1 + x)   expm1 x = exp x - 1   atan   erf   abs
//   x ^ n (n = 0..64; 0 ^ 0 = 1)   pow(x, y) = x^y (x > 0)   atan2(y, x) in (-pi, pi]
//   hypot(x, y) = sqrt(x^2 + y^2) without overflow   max   min
#pragma once
#include <cmath>

#include <mpfi.h>
#include <mpfr.h>

#include "model/scalar.hpp"

namespace chad::special {

// ---- double ------------------------------------------------------------------------------
inline double log1p(double x) { return std::log1p(x); }
inline double expm1(double x) { return std::expm1(x); }
inline double atan(double x) { return std::atan(x); }
inline double erf(double x) { return std::erf(x); }
inline double abs(double x) { return std::fabs(x); }
inline double pow_int(double x, int n) { return n == 0 ? 1.0 : std::pow(x, double(n)); }
inline double pow(double x, double y) { return std::pow(x, y); }
// The angle of (x, y); y = -0 counts as 0, so the cut y = 0, x < 0 gives pi (not -pi).
inline double atan2(double y, double x) { return std::atan2(y + 0.0, x); }
inline double hypot(double x, double y) { return std::hypot(x, y); }
inline double max(double x, double y) { return x > y ? x : y; }
inline double min(double x, double y) { return x < y ? x : y; }

// ---- MPFR --------------------------------------------------------------------------------
namespace detail {
template <class F>
Mpfr mpfr_unary(const Mpfr& x, F f) {
  Mpfr r;
  f(r.backend().data(), x.backend().data(), MPFR_RNDN);
  return r;
}
template <class F>
Mpfr mpfr_binary(const Mpfr& x, const Mpfr& y, F f) {
  Mpfr r;
  f(r.backend().data(), x.backend().data(), y.backend().data(), MPFR_RNDN);
  return r;
}
}  // namespace detail

inline Mpfr log1p(const Mpfr& x) { return detail::mpfr_unary(x, mpfr_log1p); }
inline Mpfr expm1(const Mpfr& x) { return detail::mpfr_unary(x, mpfr_expm1); }
inline Mpfr atan(const Mpfr& x) { return detail::mpfr_unary(x, mpfr_atan); }
inline Mpfr erf(const Mpfr& x) { return detail::mpfr_unary(x, mpfr_erf); }
inline Mpfr abs(const Mpfr& x) { return detail::mpfr_unary(x, mpfr_abs); }
inline Mpfr pow_int(const Mpfr& x, int n) {
  Mpfr r;
  mpfr_pow_si(r.backend().data(), x.backend().data(), n, MPFR_RNDN);  // 0^0 = 1
  return r;
}
inline Mpfr pow(const Mpfr& x, const Mpfr& y) { return detail::mpfr_binary(x, y, mpfr_pow); }
inline Mpfr atan2(const Mpfr& y, const Mpfr& x) {
  return detail::mpfr_binary(mpfr_zero_p(y.backend().data()) ? Mpfr(0) : y, x, mpfr_atan2);
}
inline Mpfr hypot(const Mpfr& x, const Mpfr& y) { return detail::mpfr_binary(x, y, mpfr_hypot); }
inline Mpfr max(const Mpfr& x, const Mpfr& y) { return x > y ? x : y; }
inline Mpfr min(const Mpfr& x, const Mpfr& y) { return x < y ? x : y; }

// ---- MPFI (every result encloses the function's values on the argument enclosures) --------
namespace detail {
inline const __mpfi_struct* in(const Mpfi& x) { return x.backend().data(); }
inline __mpfi_struct* out(Mpfi& x) { return x.backend().data(); }
}  // namespace detail

inline Mpfi log1p(const Mpfi& x) {
  Mpfi r;
  mpfi_log1p(detail::out(r), detail::in(x));
  return r;
}
inline Mpfi expm1(const Mpfi& x) {
  Mpfi r;
  mpfi_expm1(detail::out(r), detail::in(x));
  return r;
}
inline Mpfi atan(const Mpfi& x) {
  Mpfi r;
  mpfi_atan(detail::out(r), detail::in(x));
  return r;
}
// erf increases: [erf(lo) rounded down, erf(hi) rounded up].
inline Mpfi erf(const Mpfi& x) {
  Mpfi r;
  mpfr_erf(&detail::out(r)->left, &detail::in(x)->left, MPFR_RNDD);
  mpfr_erf(&detail::out(r)->right, &detail::in(x)->right, MPFR_RNDU);
  return r;
}
inline Mpfi abs(const Mpfi& x) {
  Mpfi r;
  mpfi_abs(detail::out(r), detail::in(x));
  return r;
}
// By squaring (mpfi_sqr keeps an even power's enclosure non-negative) and multiplying.
inline Mpfi pow_int(const Mpfi& x, int n) {
  Mpfi result(1), base = x;
  for (int k = n; k > 0; k >>= 1) {
    if (k & 1) result = result * base;
    if (k > 1) {
      Mpfi squared;
      mpfi_sqr(detail::out(squared), detail::in(base));
      base = squared;
    }
  }
  return result;
}
// x^y = exp(y log x), x > 0 (checked by the evaluator).
inline Mpfi pow(const Mpfi& x, const Mpfi& y) {
  using std::exp, std::log;
  return exp(y * log(x));
}
// On the cut itself (y exactly 0, x < 0) the angle is pi, not the hull [-pi, pi] of both sides.
inline Mpfi atan2(const Mpfi& y, const Mpfi& x) {
  Mpfi r;
  if (mpfi_is_zero(detail::in(y)) && mpfi_is_strictly_neg(detail::in(x)))
    mpfi_const_pi(detail::out(r));
  else
    mpfi_atan2(detail::out(r), detail::in(y), detail::in(x));
  return r;
}
inline Mpfi hypot(const Mpfi& x, const Mpfi& y) {
  Mpfi r;
  mpfi_hypot(detail::out(r), detail::in(x), detail::in(y));
  return r;
}
// The hull of the two ends' maxima (minima).
inline Mpfi max(const Mpfi& x, const Mpfi& y) {
  Mpfi r;
  mpfr_max(&detail::out(r)->left, &detail::in(x)->left, &detail::in(y)->left, MPFR_RNDD);
  mpfr_max(&detail::out(r)->right, &detail::in(x)->right, &detail::in(y)->right, MPFR_RNDU);
  return r;
}
inline Mpfi min(const Mpfi& x, const Mpfi& y) {
  Mpfi r;
  mpfr_min(&detail::out(r)->left, &detail::in(x)->left, &detail::in(y)->left, MPFR_RNDD);
  mpfr_min(&detail::out(r)->right, &detail::in(x)->right, &detail::in(y)->right, MPFR_RNDU);
  return r;
}

}  // namespace chad::special

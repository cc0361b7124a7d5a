// Hyper-dual numbers over any scalar S (double, Mpfr, Mpfi): x + x1 e1 + x2 e2 + x12 e1 e2 with
// e1^2 = e2^2 = 0, the truncated Taylor series of degree 2 along two directions. Seeding input
// j with e1 and input k with e2, the e1 e2 part of an output is d2 output / d input[j] d input[k]
// (references/hessian.hpp). Nothing here reads a derivative formula, nor CHAD's table:
//   product    (a b)12 = a12 b + a1 b2 + a2 b1 + a b12                (coefficients of e1 e2)
//   quotient   q b = a:  q1 = (a1 - b1 q) / b,  q12 = (a12 - b12 q - b1 q2 - b2 q1) / b
//   unary f    the Taylor coefficients y0, y1, y2 of f at x (model/primitives.hpp: f's own
//              recurrence on x + t, degree 2; y2 = f''(x) / 2) give
//              f(x) + y1 (x1 e1 + x2 e2 + x12 e1 e2) + 2 y2 x1 x2 e1 e2
//   binary f   the degree-2 recurrences along p = (a1, b1), q = (a2, b2) and p + q give the
//              second directional derivatives; the mixed one is by polarisation,
//              D2f[p, q] = y2(p + q) - y2(p) - y2(q), and the e1 e2 part is
//              Df (a12, b12) + D2f[p, q].
// Over MPFI every coefficient is an enclosure. Comparisons, kinks and domain checks look at the
// primal value as Dual<S> does (a tie or a touched kink: "not differentiable here").
#pragma once
#include <string>

#include "model/array_primitives.hpp"
#include "model/binary_primitives.hpp"
#include "model/dual.hpp"
#include "model/kinks.hpp"

namespace chad {

template <class S>
struct HyperDual {
  S value{};
  S d1{};   // along e1
  S d2{};   // along e2
  S d12{};  // along e1 e2: the second derivative
};

template <class S>
HyperDual<S> operator+(const HyperDual<S>& a, const HyperDual<S>& b) {
  return {a.value + b.value, a.d1 + b.d1, a.d2 + b.d2, a.d12 + b.d12};
}
template <class S>
HyperDual<S> operator-(const HyperDual<S>& a, const HyperDual<S>& b) {
  return {a.value - b.value, a.d1 - b.d1, a.d2 - b.d2, a.d12 - b.d12};
}
template <class S>
HyperDual<S> operator-(const HyperDual<S>& a) {
  return {-a.value, -a.d1, -a.d2, -a.d12};
}
template <class S>
HyperDual<S> operator*(const HyperDual<S>& a, const HyperDual<S>& b) {
  return {a.value * b.value, a.d1 * b.value + a.value * b.d1, a.d2 * b.value + a.value * b.d2,
          a.d12 * b.value + a.d1 * b.d2 + a.d2 * b.d1 + a.value * b.d12};
}
// q b = a, coefficient by coefficient.
template <class S>
HyperDual<S> operator/(const HyperDual<S>& a, const HyperDual<S>& b) {
  HyperDual<S> q;
  q.value = a.value / b.value;
  q.d1 = (a.d1 - b.d1 * q.value) / b.value;
  q.d2 = (a.d2 - b.d2 * q.value) / b.value;
  q.d12 = (a.d12 - b.d12 * q.value - b.d1 * q.d2 - b.d2 * q.d1) / b.value;
  return q;
}

namespace hyper_dual_detail {

// f at x from f's Taylor coefficients y (degree 2 along x + t).
template <class S>
HyperDual<S> compose(const Taylor<S>& y, const HyperDual<S>& x) {
  return {y[0], y[1] * x.d1, y[1] * x.d2, y[1] * x.d12 + S(2) * y[2] * x.d1 * x.d2};
}
template <class S>
Taylor<S> along_t(const S& x) { return Taylor<S>{x, S(1), S(0)}; }

}  // namespace hyper_dual_detail

template <class S>
HyperDual<S> apply_unary(PrimOp op, const HyperDual<S>& x) {
  return hyper_dual_detail::compose(taylor_unary(op, hyper_dual_detail::along_t(x.value)), x);
}

template <class S>
HyperDual<S> apply_pow_int(const HyperDual<S>& x, int n) {
  return hyper_dual_detail::compose(taylor_pow_int_valued(hyper_dual_detail::along_t(x.value), n), x);
}

template <class S>
HyperDual<S> apply_binary(PrimOp op, const HyperDual<S>& a, const HyperDual<S>& b) {
  auto along = [&](const S& da, const S& db) {
    return taylor_binary(op, Taylor<S>{a.value, da, S(0)}, Taylor<S>{b.value, db, S(0)});
  };
  const Taylor<S> p = along(a.d1, b.d1), q = along(a.d2, b.d2);
  const Taylor<S> pq = along(a.d1 + a.d2, b.d1 + b.d2), r = along(a.d12, b.d12);
  return {p[0], p[1], q[1], r[1] + (pq[2] - p[2] - q[2])};
}

template <class S>
void require_smooth(PrimOp op, const HyperDual<S>& x, Loc loc) { kink_detail::check_unary(op, x.value, loc); }
template <class S>
void require_smooth(PrimOp op, const HyperDual<S>& a, const HyperDual<S>& b, Loc loc) {
  kink_detail::check_binary(op, a.value, b.value, loc);
}

// The array primitives' hooks (model/array_primitives.hpp; found by argument-dependent lookup).
template <class S>
bool may_be_zero(const HyperDual<S>& x) { return array_math::may_be_zero(x.value); }
namespace array_math {
template <class S> inline constexpr bool carries_tangent<HyperDual<S>> = true;
}  // namespace array_math

template <class S>
struct ScalarTraits<HyperDual<S>> {
  using Base = ScalarTraits<S>;
  static HyperDual<S> from_double(double x) {
    return {Base::from_double(x), Base::from_double(0), Base::from_double(0), Base::from_double(0)};
  }
  static double to_double(const HyperDual<S>& x) { return Base::to_double(x.value); }
  static std::string describe(const HyperDual<S>& x) { return Base::describe(x.value); }
  static bool less(const HyperDual<S>& a, const HyperDual<S>& b, Loc loc) {
    return ScalarTraits<Dual<S>>::less(Dual<S>{a.value, S(0)}, Dual<S>{b.value, S(0)}, loc);
  }
  static void require_positive(const HyperDual<S>& x, const char* prim, Loc loc) {
    Base::require_positive(x.value, prim, loc);
  }
  static void require_nonzero(const HyperDual<S>& x, const char* prim, Loc loc) {
    Base::require_nonzero(x.value, prim, loc);
  }
};

}  // namespace chad

// The kernel runtime's second set, elementwise half (part of chad_runtime.hpp, after
// rt_primitives.hpp): log1p expm1 atan erf abs, `x ^ N`, and the pairs pow atan2 hypot max min,
// each with its value, forward derivative and transpose. A copy of the core's
// (semantics/primitive_ops_second_set.cpp, model/special_functions.hpp for the values,
// target_semantics/derivative_table_second_set.cpp for the derivatives, formulas beside), held to
// it by tests/codegen/runtime_primitives_second_set_test.cpp. Generic over the scalar (double,
// or an outside tool's: unqualified calls find its overloads).
#ifndef CHAD_RT_PRIMITIVES_SECOND_SET_HPP
#define CHAD_RT_PRIMITIVES_SECOND_SET_HPP

#include <cmath>

#ifndef CHAD_RT_PRIMITIVES_HPP
#include "rt_primitives.hpp"
#endif

namespace chad_rt {
namespace detail {

// log1p: x > -1 (NaN fails).
template <class X>
void require_above_minus_one(const X& x, const char* primitive) {
  using S = typename ScalarOf<X>::type;
  for (int k = 0; k < entry_count<X>; ++k)
    if (!(entry(x, k) > S(-1))) [[unlikely]]
      domain_error(primitive, entry(x, k));
}
// atan2: not (0, 0).
template <class X>
void require_not_origin(const X& y, const X& x, const char* primitive) {
  for (int k = 0; k < entry_count<X>; ++k)
    if (entry(y, k) == 0 && entry(x, k) == 0) [[unlikely]]
      throw DomainError("domain error: `" + std::string(primitive) + "` applied to (" +
                        describe_real(to_double(entry(y, k))) + ", " + describe_real(to_double(entry(x, k))) +
                        "), outside its domain");
}

template <class S>
S abs_value(const S& x) { return x < S(0) ? S(-x) : S(x); }
// x^n, n >= 0; 0^0 = 1.
template <class S>
S pow_int(const S& x, int n) {
  if constexpr (std::is_same_v<S, double>) {
    return n == 0 ? 1.0 : std::pow(x, double(n));
  } else {
    S result(1), base = x;
    for (int k = n; k > 0; k >>= 1) {
      if (k & 1) result = result * base;
      if (k > 1) base = base * base;
    }
    return result;
  }
}
// The angle of (x, y) in (-pi, pi]: y = -0 counts as 0.
template <class S>
S atan2_value(const S& y, const S& x) {
  using std::atan2;
  if constexpr (std::is_same_v<S, double>) return std::atan2(y + 0.0, x);
  else return atan2(y, x);
}
template <class S>
S hypot_value(const S& x, const S& y) {
  using std::hypot;
  return hypot(x, y);
}
// 1 where a > b, 0 where a < b, 1/2 at a tie.
template <class S>
S step(const S& a, const S& b) { return S(a > b ? 1.0 : a < b ? 0.0 : 0.5); }

// CHAD's derivative table (target_semantics/derivative_table_second_set.cpp).
template <class S> S d_log1p(const S& x) { return S(1) / (S(1) + x); }                     // 1/(1 + x)
template <class S> S d_expm1(const S& x) { using std::exp; return exp(x); }                 // exp
template <class S> S d_atan(const S& x) { return S(1) / (S(1) + x * x); }                   // 1/(1 + x^2)
template <class S> S d_erf(const S& x) { using std::exp; return S(M_2_SQRTPI) * exp(-(x * x)); }  // 2/sqrt(pi) exp(-x^2)
template <class S> S d_abs(const S& x) { return step(x, S(0)) - step(S(0), x); }          // sign x
// (d/da, d/db) of each pair, as the core's chad_binary_partials.
template <class S> Pair<S, S> d_pow(const S& a, const S& b) {  // (b a^(b-1), a^b log a)
  using std::log, std::pow;
  return {b * pow(a, b - S(1)), pow(a, b) * log(a)};
}
template <class S> Pair<S, S> d_atan2(const S& y, const S& x) {  // (x, -y) / (x^2 + y^2), as (x/h)/h, h = hypot
  const S h = hypot_value(y, x);
  return {(x / h) / h, -((y / h) / h)};
}
template <class S> Pair<S, S> d_hypot(const S& a, const S& b) {  // (a, b) / hypot; 0 at (0, 0)
  const S h = hypot_value(a, b);
  if (h == 0) return {S(0), S(0)};
  return {a / h, b / h};
}
template <class S> Pair<S, S> d_max(const S& a, const S& b) { return {step(a, b), step(b, a)}; }
template <class S> Pair<S, S> d_min(const S& a, const S& b) { return {step(b, a), step(a, b)}; }
}  // namespace detail

// ---- elementwise unary: value, f'(a) da, f'(a) v
#define CHAD_RT_UNARY_SECOND(NAME, VALUE, CHECK)                                                             \
  template <class X>                                                                                         \
  X prim_##NAME(const X& x) {                                                                                \
    CHECK;                                                                                                   \
    return detail::build<X>([&](int k) {                                                                     \
      using S = typename detail::ScalarOf<X>::type;                                                          \
      using std::log1p, std::expm1, std::atan, std::erf;                                                     \
      const S& a = detail::entry(x, k);                                                                      \
      return S(VALUE);                                                                                       \
    });                                                                                                      \
  }                                                                                                          \
  template <class X>                                                                                         \
  X fwd_##NAME(const X& x, const X& dx) {                                                                    \
    return detail::build<X>([&](int k) { return detail::d_##NAME(detail::entry(x, k)) * detail::entry(dx, k); }); \
  }                                                                                                          \
  template <class X>                                                                                         \
  X rev_##NAME(const X& x, const X& v) {                                                                     \
    return fwd_##NAME(x, v);                                                                                 \
  }
CHAD_RT_UNARY_SECOND(log1p, log1p(a), detail::require_above_minus_one(x, "log1p"))
CHAD_RT_UNARY_SECOND(expm1, expm1(a), (void)0)
CHAD_RT_UNARY_SECOND(atan, atan(a), (void)0)
CHAD_RT_UNARY_SECOND(erf, erf(a), (void)0)
CHAD_RT_UNARY_SECOND(abs, detail::abs_value(a), (void)0)
#undef CHAD_RT_UNARY_SECOND

// ---- x ^ N: N x^(N-1) da (0 for N = 0)
template <int N, class X>
X prim_pow_int(const X& x) {
  return detail::build<X>([&](int k) { return detail::pow_int(detail::entry(x, k), N); });
}
template <int N, class X>
X fwd_pow_int(const X& x, const X& dx) {
  using S = typename detail::ScalarOf<X>::type;
  return detail::build<X>([&](int k) {
    if constexpr (N == 0) return S(0) * detail::entry(dx, k);
    else return S(N) * detail::pow_int(detail::entry(x, k), N - 1) * detail::entry(dx, k);
  });
}
template <int N, class X>
X rev_pow_int(const X& x, const X& v) {
  return fwd_pow_int<N>(x, v);
}

// ---- elementwise pairs: value, f_a da + f_b db, (f_a v, f_b v)
#define CHAD_RT_BINARY_SECOND(NAME, VALUE, CHECK)                                                  \
  template <class X>                                                                               \
  X prim_##NAME(const X& x, const X& y) {                                                          \
    CHECK;                                                                                         \
    return detail::build<X>([&](int k) {                                                           \
      using std::pow;                                                                              \
      const auto& a = detail::entry(x, k);                                                         \
      const auto& b = detail::entry(y, k);                                                         \
      return VALUE;                                                                                \
    });                                                                                            \
  }                                                                                                \
  template <class X>                                                                               \
  X fwd_##NAME(const X& x, const X& y, const X& dx, const X& dy) {                                 \
    return detail::build<X>([&](int k) {                                                           \
      const auto p = detail::d_##NAME(detail::entry(x, k), detail::entry(y, k));                   \
      return p.fst * detail::entry(dx, k) + p.snd * detail::entry(dy, k);                          \
    });                                                                                            \
  }                                                                                                \
  template <class X>                                                                               \
  Pair<X, X> rev_##NAME(const X& x, const X& y, const X& v) {                                      \
    return {detail::build<X>([&](int k) {                                                          \
              return detail::d_##NAME(detail::entry(x, k), detail::entry(y, k)).fst * detail::entry(v, k); \
            }),                                                                                    \
            detail::build<X>([&](int k) {                                                          \
              return detail::d_##NAME(detail::entry(x, k), detail::entry(y, k)).snd * detail::entry(v, k); \
            })};                                                                                   \
  }
CHAD_RT_BINARY_SECOND(pow, pow(a, b), detail::require_positive(x, "pow"))
CHAD_RT_BINARY_SECOND(atan2, detail::atan2_value(a, b), detail::require_not_origin(x, y, "atan2"))
CHAD_RT_BINARY_SECOND(hypot, detail::hypot_value(a, b), (void)0)
CHAD_RT_BINARY_SECOND(max, (a > b ? a : b), (void)0)
CHAD_RT_BINARY_SECOND(min, (a < b ? a : b), (void)0)
#undef CHAD_RT_BINARY_SECOND

}  // namespace chad_rt

#endif  // CHAD_RT_PRIMITIVES_SECOND_SET_HPP

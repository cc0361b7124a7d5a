// The kernel runtime's primitives (part of chad_runtime.hpp): each primitive's value, forward
// derivative and transpose, over scalars and fixed-size arrays, with its domain checks.
// A copy of the core's formulas (semantics/primitive_ops.cpp, target_semantics/primitive_derivatives.cpp,
// target_semantics/derivative_table.cpp): the core's work on its own value type (normal forms, MPFR and
// interval scalars) inside the semantics library, while a kernel is one standalone C++ text over
// its own representations that compiles with the standard library only. The copy is
// held to the core's by tests/codegen/runtime_primitives_test.cpp, which compares the two.
#ifndef CHAD_RT_PRIMITIVES_HPP
#define CHAD_RT_PRIMITIVES_HPP

#include <cmath>
#include <string>
#include <type_traits>
#include <utility>

#ifndef CHAD_RT_LINEAR_HPP
#include "rt_linear.hpp"
#endif

namespace chad_rt {

// Values as semantics/primitive_ops.cpp and model/primitives.hpp; derivatives as
// target_semantics/primitive_derivatives.cpp and target_semantics/derivative_table.cpp (formulas beside).

namespace detail {
template <class X>
struct ScalarOf {
  using type = X;
  static constexpr int size = 0;  // not an array
};
template <class S, int N>
struct ScalarOf<Arr<S, N>> {
  using type = S;
  static constexpr int size = N;
};
template <class X>
constexpr bool is_array = ScalarOf<X>::size > 0;

// Entry k of a scalar (k = 0) or an array.
template <class X>
const typename ScalarOf<X>::type& entry(const X& x, int k) {
  if constexpr (is_array<X>) return x[k];
  else return (void)k, x;
}
template <class X>
constexpr int entry_count = is_array<X> ? ScalarOf<X>::size : 1;

// A value shaped like X with entry k = f(k).
template <class X, class F>
X build(F&& f) {
  if constexpr (is_array<X>) {
    X out;
    for (int k = 0; k < ScalarOf<X>::size; ++k) out[k] = f(k);
    return out;
  } else {
    return f(0);
  }
}

template <class S>
[[noreturn]] void domain_error(const char* primitive, const S& x) {
  throw DomainError("domain error: `" + std::string(primitive) + "` applied to " + describe_real(to_double(x)) +
                    ", outside its domain");
}
// log, sqrt: x > 0 (NaN fails).
template <class X>
void require_positive(const X& x, const char* primitive) {
  using S = typename ScalarOf<X>::type;
  for (int k = 0; k < entry_count<X>; ++k)
    if (!(entry(x, k) > S(0))) [[unlikely]]
      domain_error(primitive, entry(x, k));
}
// /: the divisor non-zero and not NaN.
template <class X>
void require_nonzero(const X& x, const char* primitive) {
  for (int k = 0; k < entry_count<X>; ++k) {
    const auto& e = entry(x, k);
    if (e == 0 || e != e) [[unlikely]]
      domain_error(primitive, e);
  }
}

template <class S>
S sigmoid(const S& x) {
  using std::exp;
  if constexpr (std::is_same_v<S, double>) {  // no overflow of exp for large |x|
    return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x));
  } else {
    return S(1) / (S(1) + exp(-x));
  }
}
template <class S>
S softplus(const S& x) {  // log(1 + exp x)
  using std::exp, std::log;
  if constexpr (std::is_same_v<S, double>) {
    return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
  } else {
    return log(S(1) + exp(x));
  }
}

// CHAD's derivative table (target_semantics/derivative_table.cpp): f'(x) of each unary primitive.
template <class S> S d_neg(const S&) { return S(-1); }                  // (-x)' = -1
template <class S> S d_sin(const S& x) { using std::cos; return cos(x); }   // sin' = cos
template <class S> S d_cos(const S& x) { using std::sin; return -sin(x); }  // cos' = -sin
template <class S> S d_exp(const S& x) { using std::exp; return exp(x); }   // exp' = exp
template <class S> S d_log(const S& x) { return S(1) / x; }                 // log' = 1/x
template <class S> S d_sqrt(const S& x) { using std::sqrt; return S(1) / (S(2) * sqrt(x)); }  // 1/(2 sqrt x)
template <class S> S d_tanh(const S& x) {  // tanh' = 1 - tanh^2
  using std::tanh;
  const S t = tanh(x);
  return S(1) - t * t;
}
template <class S> S d_sigmoid(const S& x) {  // sigmoid' = s (1 - s), s = sigmoid x
  const S s = sigmoid(x);
  return s * (S(1) - s);
}
template <class S> S d_softplus(const S& x) { return sigmoid(x); }  // softplus' = sigmoid
}  // namespace detail

// ---- elementwise binary: + - * /
template <class X>
X prim_add(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) + detail::entry(b, k); });
}
template <class X>
X prim_sub(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) - detail::entry(b, k); });
}
template <class X>
X prim_mul(const X& a, const X& b) {
  return detail::build<X>([&](int k) { return detail::entry(a, k) * detail::entry(b, k); });
}
template <class X>
X prim_div(const X& a, const X& b) {
  detail::require_nonzero(b, "/");
  return detail::build<X>([&](int k) { return detail::entry(a, k) / detail::entry(b, k); });
}
// (a +- b)' = da +- db
template <class X>
X fwd_add(const X&, const X&, const X& da, const X& db) {
  return prim_add(da, db);
}
template <class X>
X fwd_sub(const X&, const X&, const X& da, const X& db) {
  return prim_sub(da, db);
}
// (a b)' = da b + a db
template <class X>
X fwd_mul(const X& a, const X& b, const X& da, const X& db) {
  using namespace detail;
  return build<X>([&](int k) { return entry(da, k) * entry(b, k) + entry(a, k) * entry(db, k); });
}
// (a / b)' = da / b - a db / b^2 = (da - (a / b) db) / b: b never squared (b^2 overflows at
// |b| > 1.3e154), the evaluator's form (target_semantics/primitive_derivatives.cpp)
template <class X>
X fwd_div(const X& a, const X& b, const X& da, const X& db) {
  using namespace detail;
  return build<X>([&](int k) {
    const auto& bk = entry(b, k);
    return (entry(da, k) - entry(a, k) / bk * entry(db, k)) / bk;
  });
}
// (v, v), (v, -v); the forms without the primal operands are the code generator's (it leaves out
// what a rule does not read, so that a backpropagator's closure does not keep it).
template <class X>
Pair<X, X> rev_add(const X& v) {
  return {v, v};
}
template <class X>
Pair<X, X> rev_add(const X&, const X&, const X& v) {
  return rev_add(v);
}
template <class X>
Pair<X, X> rev_sub(const X& v) {
  return {v, detail::build<X>([&](int k) { return -detail::entry(v, k); })};
}
template <class X>
Pair<X, X> rev_sub(const X&, const X&, const X& v) {
  return rev_sub(v);
}
// (v b, v a)
template <class X>
Pair<X, X> rev_mul(const X& a, const X& b, const X& v) {
  using namespace detail;
  return {build<X>([&](int k) { return entry(v, k) * entry(b, k); }),
          build<X>([&](int k) { return entry(v, k) * entry(a, k); })};
}
// (v / b, -v a / b^2), the latter as -(v / b) (a / b): b never squared, as the evaluator
template <class X>
Pair<X, X> rev_div(const X& a, const X& b, const X& v) {
  using namespace detail;
  return {build<X>([&](int k) { return entry(v, k) / entry(b, k); }),
          build<X>([&](int k) { return -((entry(v, k) / entry(b, k)) * (entry(a, k) / entry(b, k))); })};
}

// ---- elementwise unary: value, f'(a) da, f'(a) v (a diagonal map is its own transpose)
#define CHAD_RT_UNARY(NAME, VALUE, DERIVATIVE, CHECK)                                            \
  template <class X>                                                                             \
  X prim_##NAME(const X& x) {                                                                    \
    CHECK;                                                                                       \
    return detail::build<X>([&](int k) {                                                         \
      using S = typename detail::ScalarOf<X>::type;                                              \
      using std::sin, std::cos, std::exp, std::log, std::sqrt, std::tanh;                        \
      const S& a = detail::entry(x, k);                                                          \
      return S(VALUE);                                                                           \
    });                                                                                          \
  }                                                                                              \
  template <class X>                                                                             \
  X fwd_##NAME(const X& x, const X& dx) {                                                        \
    return detail::build<X>([&](int k) {                                                         \
      return detail::DERIVATIVE(detail::entry(x, k)) * detail::entry(dx, k);                     \
    });                                                                                          \
  }                                                                                              \
  template <class X>                                                                             \
  X rev_##NAME(const X& x, const X& v) {                                                         \
    return fwd_##NAME(x, v);                                                                     \
  }
CHAD_RT_UNARY(neg, -a, d_neg, (void)0)
CHAD_RT_UNARY(sin, sin(a), d_sin, (void)0)
CHAD_RT_UNARY(cos, cos(a), d_cos, (void)0)
CHAD_RT_UNARY(exp, exp(a), d_exp, (void)0)
CHAD_RT_UNARY(log, log(a), d_log, detail::require_positive(x, "log"))
CHAD_RT_UNARY(sqrt, sqrt(a), d_sqrt, detail::require_positive(x, "sqrt"))
CHAD_RT_UNARY(tanh, tanh(a), d_tanh, (void)0)
CHAD_RT_UNARY(sigmoid, detail::sigmoid(a), d_sigmoid, (void)0)
CHAD_RT_UNARY(softplus, detail::softplus(a), d_softplus, (void)0)
#undef CHAD_RT_UNARY

// The derivatives of exp, sqrt, tanh and sigmoid read from the primal's value y = f(a) where the
// emitter has it (codegen/primal_values.cpp), so that the derivative does not compute f(a) again:
// the same formulas as d_exp ... d_sigmoid above with f(a) replaced by y, so the same numbers.
namespace detail {
template <class S> S d_exp_at_value(const S& y) { return y; }
template <class S> S d_sqrt_at_value(const S& y) { return S(1) / (S(2) * y); }
template <class S> S d_tanh_at_value(const S& y) { return S(1) - y * y; }
template <class S> S d_sigmoid_at_value(const S& y) { return y * (S(1) - y); }
}  // namespace detail
#define CHAD_RT_UNARY_AT_VALUE(NAME)                                                             \
  template <class X>                                                                             \
  X fwd_##NAME##_at_value(const X& y, const X& dx) {                                             \
    return detail::build<X>([&](int k) {                                                         \
      return detail::d_##NAME##_at_value(detail::entry(y, k)) * detail::entry(dx, k);            \
    });                                                                                          \
  }                                                                                              \
  template <class X>                                                                             \
  X rev_##NAME##_at_value(const X& y, const X& v) {                                              \
    return fwd_##NAME##_at_value(y, v);                                                          \
  }
CHAD_RT_UNARY_AT_VALUE(exp)
CHAD_RT_UNARY_AT_VALUE(sqrt)
CHAD_RT_UNARY_AT_VALUE(tanh)
CHAD_RT_UNARY_AT_VALUE(sigmoid)
#undef CHAD_RT_UNARY_AT_VALUE

// ---- sum(x): real[s] -> real
template <class X>
typename detail::ScalarOf<X>::type prim_sum(const X& x) {
  auto total = detail::entry(x, 0);
  for (int k = 1; k < detail::entry_count<X>; ++k) total = total + detail::entry(x, k);
  return total;
}
// (sum a)' = sum da
template <class X>
typename detail::ScalarOf<X>::type fwd_sum(const X&, const X& dx) {
  using S = typename detail::ScalarOf<X>::type;
  S total(0);
  for (int k = 0; k < detail::entry_count<X>; ++k) total = total + detail::entry(dx, k);
  return total;
}
// v replicated to the operand's shape (N = 0: a scalar operand).
template <int N, class S>
std::conditional_t<N == 0, S, Arr<S, (N == 0 ? 1 : N)>> rev_sum(const S& v) {
  if constexpr (N == 0) return v;
  else return Arr<S, N>::Constant(v);
}
template <int N, class X, class S>
auto rev_sum(const X&, const S& v) {
  return rev_sum<N>(v);
}
template <class X, class S>
X rev_sum(const X&, const S& v) {
  return rev_sum<detail::ScalarOf<X>::size>(v);
}

// ---- dot(u, w): real[n] * real[n] -> real
template <class S, int N>
S prim_dot(const Arr<S, N>& u, const Arr<S, N>& w) {
  S total = u[0] * w[0];
  for (int k = 1; k < N; ++k) total = total + u[k] * w[k];
  return total;
}
// dot(u, w)' = dot(du, w) + dot(u, dw)
template <class S, int N>
S fwd_dot(const Arr<S, N>& u, const Arr<S, N>& w, const Arr<S, N>& du, const Arr<S, N>& dw) {
  S total(0);
  for (int k = 0; k < N; ++k) total = total + du[k] * w[k] + u[k] * dw[k];
  return total;
}
// (v w, v u)
template <class S, int N>
Pair<Arr<S, N>, Arr<S, N>> rev_dot(const Arr<S, N>& u, const Arr<S, N>& w, const S& v) {
  Pair<Arr<S, N>, Arr<S, N>> out;
  for (int k = 0; k < N; ++k) out.fst[k] = v * w[k], out.snd[k] = v * u[k];
  return out;
}

// ---- matvec(m, x): real[R,C] * real[C] -> real[R] (m row-major)
template <int R, int C, class S>
Arr<S, R> prim_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x) {
  Arr<S, R> out;
  for (int r = 0; r < R; ++r) {
    S total = m[r * C] * x[0];
    for (int c = 1; c < C; ++c) total = total + m[r * C + c] * x[c];
    out[r] = total;
  }
  return out;
}
// matvec(m, x)' = dm x + m dx
template <int R, int C, class S>
Arr<S, R> fwd_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x, const Arr<S, R * C>& dm, const Arr<S, C>& dx) {
  Arr<S, R> out;
  for (int r = 0; r < R; ++r) {
    S total(0);
    for (int c = 0; c < C; ++c) total = total + dm[r * C + c] * x[c] + m[r * C + c] * dx[c];
    out[r] = total;
  }
  return out;
}
// (v x^T, m^T v)
template <int R, int C, class S>
Pair<Arr<S, R * C>, Arr<S, C>> rev_matvec(const Arr<S, R * C>& m, const Arr<S, C>& x, const Arr<S, R>& v) {
  Pair<Arr<S, R * C>, Arr<S, C>> out{Arr<S, R * C>(), Arr<S, C>::Zero()};
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      out.fst[r * C + c] = v[r] * x[c];
      out.snd[c] = out.snd[c] + m[r * C + c] * v[r];
    }
  return out;
}

// ---- scale(c, w): real * real[s] -> real[s]
template <class S, class X>
X prim_scale(const S& c, const X& w) {
  return detail::build<X>([&](int k) { return c * detail::entry(w, k); });
}
// scale(c, w)' = dc w + c dw
template <class S, class X>
X fwd_scale(const S& c, const X& w, const S& dc, const X& dw) {
  return detail::build<X>([&](int k) { return dc * detail::entry(w, k) + c * detail::entry(dw, k); });
}
// (sum_k v_k w_k, c v)
template <class S, class X>
Pair<S, X> rev_scale(const S& c, const X& w, const X& v) {
  S total(0);
  for (int k = 0; k < detail::entry_count<X>; ++k) total = total + detail::entry(v, k) * detail::entry(w, k);
  return {total, detail::build<X>([&](int k) { return c * detail::entry(v, k); })};
}

// ---- get(v, I): real[n] -> real
template <int I, class S, int N>
S prim_get(const Arr<S, N>& v) {
  static_assert(0 <= I && I < N, "get: index out of range");
  return v[I];
}
// get(v, i)' = dv[i]
template <int I, class S, int N>
S fwd_get(const Arr<S, N>&, const Arr<S, N>& dv) {
  return prim_get<I>(dv);
}
template <int I, class S, int N>
S fwd_get(const Arr<S, N>& dv) {
  return prim_get<I>(dv);
}
// v at position I, zeros elsewhere
template <int I, int N, class S>
Arr<S, N> rev_get(const S& v) {
  static_assert(0 <= I && I < N, "get: index out of range");
  Arr<S, N> out = Arr<S, N>::Zero();
  out[I] = v;
  return out;
}
template <int I, int N, class S>
Arr<S, N> rev_get(const Arr<S, N>&, const S& v) {
  return rev_get<I, N>(v);
}

// ---- vec(e1, ..., en): real * ... * real -> real[n]
template <class S, class... Rest>
Arr<S, 1 + int(sizeof...(Rest))> prim_vec(const S& first, const Rest&... rest) {
  Arr<S, 1 + int(sizeof...(Rest))> out;
  int k = 0;
  out[k++] = first;
  ((out[k++] = S(rest)), ...);
  return out;
}
// vec(e1..en)' = vec(de1..den): the arguments are e1..en then de1..den.
template <class... X>
  requires(sizeof...(X) >= 2 && sizeof...(X) % 2 == 0)
auto fwd_vec(const X&... args) {
  constexpr int n = int(sizeof...(X)) / 2;
  auto all = std::forward_as_tuple(args...);
  using S = std::decay_t<std::tuple_element_t<0, std::tuple<X...>>>;
  return [&]<int... K>(std::integer_sequence<int, K...>) {
    return prim_vec<S>(S(std::get<n + K>(all))...);
  }(std::make_integer_sequence<int, n>{});
}
namespace detail {
// (v[I], (v[I+1], ... v[N-1])), right-nested; a single S for the last.
template <int I, class S, int N>
auto tuple_from(const Arr<S, N>& v) {
  if constexpr (I == N - 1) return S(v[I]);
  else return Pair<S, decltype(tuple_from<I + 1>(v))>{v[I], tuple_from<I + 1>(v)};
}
}  // namespace detail
// (v[0], ..., v[n-1]) as the n-tuple Pair<S, Pair<S, ... S>>.
template <int N, class S>
auto rev_vec(const Arr<S, N>& v) {
  return detail::tuple_from<0>(v);
}
// The arguments are e1..en then the cotangent v.
template <class... X>
  requires(sizeof...(X) >= 2)
auto rev_vec(const X&... args) {
  const auto& v = std::get<sizeof...(X) - 1>(std::forward_as_tuple(args...));
  return detail::tuple_from<0>(v);
}

// ---- comparisons: bool = Sum<Unit, Unit>, False = tag 0, True = tag 1; derivatives zero.
using Bool = Sum<Unit, Unit>;
inline Bool make_bool(bool b) { return b ? Bool::make<1>(Unit{}) : Bool::make<0>(Unit{}); }
template <class S>
Bool prim_lt(const S& a, const S& b) {
  return make_bool(a < b);
}
template <class S>
Bool prim_gt(const S& a, const S& b) {
  return make_bool(b < a);
}
template <class T = Unit, class S>
T fwd_lt(const S&, const S&, const S&, const S&) {
  return zero<T>();
}
template <class T = Unit, class S>
T fwd_gt(const S&, const S&, const S&, const S&) {
  return zero<T>();
}
template <class S, class V>
Pair<S, S> rev_lt(const S&, const S&, const V&) {
  return {S(0), S(0)};
}
template <class S, class V>
Pair<S, S> rev_gt(const S&, const S&, const V&) {
  return {S(0), S(0)};
}

}  // namespace chad_rt

#endif  // CHAD_RT_PRIMITIVES_HPP

// The kernel runtime's second-set array primitives (part of chad_runtime.hpp): mean prod logsumexp
// softmax norm cumsum matmul transpose outer, each value, forward derivative and transpose.
// A copy of the core's (model/array_primitives.hpp for values, target_semantics/array_derivatives.cpp
// for CHAD's derivatives, formulas beside), for the reason rt_primitives.hpp gives; held to the
// core's by tests/codegen/runtime_array_primitives_test.cpp. Matrices are row-major Arr<S, M * N>.
#ifndef CHAD_RT_ARRAY_PRIMITIVES_HPP
#define CHAD_RT_ARRAY_PRIMITIVES_HPP

#include <algorithm>
#include <cmath>

#ifndef CHAD_RT_PRIMITIVES_HPP
#include "rt_primitives.hpp"
#endif

namespace chad_rt {
namespace detail {

template <class X>
typename ScalarOf<X>::type entries_total(const X& x) {
  using S = typename ScalarOf<X>::type;
  S s(0);
  for (int k = 0; k < entry_count<X>; ++k) s = s + entry(x, k);
  return s;
}
// prod_{j != i} v_j for each i, from prefix and suffix products (no division: right at zeros).
template <class X>
X products_but_one(const X& v) {
  using S = typename ScalarOf<X>::type;
  constexpr int n = entry_count<X>;
  S part[n];
  S prefix(1);
  for (int i = 0; i < n; ++i) part[i] = prefix, prefix = prefix * entry(v, i);
  S suffix(1);
  for (int i = n - 1; i >= 0; --i) part[i] = part[i] * suffix, suffix = suffix * entry(v, i);
  return build<X>([&](int k) { return part[k]; });
}
// softmax v = exp(v - v_k) / sum exp(v - v_k), v_k the largest entry (no exp overflows).
template <class S, int N>
Arr<S, N> softmax_of(const Arr<S, N>& v) {
  using std::exp;
  int big = 0;
  for (int i = 1; i < N; ++i)
    if (to_double(v[i]) > to_double(v[big])) big = i;
  Arr<S, N> e;
  for (int i = 0; i < N; ++i) e[i] = exp(v[i] - v[big]);
  const S sum = entries_total(e);
  for (int i = 0; i < N; ++i) e[i] = e[i] / sum;
  return e;
}
// sqrt(sum v_i^2), scaled by a power of two near the largest |v_i| (no overflow or underflow of
// the squares), as model/array_primitives.hpp.
template <class X>
typename ScalarOf<X>::type norm_of(const X& v) {
  using S = typename ScalarOf<X>::type;
  using std::sqrt;
  double big = 0;
  for (int k = 0; k < entry_count<X>; ++k) big = std::fmax(big, std::fabs(to_double(entry(v, k))));
  // scale by 2^-e: exact (e >= -1022: at a subnormal largest entry 2^-e would overflow)
  const int e = big > 0 && std::isfinite(big) ? std::max(std::ilogb(big), -1022) : 0;
  const S down = from_double<S>(std::ldexp(1.0, -e)), up = from_double<S>(std::ldexp(1.0, e));
  S squares(0);
  for (int k = 0; k < entry_count<X>; ++k) squares = squares + (entry(v, k) * down) * (entry(v, k) * down);
  return sqrt(squares) * up;
}
// Row-major (M x K) times (K x N).
template <int M, int K, int N, class S>
Arr<S, M * N> times(const Arr<S, M * K>& a, const Arr<S, K * N>& b) {
  Arr<S, M * N> out = Arr<S, M * N>::Constant(S(0));
  for (int r = 0; r < M; ++r)
    for (int j = 0; j < K; ++j)
      for (int c = 0; c < N; ++c) out[r * N + c] = out[r * N + c] + a[r * K + j] * b[j * N + c];
  return out;
}

}  // namespace detail

// ---- mean(v): real[s] -> real. mean' = sum dv / N; ^T: u / N replicated
template <class X>
auto prim_mean(const X& v) {
  using S = typename detail::ScalarOf<X>::type;
  return detail::entries_total(v) / from_double<S>(detail::entry_count<X>);
}
template <class X>
auto fwd_mean(const X&, const X& dv) { return prim_mean(dv); }
template <class X, class S>
X rev_mean(const X&, const S& u) {
  const S each = u / from_double<S>(detail::entry_count<X>);
  return detail::build<X>([&](int) { return each; });
}

// ---- prod(v): real[s] -> real. prod' = sum_i (prod_{j != i} v_j) dv_i; ^T: u prod_{j != i} v_j
template <class X>
auto prim_prod(const X& v) {
  using S = typename detail::ScalarOf<X>::type;
  S p(1);
  for (int k = 0; k < detail::entry_count<X>; ++k) p = p * detail::entry(v, k);
  return p;
}
template <class X>
auto fwd_prod(const X& v, const X& dv) {
  const X others = detail::products_but_one(v);
  return detail::entries_total(detail::build<X>([&](int k) { return detail::entry(others, k) * detail::entry(dv, k); }));
}
template <class X, class S>
X rev_prod(const X& v, const S& u) {
  const X others = detail::products_but_one(v);
  return detail::build<X>([&](int k) { return u * detail::entry(others, k); });
}

// ---- logsumexp(v): real[n] -> real. logsumexp' = <softmax v, dv>; ^T: u softmax v
template <class S, int N>
S prim_logsumexp(const Arr<S, N>& v) {
  using std::exp, std::log;
  int big = 0;
  for (int i = 1; i < N; ++i)
    if (to_double(v[i]) > to_double(v[big])) big = i;
  S sum(0);
  for (int i = 0; i < N; ++i) sum = sum + exp(v[i] - v[big]);
  return log(sum) + v[big];
}
template <class S, int N>
S fwd_logsumexp(const Arr<S, N>& v, const Arr<S, N>& dv) {
  const Arr<S, N> s = detail::softmax_of(v);
  S total(0);
  for (int i = 0; i < N; ++i) total = total + s[i] * dv[i];
  return total;
}
template <class S, int N>
Arr<S, N> rev_logsumexp(const Arr<S, N>& v, const S& u) {
  Arr<S, N> s = detail::softmax_of(v);
  for (int i = 0; i < N; ++i) s[i] = u * s[i];
  return s;
}

// ---- softmax(v): real[n] -> real[n]. ds = s dv - s <s, dv>; ^T: s u - s <s, u>
template <class S, int N>
Arr<S, N> prim_softmax(const Arr<S, N>& v) { return detail::softmax_of(v); }
template <class S, int N>
Arr<S, N> fwd_softmax(const Arr<S, N>& v, const Arr<S, N>& dv) {
  Arr<S, N> s = detail::softmax_of(v);
  S sdv(0);
  for (int i = 0; i < N; ++i) sdv = sdv + s[i] * dv[i];
  for (int i = 0; i < N; ++i) s[i] = s[i] * dv[i] - s[i] * sdv;
  return s;
}
template <class S, int N>
Arr<S, N> rev_softmax(const Arr<S, N>& v, const Arr<S, N>& u) { return fwd_softmax(v, u); }

// ---- norm(v): real[s] -> real. norm' = <v, dv> / norm v, as <v / norm v, dv> (v_i dv_i
// overflows near 1e308; the evaluator's form); ^T: u v / norm v (v != 0)
template <class X>
auto prim_norm(const X& v) { return detail::norm_of(v); }
template <class X>
auto fwd_norm(const X& v, const X& dv) {
  const auto r = detail::norm_of(v);
  detail::require_nonzero(r, "norm");
  return detail::entries_total(detail::build<X>([&](int k) { return detail::entry(v, k) / r * detail::entry(dv, k); }));
}
template <class X, class S>
X rev_norm(const X& v, const S& u) {
  const S r = detail::norm_of(v);
  detail::require_nonzero(r, "norm");
  return detail::build<X>([&](int k) { return u * detail::entry(v, k) / r; });
}

// ---- cumsum(v): real[n] -> real[n]. cumsum' = cumsum dv; ^T: reversed running sums
template <class S, int N>
Arr<S, N> prim_cumsum(Arr<S, N> v) {
  for (int i = 1; i < N; ++i) v[i] = v[i - 1] + v[i];
  return v;
}
template <class S, int N>
Arr<S, N> fwd_cumsum(const Arr<S, N>&, const Arr<S, N>& dv) { return prim_cumsum(dv); }
template <class S, int N>
Arr<S, N> rev_cumsum(const Arr<S, N>&, Arr<S, N> u) {
  for (int i = N - 2; i >= 0; --i) u[i] = u[i] + u[i + 1];
  return u;
}

// ---- transpose(a): real[m,n] -> real[n,m]. Linear: itself both ways.
template <int M, int N, class S>
Arr<S, M * N> prim_transpose(const Arr<S, M * N>& a) {
  Arr<S, M * N> out;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) out[c * M + r] = a[r * N + c];
  return out;
}
template <int M, int N, class S>
Arr<S, M * N> fwd_transpose(const Arr<S, M * N>&, const Arr<S, M * N>& da) { return prim_transpose<M, N>(da); }
template <int M, int N, class S>
Arr<S, M * N> rev_transpose(const Arr<S, M * N>&, const Arr<S, M * N>& u) { return prim_transpose<N, M>(u); }

// ---- matmul(a, b): real[m,k] * real[k,n] -> real[m,n]. matmul' = da b + a db; ^T: (u b^T, a^T u)
template <int M, int K, int N, class S>
Arr<S, M * N> prim_matmul(const Arr<S, M * K>& a, const Arr<S, K * N>& b) { return detail::times<M, K, N>(a, b); }
template <int M, int K, int N, class S>
Arr<S, M * N> fwd_matmul(const Arr<S, M * K>& a, const Arr<S, K * N>& b, const Arr<S, M * K>& da,
                         const Arr<S, K * N>& db) {
  return detail::times<M, K, N>(da, b) + detail::times<M, K, N>(a, db);
}
template <int M, int K, int N, class S>
Pair<Arr<S, M * K>, Arr<S, K * N>> rev_matmul(const Arr<S, M * K>& a, const Arr<S, K * N>& b, const Arr<S, M * N>& u) {
  return {detail::times<M, N, K>(u, prim_transpose<K, N>(b)), detail::times<K, M, N>(prim_transpose<M, K>(a), u)};
}

// ---- outer(u, v): real[m] * real[n] -> real[m,n]. outer' = du v^T + u dv^T; ^T: (w v, w^T u)
template <class S, int M, int N>
Arr<S, M * N> prim_outer(const Arr<S, M>& u, const Arr<S, N>& v) {
  Arr<S, M * N> out;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) out[r * N + c] = u[r] * v[c];
  return out;
}
template <class S, int M, int N>
Arr<S, M * N> fwd_outer(const Arr<S, M>& u, const Arr<S, N>& v, const Arr<S, M>& du, const Arr<S, N>& dv) {
  return prim_outer(du, v) + prim_outer(u, dv);
}
template <class S, int M, int N>
Pair<Arr<S, M>, Arr<S, N>> rev_outer(const Arr<S, M>& u, const Arr<S, N>& v, const Arr<S, M * N>& w) {
  Pair<Arr<S, M>, Arr<S, N>> out{Arr<S, M>::Constant(S(0)), Arr<S, N>::Constant(S(0))};
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      out.fst[r] = out.fst[r] + w[r * N + c] * v[c];
      out.snd[c] = out.snd[c] + w[r * N + c] * u[r];
    }
  return out;
}

}  // namespace chad_rt

#endif  // CHAD_RT_ARRAY_PRIMITIVES_HPP

#include "target_semantics/array_derivatives.hpp"

#include <algorithm>
#include <cmath>

#include "model/evaluation_fault.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {
namespace {

template <class S>
using Entries = std::vector<S>;

template <class S>
int dim(const Value<S>* v, int i) { return v->extra->shape[std::size_t(i)]; }

// A real value shaped like `like` (scalar or array) with the given entries.
template <class S>
ValueP<S> shaped_like(const Value<S>* like, Entries<S> data) {
  if (like->kind == ValueKind::Scalar) return scalar_value<S>(data[0]);
  return array_value<S>(like->extra->shape, std::move(data));
}

template <class S>
S total(const Entries<S>& v) {
  S s(0);
  for (const S& e : v) s = s + e;
  return s;
}
template <class S>
S inner(const Entries<S>& a, const Entries<S>& b) {
  S s(0);
  for (std::size_t i = 0; i < a.size(); ++i) s = s + a[i] * b[i];
  return s;
}

// softmax v = exp(v - v_k) / sum exp(v - v_k), v_k the largest entry (no exp overflows).
// (mutant SoftmaxNoMaxShift: exp v / sum exp v, no shift, as a double implementation computes
// it in every scalar type: exp v_i past double's range is inf, so inf / inf is NaN)
template <class S>
Entries<S> softmax_of(const Entries<S>& v) {
  using std::exp;
  std::size_t k = 0;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (ScalarTraits<S>::to_double(v[i]) > ScalarTraits<S>::to_double(v[k])) k = i;
  Entries<S> s;
  if (active_evaluator_fault == EvaluatorFault::SoftmaxNoMaxShift) [[unlikely]] {
    for (const S& e : v) {
      const S big = exp(e);
      s.push_back(std::isfinite(ScalarTraits<S>::to_double(big)) ? big : ScalarTraits<S>::from_double(HUGE_VAL));
    }
  } else {
    for (const S& e : v) s.push_back(exp(e - v[k]));
  }
  const S sum = total(s);
  for (S& e : s) e = e / sum;
  return s;
}

// norm v, scaled by 2^-e with 2^e <= the largest |v_i| < 2^(e+1) (exact; no overflow or
// underflow of the squares); a domain error at v = 0.
template <class S>
S norm_of(const Entries<S>& v, Loc loc) {
  using std::sqrt;
  double big = 0;
  for (const S& e : v) big = std::max(big, std::fabs(ScalarTraits<S>::to_double(e)));
  // (e >= -1022: at a subnormal largest entry 2^-e would overflow, and the norm read inf)
  const int exponent = big > 0 && std::isfinite(big) ? std::max(std::ilogb(big), -1022) : 0;
  const S down = ScalarTraits<S>::from_double(std::ldexp(1.0, -exponent));
  const S up = ScalarTraits<S>::from_double(std::ldexp(1.0, exponent));
  S squares(0);
  for (const S& e : v) squares = squares + (e * down) * (e * down);
  S r = sqrt(squares) * up;
  ScalarTraits<S>::require_nonzero(r, "norm", loc);
  return r;
}

// prod_{j != i} v_j for each i, from prefix and suffix products (no division).
// (mutant ProdTransposeByDivision: p / v_i, and 0 where v_i = 0)
template <class S>
Entries<S> products_but_one(const Entries<S>& v) {
  const std::size_t n = v.size();
  Entries<S> out(n, S(1));
  if (active_evaluator_fault == EvaluatorFault::ProdTransposeByDivision) [[unlikely]] {
    S p(1);
    for (const S& e : v) p = p * e;
    for (std::size_t i = 0; i < n; ++i) out[i] = ScalarTraits<S>::to_double(v[i]) == 0 ? S(0) : p / v[i];
    return out;
  }
  S prefix(1);
  for (std::size_t i = 0; i < n; ++i) out[i] = prefix, prefix = prefix * v[i];
  S suffix(1);
  for (std::size_t i = n; i-- > 0;) out[i] = out[i] * suffix, suffix = suffix * v[i];
  return out;
}

// Row-major (m x k) times (k x n).
template <class S>
Entries<S> times(const Entries<S>& a, const Entries<S>& b, int m, int k, int n) {
  Entries<S> out(std::size_t(m) * n, S(0));
  for (int r = 0; r < m; ++r)
    for (int j = 0; j < k; ++j)
      for (int c = 0; c < n; ++c) out[r * n + c] = out[r * n + c] + a[r * k + j] * b[j * n + c];
  return out;
}
// Row-major (m x n) transposed.
template <class S>
Entries<S> transposed(const Entries<S>& a, int m, int n) {
  Entries<S> out(a.size());
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) out[c * m + r] = a[r * n + c];
  return out;
}

// The number of entries of `t`'s result.
template <class S>
std::size_t result_count(const Term& t, const Value<S>* const* x) {
  switch (t.op) {
    case PrimOp::Softmax: case PrimOp::Cumsum: case PrimOp::Transpose: return x[0]->extra->data.size();
    case PrimOp::Matmul: return std::size_t(dim(x[0], 0)) * dim(x[1], 1);
    case PrimOp::Outer: return std::size_t(dim(x[0], 0)) * dim(x[1], 0);
    default: return 1;
  }
}

}  // namespace

template <class S>
ValueP<S> array_second_set_forward(const Term& t, const Value<S>* const* x, const std::vector<Entries<S>>& in,
                                   const std::vector<Entries<S>>& d) {
  const Entries<S>& v = in[0];
  const Entries<S>& dv = d[0];
  switch (t.op) {
    case PrimOp::Mean:  // sum dv / N
      return scalar_value<S>(total(dv) / ScalarTraits<S>::from_double(double(dv.size())));
    case PrimOp::Prod:  // sum_i (prod_{j != i} v_j) dv_i
      return scalar_value<S>(inner(products_but_one(v), dv));
    case PrimOp::Logsumexp:  // <softmax v, dv>
      return scalar_value<S>(inner(softmax_of(v), dv));
    case PrimOp::Softmax: {  // s dv - s <s, dv>
      Entries<S> s = softmax_of(v);
      const S sdv = inner(s, dv);
      for (std::size_t i = 0; i < s.size(); ++i) s[i] = s[i] * dv[i] - s[i] * sdv;
      return shaped_like(x[0], std::move(s));
    }
    case PrimOp::Norm: {  // <v, dv> / norm v, as <v / norm v, dv>: v_i dv_i overflows at |v_i| near 1e308
      const S r = norm_of(v, t.loc);
      S total(0);
      for (std::size_t i = 0; i < v.size(); ++i) total = total + v[i] / r * dv[i];
      return scalar_value<S>(total);
    }
    case PrimOp::Cumsum: {  // cumsum dv
      Entries<S> out = dv;
      for (std::size_t i = 1; i < out.size(); ++i) out[i] = out[i - 1] + out[i];
      return shaped_like(x[0], std::move(out));
    }
    case PrimOp::Transpose: {  // transpose da
      const int m = dim(x[0], 0), n = dim(x[0], 1);
      return array_value<S>({n, m}, transposed(dv, m, n));
    }
    case PrimOp::Matmul: {  // da b + a db
      const int m = dim(x[0], 0), k = dim(x[0], 1), n = dim(x[1], 1);
      Entries<S> out = times(dv, in[1], m, k, n), right = times(v, d[1], m, k, n);
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = out[i] + right[i];
      return array_value<S>({m, n}, std::move(out));
    }
    case PrimOp::Outer: {  // du v^T + u dv^T
      const int m = dim(x[0], 0), n = dim(x[1], 0);
      Entries<S> out(std::size_t(m) * n);
      for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c) out[r * n + c] = dv[r] * in[1][c] + v[r] * d[1][c];
      return array_value<S>({m, n}, std::move(out));
    }
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("not an array primitive of the second set: ") + prim_name(t.op));
  return nullptr;
}

template <class S>
std::vector<ValueP<S>> array_second_set_transpose(const Term& t, const Value<S>* const* x,
                                                  const std::vector<Entries<S>>& in, const Value<S>& cotangent) {
  require_reals(cotangent, result_count(t, x), "a cotangent");
  const Entries<S> u = cotangent.kind == ValueKind::Scalar ? Entries<S>{cotangent.scalar} : cotangent.extra->data;
  const Entries<S>& v = in[0];
  const std::size_t n_entries = v.size();
  switch (t.op) {
    case PrimOp::Mean:  // u / N replicated
      return {shaped_like(x[0], Entries<S>(n_entries, u[0] / ScalarTraits<S>::from_double(double(n_entries))))};
    case PrimOp::Prod: {  // v_i' = u prod_{j != i} v_j
      Entries<S> out = products_but_one(v);
      for (S& e : out) e = u[0] * e;
      return {shaped_like(x[0], std::move(out))};
    }
    case PrimOp::Logsumexp: {  // u softmax v
      Entries<S> s = softmax_of(v);
      for (S& e : s) e = u[0] * e;
      return {shaped_like(x[0], std::move(s))};
    }
    case PrimOp::Softmax: {  // s u - s <s, u>
      Entries<S> s = softmax_of(v);
      const S su = inner(s, u);
      for (std::size_t i = 0; i < s.size(); ++i) s[i] = s[i] * u[i] - s[i] * su;
      return {shaped_like(x[0], std::move(s))};
    }
    case PrimOp::Norm: {  // u v / norm v
      const S r = norm_of(v, t.loc);
      Entries<S> out = v;
      for (S& e : out) e = u[0] * e / r;
      return {shaped_like(x[0], std::move(out))};
    }
    case PrimOp::Cumsum: {  // w_i = u_i + ... + u_{n-1}
      Entries<S> out = u;
      for (std::size_t i = out.size() - 1; i-- > 0;) out[i] = out[i] + out[i + 1];
      return {shaped_like(x[0], std::move(out))};
    }
    case PrimOp::Transpose: {  // transpose u (n x m) back to m x n
      const int m = dim(x[0], 0), n = dim(x[0], 1);
      return {shaped_like(x[0], transposed(u, n, m))};
    }
    case PrimOp::Matmul: {  // (u b^T, a^T u)
      const int m = dim(x[0], 0), k = dim(x[0], 1), n = dim(x[1], 1);
      const Entries<S>& b = in[1];
      Entries<S> da = times(u, transposed(b, k, n), m, n, k);
      // (mutant MatmulTransposeSquare: a^T u sums the rows of a only up to min(m, k))
      const int rows = active_evaluator_fault == EvaluatorFault::MatmulTransposeSquare ? std::min(m, k) : m;
      Entries<S> db(std::size_t(k) * n, S(0));
      for (int r = 0; r < rows; ++r)
        for (int j = 0; j < k; ++j)
          for (int c = 0; c < n; ++c) db[j * n + c] = db[j * n + c] + v[r * k + j] * u[r * n + c];
      return {shaped_like(x[0], std::move(da)), shaped_like(x[1], std::move(db))};
    }
    case PrimOp::Outer: {  // (w v, w^T u) for w the m x n cotangent
      const int m = dim(x[0], 0), n = dim(x[1], 0);
      Entries<S> du(m, S(0)), dv(n, S(0));
      for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c) {
          du[r] = du[r] + u[r * n + c] * in[1][c];
          dv[c] = dv[c] + u[r * n + c] * v[r];
        }
      return {shaped_like(x[0], std::move(du)), shaped_like(x[1], std::move(dv))};
    }
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("not an array primitive of the second set: ") + prim_name(t.op));
  return {};
}

#define CHAD_INSTANTIATE_ARRAY_DERIVATIVES(S)                                                              \
  template ValueP<S> array_second_set_forward<S>(const Term&, const Value<S>* const*,                     \
                                                 const std::vector<Entries<S>>&,                           \
                                                 const std::vector<Entries<S>>&);                          \
  template std::vector<ValueP<S>> array_second_set_transpose<S>(const Term&, const Value<S>* const*,      \
                                                                const std::vector<Entries<S>>&, const Value<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_ARRAY_DERIVATIVES)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_ARRAY_DERIVATIVES)

}  // namespace chad

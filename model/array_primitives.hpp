// The second set's array primitives (mean prod logsumexp softmax norm cumsum matmul transpose
// outer) as compositions of + - * / and exp, log, sqrt over any scalar of the model (double,
// Mpfr, Mpfi, the dual numbers) and over Taylor polynomials of any degree. Their derivatives
// come from those operations' own recurrences (model/taylor.hpp): no derivative formula of these
// primitives is written here (CHAD's are in target_semantics/array_derivatives.cpp).
//   mean v      = (v_0 + ... + v_{N-1}) / N
//   prod v      = v_0 * ... * v_{N-1}       (no division anywhere: right at zero entries)
//   logsumexp v = m + log(sum_i exp(v_i - m)),  m = the largest entry's primal value, a constant
//   softmax v   = exp(v_i - m) / sum_j exp(v_j - m)   (the same m: no exp overflows)
//   norm v      = a sqrt(sum_i (v_i / a)^2),  a = a power of two near the largest |v_i|, a
//                 constant (no overflow or underflow of the squares); kink at v = 0
//   cumsum, matmul, transpose, outer: sums of products, entry by entry.
// m and a are constants (no tangent): the identities hold for every constant, so the derivative
// of the composition is the primitive's.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <mpfi.h>

#include "model/primitives.hpp"
#include "model/vector_dual.hpp"

namespace chad {
namespace array_math {

// Whether T carries derivatives (a kink is then "not differentiable here").
template <class T> inline constexpr bool carries_tangent = false;
template <class S> inline constexpr bool carries_tangent<Dual<S>> = true;
template <class S> inline constexpr bool carries_tangent<VectorDual<S>> = true;
template <class S> inline constexpr bool carries_tangent<Taylor<S>> = true;

// The constant c as a T (a Taylor polynomial of `like`'s degree).
template <class T>
T constant_like(const T&, double c) { return ScalarTraits<T>::from_double(c); }
template <class S>
Taylor<S> constant_like(const Taylor<S>& like, double c) {
  return Taylor<S>::constant(ScalarTraits<S>::from_double(c), like.degree());
}

// The primal value as the nearest double (an interval's midpoint).
template <class T>
double primal_double(const T& x) { return ScalarTraits<T>::to_double(x); }
template <class S>
double primal_double(const Taylor<S>& x) { return ScalarTraits<S>::to_double(x[0]); }

// Whether the primal value is, or may be (an interval holding 0), zero.
inline bool may_be_zero(double x) { return x == 0; }
inline bool may_be_zero(const Mpfr& x) { return x == 0; }
inline bool may_be_zero(const Mpfi& x) { return mpfi_has_zero(x.backend().data()) != 0; }
template <class S>
bool may_be_zero(const Dual<S>& x) { return may_be_zero(x.value); }
template <class S>
bool may_be_zero(const VectorDual<S>& x) { return may_be_zero(x.value); }
template <class S>
bool may_be_zero(const Taylor<S>& x) { return may_be_zero(x[0]); }

template <class T>
T unary(PrimOp op, const T& x) { return apply_unary(op, x); }
template <class S>
Taylor<S> unary(PrimOp op, const Taylor<S>& x) { return taylor_unary(op, x); }

template <class T>
T total(const std::vector<T>& v) {
  T s = v[0];
  for (std::size_t i = 1; i < v.size(); ++i) s = s + v[i];
  return s;
}

template <class T>
T mean(const std::vector<T>& v) { return total(v) / constant_like(v[0], double(v.size())); }

template <class T>
T prod(const std::vector<T>& v) {
  T p = v[0];
  for (std::size_t i = 1; i < v.size(); ++i) p = p * v[i];
  return p;
}

// The primal value of x as a constant (no tangent) in x's own precision: the shift m of logsumexp
// and softmax. (A shift rounded to double is up to half an ulp of double away from the largest
// entry: in MPFR at |v| = 1e30 that is about 7e13, and exp(7e13) overflows MPFR's exponent range.)
template <class T>
T primal_constant(const T& x) { return x; }
template <class S>
Dual<S> primal_constant(const Dual<S>& x) { return Dual<S>{x.value, S(0)}; }
template <class S>
VectorDual<S> primal_constant(const VectorDual<S>& x) { return VectorDual<S>(x.value); }
template <class S>
Taylor<S> primal_constant(const Taylor<S>& x) { return Taylor<S>::constant(x[0], x.degree()); }

// The largest entry's primal value, a constant (the shift of logsumexp and softmax).
template <class T>
T largest(const std::vector<T>& v) {
  std::size_t k = 0;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (primal_double(v[i]) > primal_double(v[k])) k = i;
  return primal_constant(v[k]);
}

// exp(v_i - m) for each i.
template <class T>
std::vector<T> shifted_exps(const std::vector<T>& v, const T& m) {
  std::vector<T> e;
  e.reserve(v.size());
  for (const T& x : v) e.push_back(unary(PrimOp::Exp, x - m));
  return e;
}

template <class T>
T logsumexp(const std::vector<T>& v) {
  const T m = largest(v);
  return unary(PrimOp::Log, total(shifted_exps(v, m))) + m;
}

template <class T>
std::vector<T> softmax(const std::vector<T>& v) {
  std::vector<T> e = shifted_exps(v, largest(v));
  const T sum = total(e);
  for (T& x : e) x = x / sum;
  return e;
}

// Throws ComparisonUndecided at `loc` where T carries derivatives and every entry is (or may be)
// zero: the kink of norm.
template <class T>
T norm(const std::vector<T>& v, Loc loc) {
  if constexpr (carries_tangent<T>) {
    bool at_zero = true;
    for (const T& x : v) at_zero = at_zero && may_be_zero(x);
    if (at_zero)
      throw ComparisonUndecided(loc, "`norm` at the zero vector: a kink, where it is not differentiable");
  }
  double a = 0;
  for (const T& x : v) a = std::fmax(a, std::fabs(primal_double(x)));
  // 2^e and 2^-e both finite: e >= -1022 (a subnormal largest entry would make 2^-e = 2^1074 overflow).
  const int e = a > 0 && std::isfinite(a) ? std::max(std::ilogb(a), -1022) : 0;
  const T down = constant_like(v[0], std::ldexp(1.0, -e)), up = constant_like(v[0], std::ldexp(1.0, e));
  T squares = constant_like(v[0], 0);
  for (const T& x : v) {
    const T y = x * down;
    squares = squares + y * y;
  }
  return unary(PrimOp::Sqrt, squares) * up;
}

template <class T>
std::vector<T> cumsum(std::vector<T> v) {
  for (std::size_t i = 1; i < v.size(); ++i) v[i] = v[i - 1] + v[i];
  return v;
}

// Row-major a (m x k) times b (k x n).
template <class T>
std::vector<T> matmul(const std::vector<T>& a, const std::vector<T>& b, int m, int k, int n) {
  std::vector<T> out;
  out.reserve(std::size_t(m) * n);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) {
      T s = a[std::size_t(r) * k] * b[std::size_t(c)];
      for (int j = 1; j < k; ++j) s = s + a[std::size_t(r) * k + j] * b[std::size_t(j) * n + c];
      out.push_back(std::move(s));
    }
  return out;
}

// Row-major a (m x n) to its n x m transpose.
template <class T>
std::vector<T> transpose(const std::vector<T>& a, int m, int n) {
  std::vector<T> out;
  out.reserve(a.size());
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < m; ++r) out.push_back(a[std::size_t(r) * n + c]);
  return out;
}

template <class T>
std::vector<T> outer(const std::vector<T>& u, const std::vector<T>& v) {
  std::vector<T> out;
  out.reserve(u.size() * v.size());
  for (const T& x : u)
    for (const T& y : v) out.push_back(x * y);
  return out;
}

}  // namespace array_math
}  // namespace chad

// Truncated Taylor polynomials u(t) = u_0 + u_1 t + ... + u_d t^d over any scalar S (double,
// Mpfr, Mpfi), with each function's coefficients computed from its defining recurrence, so that
// no derivative formula is written anywhere (the references' dual numbers are the degree-1
// case, model/primitives.hpp):
//   product    p = a b                 p_k = sum_{j=0..k} a_j b_{k-j}
//   quotient   q b = a                 q_k = (a_k - sum_{j=1..k} b_j q_{k-j}) / b_0
//   exp        y' = y u'               y_k = (1/k) sum_{j=1..k} j u_j y_{k-j}
//   log        u y' = u' (inverse of exp)
//                                      y_k = (u_k - (1/k) sum_{j=1..k-1} j y_j u_{k-j}) / u_0
//   sin, cos   s' = c u', c' = -s u'   s_k = (1/k) sum j u_j c_{k-j}, c_k = -(1/k) sum j u_j s_{k-j}
//   sqrt       y y = u                 y_k = (u_k - sum_{j=1..k-1} y_j y_{k-j}) / (2 y_0)
// (each follows by comparing the coefficients of t^(k-1), or t^k, on both sides). tanh, sigmoid
// and softplus are composed from these in forms where exp never overflows (its argument is
// <= 0): sigmoid u = 1/(1+w) with w = exp(-u) for u_0 >= 0, w/(1+w) with w = exp(u) otherwise;
// softplus u = u + log(1 + exp(-u)) for u_0 > 0, log(1 + exp u) otherwise; tanh u =
// (1-w)/(1+w) with w = exp(-2u) for u_0 >= 0, and tanh u = -tanh(-u) otherwise. The constant
// coefficient of a composed function can lose digits to cancellation (tanh near 0) or to
// rounding 1 + w (softplus far below 0); callers wanting the value to full precision take it
// from the primitive's value function (apply_unary does). The higher coefficients are sums of
// terms of one sign in these forms, so they keep their precision.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

#include "model/scalar.hpp"
#include "syntax/location.hpp"

namespace chad {

template <class S>
class Taylor {
 public:
  using Coefficients = std::vector<S>;

  Taylor() = default;
  Taylor(std::initializer_list<S> coefficients) : c_(coefficients) {}
  explicit Taylor(Coefficients coefficients) : c_(std::move(coefficients)) {}

  // c + 0 t + ... + 0 t^degree.
  static Taylor constant(const S& c, int degree) {
    Taylor t;
    t.c_.assign(std::size_t(degree) + 1, S(0));
    t.c_[0] = c;
    return t;
  }
  // x0 + t (+ 0 t^2 + ...): the independent variable at x0.
  static Taylor variable(const S& x0, int degree) {
    Taylor t = constant(x0, degree);
    if (degree >= 1) t.c_[1] = S(1);
    return t;
  }

  int degree() const { return int(c_.size()) - 1; }
  const S& operator[](int k) const { return c_[std::size_t(k)]; }
  S& operator[](int k) { return c_[std::size_t(k)]; }

 private:
  Coefficients c_;
};

namespace taylor_detail {

template <class S>
int common_degree(const Taylor<S>& a, const Taylor<S>& b) {
  CHAD_INTERNAL_ASSERT(a.degree() == b.degree(), "Taylor polynomials of different degrees meet");
  return a.degree();
}

// A polynomial of u's degree with every coefficient 0.
template <class S>
Taylor<S> zeros_like(const Taylor<S>& u) { return Taylor<S>::constant(S(0), u.degree()); }

// y' = y u' (y_0 given): the exp recurrence, also used for the exponential inside the
// composed functions.
template <class S>
Taylor<S> exp_from(const Taylor<S>& u, S y0) {
  Taylor<S> y = zeros_like(u);
  y[0] = std::move(y0);
  for (int k = 1; k <= u.degree(); ++k) {
    S sum(0);
    for (int j = 1; j <= k; ++j) sum += S(j) * u[j] * y[k - j];
    y[k] = sum / S(k);
  }
  return y;
}

}  // namespace taylor_detail

template <class S>
Taylor<S> operator+(const Taylor<S>& a, const Taylor<S>& b) {
  Taylor<S> r = a;
  for (int k = 0; k <= taylor_detail::common_degree(a, b); ++k) r[k] += b[k];
  return r;
}
template <class S>
Taylor<S> operator-(const Taylor<S>& a) {
  Taylor<S> r = a;
  for (int k = 0; k <= a.degree(); ++k) r[k] = -a[k];
  return r;
}
template <class S>
Taylor<S> operator-(const Taylor<S>& a, const Taylor<S>& b) {
  Taylor<S> r = a;
  for (int k = 0; k <= taylor_detail::common_degree(a, b); ++k) r[k] -= b[k];
  return r;
}
// A constant plus a polynomial: only the constant coefficient changes.
template <class S>
Taylor<S> operator+(const S& c, const Taylor<S>& a) {
  Taylor<S> r = a;
  r[0] += c;
  return r;
}
template <class S>
Taylor<S> operator*(const S& c, const Taylor<S>& a) {
  Taylor<S> r = a;
  for (int k = 0; k <= a.degree(); ++k) r[k] = c * a[k];
  return r;
}
// p_k = sum_{j=0..k} a_j b_{k-j}
template <class S>
Taylor<S> operator*(const Taylor<S>& a, const Taylor<S>& b) {
  Taylor<S> p = taylor_detail::zeros_like(a);
  for (int k = 0; k <= taylor_detail::common_degree(a, b); ++k) {
    S sum(0);
    for (int j = 0; j <= k; ++j) sum += a[j] * b[k - j];
    p[k] = sum;
  }
  return p;
}
// q b = a: q_k = (a_k - sum_{j=1..k} b_j q_{k-j}) / b_0
template <class S>
Taylor<S> operator/(const Taylor<S>& a, const Taylor<S>& b) {
  Taylor<S> q = taylor_detail::zeros_like(a);
  for (int k = 0; k <= taylor_detail::common_degree(a, b); ++k) {
    S rest = a[k];
    for (int j = 1; j <= k; ++j) rest -= b[j] * q[k - j];
    q[k] = rest / b[0];
  }
  return q;
}

template <class S>
Taylor<S> taylor_exp(const Taylor<S>& u) {
  using std::exp;
  return taylor_detail::exp_from(u, S(exp(u[0])));
}

// The inverse of exp: u y' = u', so k u_0 y_k = k u_k - sum_{j=1..k-1} j y_j u_{k-j}.
// Precondition (checked by the evaluator): u_0 > 0.
template <class S>
Taylor<S> taylor_log(const Taylor<S>& u) {
  using std::log;
  Taylor<S> y = taylor_detail::zeros_like(u);
  y[0] = log(u[0]);
  for (int k = 1; k <= u.degree(); ++k) {
    S sum(0);
    for (int j = 1; j <= k - 1; ++j) sum += S(j) * y[j] * u[k - j];
    y[k] = (u[k] - sum / S(k)) / u[0];
  }
  return y;
}

// sin u and cos u together: s' = c u', c' = -s u'.
template <class S>
std::pair<Taylor<S>, Taylor<S>> taylor_sin_cos(const Taylor<S>& u) {
  using std::cos, std::sin;
  Taylor<S> s = taylor_detail::zeros_like(u), c = taylor_detail::zeros_like(u);
  s[0] = sin(u[0]);
  c[0] = cos(u[0]);
  for (int k = 1; k <= u.degree(); ++k) {
    S sum_s(0), sum_c(0);
    for (int j = 1; j <= k; ++j) {
      sum_s += S(j) * u[j] * c[k - j];
      sum_c += S(j) * u[j] * s[k - j];
    }
    s[k] = sum_s / S(k);
    c[k] = -sum_c / S(k);
  }
  return {std::move(s), std::move(c)};
}
template <class S>
Taylor<S> taylor_sin(const Taylor<S>& u) { return taylor_sin_cos(u).first; }
template <class S>
Taylor<S> taylor_cos(const Taylor<S>& u) { return taylor_sin_cos(u).second; }

// y y = u: 2 y_0 y_k = u_k - sum_{j=1..k-1} y_j y_{k-j}. Precondition: u_0 > 0.
template <class S>
Taylor<S> taylor_sqrt(const Taylor<S>& u) {
  using std::sqrt;
  Taylor<S> y = taylor_detail::zeros_like(u);
  y[0] = sqrt(u[0]);
  for (int k = 1; k <= u.degree(); ++k) {
    S rest = u[k];
    for (int j = 1; j <= k - 1; ++j) rest -= y[j] * y[k - j];
    y[k] = rest / (S(2) * y[0]);
  }
  return y;
}

namespace taylor_detail {
// Which of two equal forms to use: either is exact, the sign only keeps exp's argument <= 0
// (for an interval, its midpoint decides; NaN counts as non-negative, so the choice ends).
template <class S>
bool nonnegative(const S& x) { return !(ScalarTraits<S>::to_double(x) < 0); }
template <class S>
bool positive(const S& x) { return ScalarTraits<S>::to_double(x) > 0; }
}  // namespace taylor_detail

// sigmoid u = 1 / (1 + exp(-u)) = exp(u) / (1 + exp(u)).
template <class S>
Taylor<S> taylor_sigmoid(const Taylor<S>& u) {
  const Taylor<S> one = Taylor<S>::constant(S(1), u.degree());
  if (taylor_detail::nonnegative(u[0])) return one / (S(1) + taylor_exp(-u));
  Taylor<S> w = taylor_exp(u);
  return w / (S(1) + w);
}

// softplus u = log(1 + exp u) = u + log(1 + exp(-u)).
template <class S>
Taylor<S> taylor_softplus(const Taylor<S>& u) {
  if (taylor_detail::positive(u[0])) return u + taylor_log(S(1) + taylor_exp(-u));
  return taylor_log(S(1) + taylor_exp(u));
}

// tanh u = 1 - 2 / (1 + exp(2u)) = (1 - w) / (1 + w) with w = exp(-2u); tanh(-u) = -tanh u.
template <class S>
Taylor<S> taylor_tanh(const Taylor<S>& u) {
  if (!taylor_detail::nonnegative(u[0])) return -taylor_tanh(-u);
  Taylor<S> w = taylor_exp(S(-2) * u);
  return (Taylor<S>::constant(S(1), u.degree()) - w) / (S(1) + w);
}

}  // namespace chad

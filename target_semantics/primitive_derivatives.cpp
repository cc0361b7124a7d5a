// Each primitive's forward derivative op'(x; dx) and transposed derivative op^T(x; v), with the
// formula beside its code. Unary functions use CHAD's derivative table
// (target_semantics/derivative_table.hpp), the one place CHAD's derivative formulas of them live.
#include "target_semantics/primitive_derivatives.hpp"

#include <algorithm>

#include "model/evaluation_fault.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/array_derivatives.hpp"
#include "target_semantics/derivative_table.hpp"
#include "target_semantics/evaluator_faults.hpp"
#include "semantics/primitive_ops.hpp"

namespace chad {
namespace {

template <class S>
bool is_zero(const Value<S>* v) { return v->kind == ValueKind::Zero; }

// The entries of a real value (scalar or array) of `count` entries; a zero value reads as
// `count` zeros. Another kind or count is an EvaluationFault.
template <class S>
std::vector<S> entries_of(const Value<S>* v, std::size_t count) {
  if (is_zero(v)) return std::vector<S>(count, S(0));
  require_reals(*v, count, "a (co)tangent");
  if (v->kind == ValueKind::Scalar) return {v->scalar};
  return v->extra->data;
}
template <class S>
std::size_t count_of(const Value<S>* v) {
  if (v->kind == ValueKind::Scalar) return 1;
  return require_kind(*v, ValueKind::Array, "an operand").extra->data.size();
}
// The one entry of a real cotangent (of sum, dot, get).
template <class S>
const S& scalar_of(const Value<S>* v) {
  return require_kind(*v, ValueKind::Scalar, "a cotangent").scalar;
}

// A real value shaped like `like` with the given entries.
template <class S>
ValueP<S> shaped_like(const Value<S>* like, std::vector<S> data) {
  if (like->kind == ValueKind::Scalar) return scalar_value<S>(data[0]);
  return array_value<S>(like->extra->shape, std::move(data));
}

}  // namespace

template <class S>
ValueP<S> primitive_forward(const Term& t, std::size_t arity, const Value<S>* const* x,
                            const Value<S>* const* dx) {
  bool all_zero = true;
  for (std::size_t i = 0; i < arity; ++i) all_zero = all_zero && is_zero(dx[i]);
  if (all_zero || t.op == PrimOp::Lt || t.op == PrimOp::Gt) return zero_value<S>();  // comparisons: 0
  count_scalar_ops(primitive_scalar_ops<S>(t, x));
  auto in = [&](std::size_t i) { return entries_of(x[i], count_of(x[i])); };
  auto d = [&](std::size_t i) { return entries_of(dx[i], count_of(x[i])); };
  switch (t.op) {
    case PrimOp::Add: case PrimOp::Sub: {  // (a +- b)' = da +- db
      auto da = d(0), db = d(1);
      for (std::size_t k = 0; k < da.size(); ++k) da[k] = t.op == PrimOp::Add ? da[k] + db[k] : da[k] - db[k];
      return shaped_like(x[0], std::move(da));
    }
    case PrimOp::Mul: {  // (a b)' = da b + a db
      auto a = in(0), b = in(1), da = d(0), db = d(1);
      if (active_evaluator_fault == EvaluatorFault::MulPrimalDetached) [[unlikely]]  // mutant: a, b detached
        for (std::size_t k = 0; k < a.size(); ++k) a[k] = detached(a[k]), b[k] = detached(b[k]);
      if (active_evaluator_fault == EvaluatorFault::MulByQuotients) [[unlikely]]
        for (std::size_t k = 0; k < a.size(); ++k) b[k] = a[k] * b[k] / a[k], a[k] = a[k] * b[k] / b[k];
      for (std::size_t k = 0; k < a.size(); ++k) da[k] = da[k] * b[k] + a[k] * db[k];
      return shaped_like(x[0], std::move(da));
    }
    case PrimOp::Div: {  // (a / b)' = da / b - a db / b^2 = (da - (a / b) db) / b
      // (b never squared: b^2 overflows double at |b| > 1.3e154 and vanishes at |b| < 1.5e-154,
      // where a db / b^2 is still a number)
      auto a = in(0), b = in(1), da = d(0), db = d(1);
      for (std::size_t k = 0; k < a.size(); ++k) da[k] = (da[k] - a[k] / b[k] * db[k]) / b[k];
      if (active_evaluator_fault == EvaluatorFault::DivNegativeDivisor) [[unlikely]]  // mutant: b < 0 only
        for (std::size_t k = 0; k < a.size(); ++k)
          if (ScalarTraits<S>::to_double(b[k]) < 0) da[k] = da[k] + S(2) * (a[k] / b[k] * db[k] / b[k]);
      return shaped_like(x[0], std::move(da));
    }
    case PrimOp::Sum: {  // (sum a)' = sum da
      auto da = d(0);
      S total(0);
      for (const S& v : da) total = total + v;
      return scalar_value<S>(total);
    }
    case PrimOp::Dot: {  // dot(u, w)' = dot(du, w) + dot(u, dw)
      auto u = in(0), w = in(1), du = d(0), dw = d(1);
      S total(0);
      for (std::size_t k = 0; k < u.size(); ++k) total = total + du[k] * w[k] + u[k] * dw[k];
      return scalar_value<S>(total);
    }
    case PrimOp::Matvec: {  // matvec(m, v)' = dm v + m dv
      const int rows = x[0]->extra->shape[0], cols = x[0]->extra->shape[1];
      auto m = in(0), v = in(1), dm = d(0), dv = d(1);
      std::vector<S> out(rows, S(0));
      if (active_evaluator_fault == EvaluatorFault::MatvecForwardDropsDm) [[unlikely]]
        std::fill(dm.begin(), dm.end(), S(0));  // mutant: only m dv
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) out[r] = out[r] + dm[r * cols + c] * v[c] + m[r * cols + c] * dv[c];
      return array_value<S>({rows}, std::move(out));
    }
    case PrimOp::Scale: {  // scale(c, v)' = dc v + c dv
      const S c = in(0)[0], dc = d(0)[0];
      auto v = in(1), dv = d(1);
      for (std::size_t k = 0; k < v.size(); ++k) dv[k] = dc * v[k] + c * dv[k];
      return shaped_like(x[1], std::move(dv));
    }
    case PrimOp::Get: return scalar_value<S>(d(0)[t.index]);  // get(v, i)' = dv[i]
    case PrimOp::Vec: {  // vec(e1..en)' = vec(de1..den)
      std::vector<S> out;
      for (std::size_t i = 0; i < arity; ++i) out.push_back(d(i)[0]);
      return array_value<S>({int(arity)}, std::move(out));
    }
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer: {  // target_semantics/array_derivatives.hpp
      std::vector<std::vector<S>> xs, dxs;
      for (std::size_t i = 0; i < arity; ++i) xs.push_back(in(i)), dxs.push_back(d(i));
      return array_second_set_forward<S>(t, x, xs, dxs);
    }
    case PrimOp::PowInt: {  // (a ^ n)' = n a^(n-1) da
      auto a = in(0), da = d(0);
      for (std::size_t k = 0; k < a.size(); ++k) da[k] = chad_pow_int_derivative<S>(t.index, a[k]) * da[k];
      return shaped_like(x[0], std::move(da));
    }
    case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min: {
      auto a = in(0), b = in(1), da = d(0), db = d(1);  // f(a, b)' = f_a da + f_b db, elementwise
      for (std::size_t k = 0; k < a.size(); ++k) {
        const auto [fa, fb] = chad_binary_partials<S>(t.op, a[k], b[k]);
        da[k] = fa * da[k] + fb * db[k];
      }
      return shaped_like(x[0], std::move(da));
    }
    default: {  // unary f, elementwise: f'(a) da
      auto a = in(0), da = d(0);
      for (std::size_t k = 0; k < a.size(); ++k) da[k] = chad_unary_derivative<S>(t.op, a[k]) * da[k];
      return shaped_like(x[0], std::move(da));
    }
  }
}

template <class S>
std::vector<ValueP<S>> primitive_transpose(const Term& t, std::size_t arity, const Value<S>* const* x,
                                           const Value<S>& cotangent) {
  std::vector<ValueP<S>> out(arity, zero_value<S>());
  if (is_zero(&cotangent) || t.op == PrimOp::Lt || t.op == PrimOp::Gt) return out;  // comparisons: 0
  count_scalar_ops(primitive_scalar_ops<S>(t, x));
  auto in = [&](std::size_t i) { return entries_of(x[i], count_of(x[i])); };
  const Value<S>* vv = &cotangent;
  switch (t.op) {
    case PrimOp::Add: case PrimOp::Sub: {  // (v, +-v)
      auto v = entries_of(vv, count_of(x[0]));
      out[0] = shaped_like(x[0], v);
      if (t.op == PrimOp::Sub)
        for (S& e : v) e = -e;
      out[1] = shaped_like(x[1], std::move(v));
      return out;
    }
    case PrimOp::Mul: {  // (v b, v a)
      auto a = in(0), b = in(1), v = entries_of(vv, a.size());
      std::vector<S> va(a.size()), vb(a.size());
      if (active_evaluator_fault == EvaluatorFault::MulPrimalDetached) [[unlikely]]  // mutant: a, b detached
        for (std::size_t k = 0; k < a.size(); ++k) a[k] = detached(a[k]), b[k] = detached(b[k]);
      if (active_evaluator_fault == EvaluatorFault::MulByQuotients) [[unlikely]]
        for (std::size_t k = 0; k < a.size(); ++k) b[k] = a[k] * b[k] / a[k], a[k] = a[k] * b[k] / b[k];
      for (std::size_t k = 0; k < a.size(); ++k) va[k] = v[k] * b[k], vb[k] = v[k] * a[k];
      out[0] = shaped_like(x[0], std::move(va));
      out[1] = shaped_like(x[1], std::move(vb));
      return out;
    }
    case PrimOp::Div: {  // (v / b, -v a / b^2), the latter as -(v / b) (a / b): b never squared
      auto a = in(0), b = in(1), v = entries_of(vv, a.size());
      std::vector<S> va(a.size()), vb(a.size());
      for (std::size_t k = 0; k < a.size(); ++k) va[k] = v[k] / b[k], vb[k] = -(va[k] * (a[k] / b[k]));
      if (active_evaluator_fault == EvaluatorFault::DivNegativeDivisor) [[unlikely]]  // mutant: b < 0 only
        for (std::size_t k = 0; k < a.size(); ++k)
          if (ScalarTraits<S>::to_double(b[k]) < 0) vb[k] = -vb[k];
      out[0] = shaped_like(x[0], std::move(va));
      out[1] = shaped_like(x[1], std::move(vb));
      return out;
    }
    case PrimOp::Sum:  // v replicated to the operand's shape
      out[0] = shaped_like(x[0], std::vector<S>(count_of(x[0]), scalar_of(vv)));
      return out;
    case PrimOp::Dot: {  // (v w, v u)
      auto u = in(0), w = in(1);
      const S v = scalar_of(vv);
      for (std::size_t k = 0; k < u.size(); ++k) u[k] = v * u[k], w[k] = v * w[k];
      out[0] = shaped_like(x[0], std::move(w));
      out[1] = shaped_like(x[1], std::move(u));
      return out;
    }
    case PrimOp::Matvec: {  // (v x^T, m^T v)
      const int rows = x[0]->extra->shape[0], cols = x[0]->extra->shape[1];
      auto m = in(0), xs = in(1), v = entries_of(vv, rows);
      std::vector<S> dm(rows * cols, S(0)), dx(cols, S(0));
      // (mutant MatvecTransposeWide: the column loop stops at `rows`, wrong only when cols > rows)
      const int col_end =
          active_evaluator_fault == EvaluatorFault::MatvecTransposeWide ? std::min(rows, cols) : cols;
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < col_end; ++c) {
          dm[r * cols + c] = v[r] * xs[c];
          dx[c] = dx[c] + m[r * cols + c] * v[r];
        }
      out[0] = shaped_like(x[0], std::move(dm));
      out[1] = shaped_like(x[1], std::move(dx));
      return out;
    }
    case PrimOp::Scale: {  // scale(c, w): (sum_k v_k w_k, c v)
      const S c = in(0)[0];
      auto w = in(1), v = entries_of(vv, w.size());
      S total(0);
      for (std::size_t k = 0; k < w.size(); ++k) total = total + v[k] * w[k], v[k] = c * v[k];
      out[0] = scalar_value<S>(total);
      out[1] = shaped_like(x[1], std::move(v));
      return out;
    }
    case PrimOp::Get: {  // v at position i
      std::vector<S> e(count_of(x[0]), S(0));
      e[t.index] = scalar_of(vv);
      out[0] = shaped_like(x[0], std::move(e));
      return out;
    }
    case PrimOp::Vec: {  // (v[0], ..., v[n-1])
      auto v = entries_of(vv, arity);
      for (std::size_t i = 0; i < arity; ++i) out[i] = scalar_value<S>(v[i]);
      return out;
    }
    case PrimOp::Mean: case PrimOp::Prod: case PrimOp::Logsumexp: case PrimOp::Softmax:
    case PrimOp::Norm: case PrimOp::Cumsum: case PrimOp::Matmul: case PrimOp::Transpose:
    case PrimOp::Outer: {  // target_semantics/array_derivatives.hpp
      std::vector<std::vector<S>> xs;
      for (std::size_t i = 0; i < arity; ++i) xs.push_back(in(i));
      return array_second_set_transpose<S>(t, x, xs, cotangent);
    }
    case PrimOp::PowInt: {  // n a^(n-1) v, elementwise
      auto a = in(0), v = entries_of(vv, a.size());
      for (std::size_t k = 0; k < a.size(); ++k) v[k] = chad_pow_int_derivative<S>(t.index, a[k]) * v[k];
      out[0] = shaped_like(x[0], std::move(v));
      return out;
    }
    case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min: {
      auto a = in(0), b = in(1), v = entries_of(vv, a.size());  // (f_a v, f_b v), elementwise
      std::vector<S> va(a.size()), vb(a.size());
      for (std::size_t k = 0; k < a.size(); ++k) {
        const auto [fa, fb] = chad_binary_partials<S>(t.op, a[k], b[k]);
        va[k] = fa * v[k], vb[k] = fb * v[k];
      }
      out[0] = shaped_like(x[0], std::move(va));
      out[1] = shaped_like(x[1], std::move(vb));
      return out;
    }
    default: {  // unary f: f'(a) v, elementwise (a diagonal map is its own transpose)
      auto a = in(0), v = entries_of(vv, a.size());
      for (std::size_t k = 0; k < a.size(); ++k) v[k] = chad_unary_derivative<S>(t.op, a[k]) * v[k];
      out[0] = shaped_like(x[0], std::move(v));
      return out;
    }
  }
}

#define CHAD_INSTANTIATE_PRIMITIVE_DERIVATIVES(S)                                            \
  template ValueP<S> primitive_forward<S>(const Term&, std::size_t, const Value<S>* const*, \
                                          const Value<S>* const*);                          \
  template std::vector<ValueP<S>> primitive_transpose<S>(const Term&, std::size_t,          \
                                                         const Value<S>* const*, const Value<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_PRIMITIVE_DERIVATIVES)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_PRIMITIVE_DERIVATIVES)

}  // namespace chad

// `x ^ n` and the elementwise pairs pow, atan2, hypot, max, min of the second set, for every
// scalar type: plain values (model/special_functions.hpp), and dual numbers (Dual<S>,
// VectorDual<S>) whose tangents are the degree-1 coefficients of the Taylor recurrences
// (model/taylor_second_set.hpp), as for the unary primitives (model/primitives.hpp): no
// derivative formula is read. Kinks are checked by the caller first (model/kinks.hpp).
#pragma once
#include "model/primitives.hpp"
#include "model/taylor_second_set.hpp"
#include "model/vector_dual.hpp"

namespace chad {

// ---- plain scalars -----------------------------------------------------------------------
template <class S>
S apply_pow_int(const S& x, int n) {
  if constexpr (is_dual_number<S>) return apply_pow_int(x, n);  // the dual overload below
  else return special::pow_int(x, n);
}

// pow(a, b), atan2(a, b) (a = y, b = x), hypot(a, b), max(a, b), min(a, b).
template <class S>
S apply_binary(PrimOp op, const S& a, const S& b) {
  if constexpr (is_dual_number<S>) {
    return apply_binary(op, a, b);  // the dual overload below
  } else {
  switch (op) {
    case PrimOp::Pow: return special::pow(a, b);
    case PrimOp::Atan2: return special::atan2(a, b);
    case PrimOp::Hypot: return special::hypot(a, b);
    case PrimOp::Max: return special::max(a, b);
    case PrimOp::Min: return special::min(a, b);
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, std::string("apply_binary: not a binary elementwise primitive: ") + prim_name(op));
  }
}

// ---- Taylor polynomials: the recurrences, the constant coefficient the value ---------------
template <class S>
Taylor<S> taylor_pow_int_valued(const Taylor<S>& u, int n) {
  Taylor<S> y = taylor_pow_int(u, n);
  y[0] = apply_pow_int<S>(u[0], n);
  return y;
}

template <class S>
Taylor<S> taylor_binary(PrimOp op, const Taylor<S>& a, const Taylor<S>& b) {
  Taylor<S> y;
  switch (op) {
    case PrimOp::Pow: y = taylor_pow(a, b); break;
    case PrimOp::Atan2: y = taylor_atan2(a, b); break;
    case PrimOp::Hypot: y = taylor_hypot(a, b); break;
    case PrimOp::Max: y = taylor_max(a, b); break;
    case PrimOp::Min: y = taylor_min(a, b); break;
    default:
      CHAD_INTERNAL_ASSERT(false, std::string("taylor_binary: not a binary elementwise primitive: ") + prim_name(op));
  }
  y[0] = apply_binary<S>(op, a[0], b[0]);
  return y;
}

// ---- dual numbers --------------------------------------------------------------------------
template <class S>
Dual<S> apply_pow_int(const Dual<S>& x, int n) {
  Taylor<S> y = taylor_pow_int_valued(Taylor<S>{x.value, x.tangent}, n);
  Dual<S> d = tool_rounded(Dual<S>{std::move(y[0]), std::move(y[1])});
  if constexpr (std::is_same_v<S, Mpfi>) widen_for_tool(d.tangent, x.tangent);
  return d;
}

template <class S>
Dual<S> apply_binary(PrimOp op, const Dual<S>& a, const Dual<S>& b) {
  Taylor<S> y = taylor_binary(op, Taylor<S>{a.value, a.tangent}, Taylor<S>{b.value, b.tangent});
  Dual<S> d = tool_rounded(Dual<S>{std::move(y[0]), std::move(y[1])});
  if constexpr (std::is_same_v<S, Mpfi>) {
    widen_for_tool(d.tangent, a.tangent);
    widen_for_tool(d.tangent, b.tangent);
  }
  return d;
}

// Per direction, exactly Dual<S>'s computation (model/vector_dual.hpp).
template <class S>
VectorDual<S> apply_pow_int(const VectorDual<S>& x, int n) {
  S value = apply_pow_int<S>(x.value, n);
  if (!x.tangent) return {std::move(value)};
  return {std::move(value), vector_dual_detail::each_component(x, VectorDual<S>{x.value}, [&](const S& dx, const S&) -> S {
            return apply_pow_int(Dual<S>{x.value, dx}, n).tangent;
          })};
}

template <class S>
VectorDual<S> apply_binary(PrimOp op, const VectorDual<S>& a, const VectorDual<S>& b) {
  S value = apply_binary<S>(op, a.value, b.value);
  if (!a.tangent && !b.tangent) return {std::move(value)};
  return {std::move(value), vector_dual_detail::each_component(a, b, [&](const S& da, const S& db) -> S {
            return apply_binary(op, Dual<S>{a.value, da}, Dual<S>{b.value, db}).tangent;
          })};
}

}  // namespace chad

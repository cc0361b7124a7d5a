// Vector-mode forward dual numbers over S (double, Mpfi): a value and K tangents, one per
// direction of a pass, so that a Jacobian with n columns takes ceil(n / K) passes instead of n
// (references/forward_columns.hpp). Each tangent component is computed by exactly the
// operations Dual<S> (model/dual.hpp) performs on its one tangent, so component k equals the
// tangent of a scalar pass seeded with direction k. Tangents are shared and immutable; an absent
// tangent (null) is zero in every direction, and a sum with it shares the other tangent, so a
// value no direction reaches costs no tangent work (x + 0 is x exactly, up to the sign of a zero).
// Not under a ToolRoundingScope (model/tool_rounding.hpp): its absolute widening makes a zero
// tangent non-zero, so the references use scalar passes there.
#pragma once
#include <string>
#include <vector>

#include "model/dual.hpp"
#include "model/local_ptr.hpp"
#include "model/primitives.hpp"

namespace chad {

template <class S>
struct VectorDual {
  using Tangents = LocalP<const std::vector<S>>;
  S value{};
  Tangents tangent;  // null: zero in every direction

  VectorDual() = default;
  VectorDual(S v, Tangents t = nullptr) : value(std::move(v)), tangent(std::move(t)) {}
  explicit VectorDual(int v) : value(S(v)) {}  // S(0) in the evaluator: a zero tangent row

  // Component k (0 when absent).
  S tangent_at(std::size_t k) const { return tangent ? (*tangent)[k] : S(0); }
};

namespace vector_dual_detail {

template <class S>
std::size_t width(const VectorDual<S>& a, const VectorDual<S>& b) {
  return a.tangent ? a.tangent->size() : b.tangent->size();
}

// The tangents f(k) for k < n.
template <class S, class F>
typename VectorDual<S>::Tangents tangents(std::size_t n, const F& f) {
  auto t = make_local<std::vector<S>>();
  t->reserve(n);
  for (std::size_t k = 0; k < n; ++k) t->push_back(f(k));
  return t;
}

}  // namespace vector_dual_detail

template <class S>
VectorDual<S> operator+(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!b.tangent) return {a.value + b.value, a.tangent};
  if (!a.tangent) return {a.value + b.value, b.tangent};
  return {a.value + b.value, vector_dual_detail::tangents<S>(a.tangent->size(), [&](std::size_t k) -> S {
            return (*a.tangent)[k] + (*b.tangent)[k];
          })};
}
template <class S>
VectorDual<S> operator-(const VectorDual<S>& a) {
  if (!a.tangent) return {-a.value};
  return {-a.value, vector_dual_detail::tangents<S>(a.tangent->size(), [&](std::size_t k) -> S { return S(-(*a.tangent)[k]); })};
}
template <class S>
VectorDual<S> operator-(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!b.tangent) return {a.value - b.value, a.tangent};
  if (!a.tangent)
    return {a.value - b.value, vector_dual_detail::tangents<S>(b.tangent->size(), [&](std::size_t k) -> S {
              return S(0) - (*b.tangent)[k];
            })};
  return {a.value - b.value, vector_dual_detail::tangents<S>(a.tangent->size(), [&](std::size_t k) -> S {
            return (*a.tangent)[k] - (*b.tangent)[k];
          })};
}
// Dual<S>'s product rule per component: a'_k b + a b'_k (an absent side's 0 included).
template <class S>
VectorDual<S> operator*(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!a.tangent && !b.tangent) return {a.value * b.value};
  return {a.value * b.value, vector_dual_detail::tangents<S>(vector_dual_detail::width(a, b), [&](std::size_t k) -> S {
            return a.tangent_at(k) * b.value + a.value * b.tangent_at(k);
          })};
}
// Dual<S>'s quotient (the Taylor recurrence of q b = a) per component.
template <class S>
VectorDual<S> operator/(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!a.tangent && !b.tangent) return {a.value / b.value};
  S q0 = (Taylor<S>{a.value, S(0)} / Taylor<S>{b.value, S(0)})[0];
  return {std::move(q0), vector_dual_detail::tangents<S>(vector_dual_detail::width(a, b), [&](std::size_t k) -> S {
            Taylor<S> q = Taylor<S>{a.value, a.tangent_at(k)} / Taylor<S>{b.value, b.tangent_at(k)};
            return std::move(q[1]);
          })};
}

// A unary primitive: Dual<S>'s apply_unary (model/primitives.hpp) per component.
template <class S>
VectorDual<S> apply_unary(PrimOp op, const VectorDual<S>& x) {
  S value = apply_unary<S>(op, x.value);
  if (!x.tangent) return {std::move(value)};
  return {std::move(value), vector_dual_detail::tangents<S>(x.tangent->size(), [&](std::size_t k) -> S {
            return apply_unary(op, Dual<S>{x.value, (*x.tangent)[k]}).tangent;
          })};
}

template <class S>
struct ScalarTraits<VectorDual<S>> {
  using Base = ScalarTraits<S>;
  static VectorDual<S> from_double(double x) { return {Base::from_double(x)}; }
  static double to_double(const VectorDual<S>& x) { return Base::to_double(x.value); }
  static std::string describe(const VectorDual<S>& x) { return Base::describe(x.value); }
  static bool less(const VectorDual<S>& a, const VectorDual<S>& b, Loc loc) {
    return ScalarTraits<Dual<S>>::less(Dual<S>{a.value, S(0)}, Dual<S>{b.value, S(0)}, loc);
  }
  static void require_positive(const VectorDual<S>& x, const char* prim, Loc loc) {
    Base::require_positive(x.value, prim, loc);
  }
  static void require_nonzero(const VectorDual<S>& x, const char* prim, Loc loc) {
    Base::require_nonzero(x.value, prim, loc);
  }
};

}  // namespace chad

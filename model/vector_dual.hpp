// Vector-mode forward dual numbers over S (double, Mpfi): a value and K tangents, one per
// direction of a pass, so that a Jacobian with n columns takes ceil(n / K) passes instead of n
// (references/forward_columns.hpp). Each tangent component is computed by exactly the
// operations Dual<S> (model/dual.hpp) performs on its one tangent, so component k equals the
// tangent of a scalar pass seeded with direction k (up to the sign of a zero).
// Tangents are sparse (model/sparse_tangent.hpp): a component no operation has produced is
// absent, and reads as zero. An absent tangent (null) is zero in every direction. Absent
// components cost no work, and this changes no component, because an absent one is skipped only
// where the scalar pass would compute exactly zero (up to its sign) from it:
//   - a sum keeps the component present on one side as it is (and shares whole subtrees):
//     x + 0 = x - 0 = x exactly, in double (an IEEE sum with a zero is exact; only -0 + 0 = +0)
//     and in MPFI ([a, b] + [0, 0] = [a, b]: the endpoints' sums with 0 are exact, and every
//     interval here has the same precision, so nothing is rounded);
//   - a product, quotient or unary primitive computes the component's formula, with S(0) for an
//     absent side, on every component present on either side (exactly what Dual<S> computes),
//     and skips those absent on both sides only after checking, once per operation, that the
//     formula maps two zero tangents to an exact zero at these values ([0, 0] * b + a * [0, 0] =
//     [0, 0] for finite a, b; not with an infinite or NaN value, 0 * inf being NaN). Where it
//     does not, every component is computed, present or not, as a dense tangent does
//     (`each_component` below).
// Not under a ToolRoundingScope (model/tool_rounding.hpp): its absolute widening makes a zero
// tangent non-zero, so the references use scalar passes there.
#pragma once
#include <string>
#include <vector>

#include <mpfr.h>

#include "model/dual.hpp"
#include "model/primitives.hpp"
#include "model/sparse_tangent.hpp"

namespace chad {

template <class S>
struct VectorDual {
  using Tangents = SparseTangent<S>;
  S value{};
  Tangents tangent;  // null: zero in every direction

  VectorDual() = default;
  VectorDual(S v, Tangents t = nullptr) : value(std::move(v)), tangent(std::move(t)) {}
  explicit VectorDual(int v) : value(S(v)) {}  // S(0) in the evaluator: a zero tangent row

  // Component k (0 when absent).
  S tangent_at(std::size_t k) const { return tangent ? tangent.at(k) : S(0); }
};

namespace vector_dual_detail {

// Exactly zero (either sign): an interval [0, 0].
inline bool is_exact_zero(double x) { return x == 0; }
inline bool is_exact_zero(const Mpfi& x) {
  return mpfr_zero_p(&x.backend().data()[0].left) && mpfr_zero_p(&x.backend().data()[0].right);
}

// The tangent with component k = f(a_k, b_k), a_k and b_k S(0) where absent, a or b present:
// only on the components present in a or b when f(0, 0) is exactly zero (see the header), else
// on every component.
template <class S, class F>
SparseTangent<S> each_component(const VectorDual<S>& a, const VectorDual<S>& b, const F& f) {
  const SparseTangent<S>& present = a.tangent ? a.tangent : b.tangent;
  const S zero(0);
  if (!is_exact_zero(f(zero, zero)))
    return SparseTangent<S>::dense(present.width(), [&](std::size_t k) { return f(a.tangent_at(k), b.tangent_at(k)); });
  return SparseTangent<S>::merge(
      a.tangent, b.tangent, f, [&](const S& x) { return f(x, zero); }, [&](const S& y) { return f(zero, y); });
}

}  // namespace vector_dual_detail

template <class S>
VectorDual<S> operator+(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!b.tangent) return {a.value + b.value, a.tangent};
  if (!a.tangent) return {a.value + b.value, b.tangent};
  return {a.value + b.value, SparseTangent<S>::merge(
                                 a.tangent, b.tangent, [](const S& x, const S& y) -> S { return x + y; },
                                 KeepComponent{}, KeepComponent{})};
}
template <class S>
VectorDual<S> operator-(const VectorDual<S>& a) {
  if (!a.tangent) return {-a.value};
  return {-a.value, SparseTangent<S>::map(a.tangent, [](const S& x) -> S { return S(-x); })};
}
template <class S>
VectorDual<S> operator-(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!b.tangent) return {a.value - b.value, a.tangent};
  auto negated = [](const S& y) -> S { return S(0) - y; };
  if (!a.tangent) return {a.value - b.value, SparseTangent<S>::map(b.tangent, negated)};
  return {a.value - b.value, SparseTangent<S>::merge(
                                 a.tangent, b.tangent, [](const S& x, const S& y) -> S { return x - y; },
                                 KeepComponent{}, negated)};
}
// Dual<S>'s product rule per component: a'_k b + a b'_k (an absent side's 0 included).
template <class S>
VectorDual<S> operator*(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!a.tangent && !b.tangent) return {a.value * b.value};
  return {a.value * b.value, vector_dual_detail::each_component(a, b, [&](const S& da, const S& db) -> S {
            return da * b.value + a.value * db;
          })};
}
// Dual<S>'s quotient (the Taylor recurrence of q b = a) per component.
template <class S>
VectorDual<S> operator/(const VectorDual<S>& a, const VectorDual<S>& b) {
  if (!a.tangent && !b.tangent) return {a.value / b.value};
  S q0 = (Taylor<S>{a.value, S(0)} / Taylor<S>{b.value, S(0)})[0];
  return {std::move(q0), vector_dual_detail::each_component(a, b, [&](const S& da, const S& db) -> S {
            Taylor<S> q = Taylor<S>{a.value, da} / Taylor<S>{b.value, db};
            return std::move(q[1]);
          })};
}

// A unary primitive: Dual<S>'s apply_unary (model/primitives.hpp) per component.
template <class S>
VectorDual<S> apply_unary(PrimOp op, const VectorDual<S>& x) {
  S value = apply_unary<S>(op, x.value);
  if (!x.tangent) return {std::move(value)};
  return {std::move(value), vector_dual_detail::each_component(x, VectorDual<S>{x.value}, [&](const S& dx, const S&) -> S {
            return apply_unary(op, Dual<S>{x.value, dx}).tangent;
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

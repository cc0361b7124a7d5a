// Where the second set's elementwise primitives are continuous but not differentiable
// (language.md's kinks and cuts): `abs` at 0, `max` and `min` where x = y, `hypot` at (0, 0),
// `atan2` on its cut y = 0, x < 0. There the dual references (Dual<S>, VectorDual<S>) throw
// KinkUndecided, the answer "not differentiable at this point" with the reason, never a number:
// exactly at the kink in double and MPFR, and wherever an MPFI enclosure touches it (too near to
// certify), as comparisons do. The plain scalars compute the (continuous) value and check nothing.
#pragma once
#include <mpfi.h>
#include <mpfr.h>

#include "model/dual.hpp"
#include "model/vector_dual.hpp"
#include "syntax/term.hpp"

namespace chad {
namespace kink_detail {

inline bool touches_zero(double x) { return x == 0; }
inline bool touches_zero(const Mpfr& x) { return mpfr_zero_p(x.backend().data()) != 0; }
inline bool touches_zero(const Mpfi& x) { return mpfi_has_zero(x.backend().data()) > 0; }
// a = b, or their enclosures overlap.
inline bool touch(double a, double b) { return a == b; }
inline bool touch(const Mpfr& a, const Mpfr& b) { return mpfr_equal_p(a.backend().data(), b.backend().data()) != 0; }
inline bool touch(const Mpfi& a, const Mpfi& b) {
  const auto& i = a.backend().data()[0];
  const auto& j = b.backend().data()[0];
  return !mpfr_less_p(&i.right, &j.left) && !mpfr_less_p(&j.right, &i.left);
}
inline bool certainly_positive(double x) { return x > 0; }
inline bool certainly_positive(const Mpfr& x) { return mpfr_sgn(x.backend().data()) > 0; }
inline bool certainly_positive(const Mpfi& x) { return mpfi_is_strictly_pos(x.backend().data()) > 0; }

// "its argument is 0" / "its argument's enclosure [a, b] touches 0".
template <class S>
std::string where(const char* what, const S& x, const char* kink) {
  if constexpr (std::is_same_v<S, Mpfi>)
    return std::string(what) + "'s enclosure " + ScalarTraits<S>::describe(x) + " touches " + kink +
           " (the kink, or too near it to certify)";
  else
    return std::string(what) + " is " + ScalarTraits<S>::describe(x) + ", " + kink;
}

template <class S>
void check_unary(PrimOp op, const S& x, Loc loc) {
  if (op == PrimOp::Abs && touches_zero(x)) throw KinkUndecided(loc, "abs", where("its argument", x, "its kink 0"));
}

template <class S>
void check_binary(PrimOp op, const S& a, const S& b, Loc loc) {
  switch (op) {
    case PrimOp::Max: case PrimOp::Min:
      if (touch(a, b))
        throw KinkUndecided(loc, prim_name(op),
                            "its two arguments tie at " + ScalarTraits<S>::describe(a) + " and " +
                                ScalarTraits<S>::describe(b) + " (its kink x = y, or too near it to certify)");
      return;
    case PrimOp::Hypot:
      if (touches_zero(a) && touches_zero(b))
        throw KinkUndecided(loc, "hypot",
                            "its arguments " + ScalarTraits<S>::describe(a) + ", " + ScalarTraits<S>::describe(b) +
                                " touch its kink (0, 0)");
      return;
    case PrimOp::Atan2:  // atan2(y, x): a = y, b = x
      if (touches_zero(a) && !certainly_positive(b))
        throw KinkUndecided(loc, "atan2",
                            "(y, x) = (" + ScalarTraits<S>::describe(a) + ", " + ScalarTraits<S>::describe(b) +
                                ") touches its cut y = 0, x <= 0, where the angle jumps from pi to -pi");
      return;
    default: return;
  }
}

}  // namespace kink_detail

// Throws KinkUndecided where `op` is not differentiable at these dual numbers' values; nothing
// for plain scalars (whose values are continuous there) or smooth points.
template <class S>
void require_smooth(PrimOp, const S&, Loc) {}
template <class S>
void require_smooth(PrimOp op, const Dual<S>& x, Loc loc) { kink_detail::check_unary(op, x.value, loc); }
template <class S>
void require_smooth(PrimOp op, const VectorDual<S>& x, Loc loc) { kink_detail::check_unary(op, x.value, loc); }

template <class S>
void require_smooth(PrimOp, const S&, const S&, Loc) {}
template <class S>
void require_smooth(PrimOp op, const Dual<S>& a, const Dual<S>& b, Loc loc) {
  kink_detail::check_binary(op, a.value, b.value, loc);
}
template <class S>
void require_smooth(PrimOp op, const VectorDual<S>& a, const VectorDual<S>& b, Loc loc) {
  kink_detail::check_binary(op, a.value, b.value, loc);
}

}  // namespace chad

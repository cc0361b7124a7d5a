// Forward dual numbers over any scalar S (double, Mpfr, Mpfi): a value and one tangent.
// Arithmetic follows the chain rule (a quotient: the Taylor recurrence of q b = a); the unary
// primitives are in model/primitives.hpp.
// Comparisons compare primal values and treat a tie as undecidable (the comparison flips
// under any perturbation along a direction that separates the two sides).
#pragma once
#include <string>

#include "model/scalar.hpp"
#include "model/taylor.hpp"
#include "model/tool_rounding.hpp"

namespace chad {

template <class S>
struct Dual {
  S value{};
  S tangent{};
};

// The result of an operation, widened by the modelled rounding of an outside tool while a
// ToolRoundingScope is alive (interval duals only; model/tool_rounding.hpp), its tangent counted
// in the reverse order's allowance.
template <class S>
Dual<S> tool_rounded(Dual<S> d) {
  if constexpr (std::is_same_v<S, Mpfi>) {
    widen_for_tool(d.value);
    widen_for_tool(d.tangent);
    add_reverse_order_allowance(d.tangent);
  }
  return d;
}

template <class S>
Dual<S> operator+(const Dual<S>& a, const Dual<S>& b) {
  return tool_rounded(Dual<S>{a.value + b.value, a.tangent + b.tangent});
}
template <class S>
Dual<S> operator-(const Dual<S>& a, const Dual<S>& b) {
  return tool_rounded(Dual<S>{a.value - b.value, a.tangent - b.tangent});
}
template <class S>
Dual<S> operator-(const Dual<S>& a) {
  return {-a.value, -a.tangent};
}
// (a b)' = a' b + a b'
template <class S>
Dual<S> operator*(const Dual<S>& a, const Dual<S>& b) {
  return tool_rounded(Dual<S>{a.value * b.value, a.tangent * b.value + a.value * b.tangent});
}
// The quotient is q with q b = a: its degree-1 Taylor recurrence (model/taylor.hpp).
template <class S>
Dual<S> operator/(const Dual<S>& a, const Dual<S>& b) {
  Taylor<S> q = Taylor<S>{a.value, a.tangent} / Taylor<S>{b.value, b.tangent};
  return tool_rounded(Dual<S>{std::move(q[0]), std::move(q[1])});
}

template <class S>
struct ScalarTraits<Dual<S>> {
  using Base = ScalarTraits<S>;
  static Dual<S> from_double(double x) { return tool_rounded(Dual<S>{Base::from_double(x), Base::from_double(0)}); }
  static double to_double(const Dual<S>& x) { return Base::to_double(x.value); }
  static std::string describe(const Dual<S>& x) { return Base::describe(x.value); }
  static bool less(const Dual<S>& a, const Dual<S>& b, Loc loc) {
    if constexpr (std::is_same_v<S, Mpfi>) {
      return Base::less(a.value, b.value, loc);  // overlapping enclosures already throw
    } else {
      if (a.value == b.value)
        throw ComparisonUndecided(loc, "both sides equal " + Base::describe(a.value) +
                                           ": a tie, where the comparison flips");
      return a.value < b.value;
    }
  }
  static void require_positive(const Dual<S>& x, const char* prim, Loc loc) {
    Base::require_positive(x.value, prim, loc);
  }
  static void require_nonzero(const Dual<S>& x, const char* prim, Loc loc) {
    Base::require_nonzero(x.value, prim, loc);
  }
};

}  // namespace chad

// The arithmetic of an outside AD tool, modelled for its verdict (docs/adapter-protocol.md, "The
// verdict, and precision"): while a ToolRoundingScope is alive on a thread, every operation on
// interval dual numbers (Dual<Mpfi>: each input coordinate, literal, arithmetic operation and
// unary primitive, on the value and on the tangent) widens its result by a relative `k·u`, plus
// an absolute `k·η` (η: the precision's smallest subnormal, for underflow). The
// interval reference computed under it encloses every value a tool could compute whose
// operations each err by at most that much; outside a scope nothing changes.
#pragma once
#include "model/scalar.hpp"

namespace chad {

// The relative widening in force on this thread (0: none).
double tool_rounding_relative();

class ToolRoundingScope {
 public:
  ToolRoundingScope(double relative, double absolute);
  ~ToolRoundingScope();
  ToolRoundingScope(const ToolRoundingScope&) = delete;
  ToolRoundingScope& operator=(const ToolRoundingScope&) = delete;

 private:
  double previous_, previous_absolute_;
};

// x widened outward by |x|·relative + absolute (x itself when no scope is alive).
void widen_for_tool(Mpfi& x);
// The reverse order. A tool that differentiates by a reverse sweep computes adjoints, each of
// which may err by k·η absolute as well, and an adjoint's error ε at an intermediate value v moves
// the derivative along input j by ε·dv/dx_j. An adjoint can lie below the precision's range where
// every tangent lies inside it: d/dx of x / (x x) at 1.2e146 is -6.7e-293, but the adjoint of x x is
// -5.5e-439, which any reverse sweep in double rounds to 0 (giving +6.7e-293 by the other path).
// While a scope is alive, every widened interval dual's tangent dv/dx_j adds k·η·|dv/dx_j| to
// this thread's reverse-order allowance (tangents beyond double's range add nothing); the
// interval reference widens each derivative of its pass by the allowance
// (references/forward_columns.hpp).
void add_reverse_order_allowance(const Mpfi& tangent);
// The allowance added since the last call (0 outside a scope), and a fresh start.
double take_reverse_order_allowance();
// x widened outward by `absolute` on both sides.
void widen_absolutely(Mpfi& x, double absolute);

// x widened outward by 2·|reference|·relative more (model/tool_rounding.cpp): the tangent of a unary primitive, which a tool
// computes by a formula that can cancel (sigmoid' = s (1 - s), tanh' = 1 - t²), errs by about
// u·|input tangent| even where the exact derivative is tiny.
void widen_for_tool(Mpfi& x, const Mpfi& reference);

}  // namespace chad

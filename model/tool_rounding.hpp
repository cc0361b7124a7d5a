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
// x widened outward by |reference|·relative more: the tangent of a unary primitive, which a tool
// computes by a formula that can cancel (sigmoid' = s (1 - s), tanh' = 1 - t²), errs by about
// u·|input tangent| even where the exact derivative is tiny.
void widen_for_tool(Mpfi& x, const Mpfi& reference);

}  // namespace chad

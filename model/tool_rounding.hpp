// The arithmetic of an outside AD tool, modelled for its verdict (docs/adapter-protocol.md, "The
// verdict, and precision"): while a ToolRoundingScope is alive on a thread, every operation on
// interval dual numbers (Dual<Mpfi>: each input coordinate, literal, arithmetic operation and
// unary primitive, on the value and on the tangent) widens its result by a relative `k·u`. The
// interval reference computed under it encloses every value a tool could compute whose
// operations each err by at most that much; outside a scope nothing changes.
#pragma once
#include "model/scalar.hpp"

namespace chad {

// The relative widening in force on this thread (0: none).
double tool_rounding_relative();

class ToolRoundingScope {
 public:
  explicit ToolRoundingScope(double relative);
  ~ToolRoundingScope();
  ToolRoundingScope(const ToolRoundingScope&) = delete;
  ToolRoundingScope& operator=(const ToolRoundingScope&) = delete;

 private:
  double previous_;
};

// x widened outward by |x|·tool_rounding_relative() (x itself when no scope is alive).
void widen_for_tool(Mpfi& x);

}  // namespace chad

#include "model/tool_rounding.hpp"

#include <mpfi.h>

namespace chad {
namespace {
thread_local double current_relative = 0;
}

double tool_rounding_relative() { return current_relative; }

ToolRoundingScope::ToolRoundingScope(double relative) : previous_(current_relative) { current_relative = relative; }
ToolRoundingScope::~ToolRoundingScope() { current_relative = previous_; }

void widen_for_tool(Mpfi& x) {
  if (current_relative == 0) return;
  mpfi_ptr i = x.backend().data();
  mpfr_t width;
  mpfr_init2(width, mpfi_get_prec(i));
  mpfi_mag(width, i);  // max |x|, rounded up
  mpfr_mul_d(width, width, current_relative, MPFR_RNDU);
  mpfi_increase(i, width);
  mpfr_clear(width);
}

}  // namespace chad

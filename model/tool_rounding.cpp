#include "model/tool_rounding.hpp"

#include "model/interval_magnitude.hpp"

#include <mpfi.h>

#include <cmath>

namespace chad {
namespace {
thread_local double current_relative = 0, current_absolute = 0;
thread_local double reverse_order_allowance = 0;
}

double tool_rounding_relative() { return current_relative; }

ToolRoundingScope::ToolRoundingScope(double relative, double absolute)
    : previous_(current_relative), previous_absolute_(current_absolute) {
  current_relative = relative;
  current_absolute = absolute;
}
ToolRoundingScope::~ToolRoundingScope() {
  current_relative = previous_;
  current_absolute = previous_absolute_;
}

void widen_for_tool(Mpfi& x) {
  if (current_relative == 0) return;
  mpfi_ptr i = x.backend().data();
  mpfr_t width;
  mpfr_init2(width, mpfi_get_prec(i));
  mpfi_mag(width, i);  // max |x|, rounded up
  mpfr_mul_d(width, width, current_relative, MPFR_RNDU);
  mpfr_add_d(width, width, current_absolute, MPFR_RNDU);
  mpfi_increase(i, width);
  mpfr_clear(width);
}

void add_reverse_order_allowance(const Mpfi& tangent) {
  if (current_relative == 0) return;
  const double m = magnitude_up(tangent);
  if (!std::isfinite(m)) return;
  const double term = std::nextafter(m * current_absolute, INFINITY);
  reverse_order_allowance = std::nextafter(reverse_order_allowance + term, INFINITY);
}

void widen_absolutely(Mpfi& x, double absolute) {
  mpfr_t width;
  mpfr_init2(width, 64);
  mpfr_set_d(width, absolute, MPFR_RNDU);
  mpfi_increase(x.backend().data(), width);
  mpfr_clear(width);
}

double take_reverse_order_allowance() {
  const double a = reverse_order_allowance;
  reverse_order_allowance = 0;
  return a;
}

// The factor 2: a tool computes a unary primitive's derivative by a formula in the primitive's own
// output that can cancel (sigmoid' = s (1 - s), tanh' = 1 - t²), and an error of k·u in t moves
// 1 - t² by 2|t|·k·u (XLA's tanh of 19.6 is 1 - 8e-16, 7 ulps below the correctly rounded 1, so its
// 1 - t² is 1.6e-15 for 7.3e-17).
void widen_for_tool(Mpfi& x, const Mpfi& reference) {
  if (current_relative == 0) return;
  mpfr_t width;
  mpfr_init2(width, mpfi_get_prec(reference.backend().data()));
  mpfi_mag(width, reference.backend().data());
  mpfr_mul_d(width, width, 2 * current_relative, MPFR_RNDU);
  mpfi_increase(x.backend().data(), width);
  mpfr_clear(width);
}

}  // namespace chad

// The magnitude of an interval as a double: max |x| over the interval, rounded up (NaN bounds:
// infinity, nothing bounds them). Shared by the precision rule's allowance (model/tool_rounding.cpp)
// and the reverse sweep's overflow test (references/reverse_sweep.cpp).
#pragma once
#include <mpfi.h>
#include <mpfr.h>

#include <cmath>

#include "model/scalar.hpp"

namespace chad {

inline double magnitude_up(const Mpfi& x) {
  mpfr_t m;
  mpfr_init2(m, mpfi_get_prec(x.backend().data()));
  mpfi_mag(m, x.backend().data());
  const double d = mpfr_get_d(m, MPFR_RNDU);
  mpfr_clear(m);
  return std::isnan(d) ? INFINITY : d;
}

}  // namespace chad

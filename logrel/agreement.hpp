// When a number an AD implementation computes agrees with the reference (dual numbers): in
// double, within one relative tolerance (the screen of campaigns and of logrel's checks); in
// MPFI intervals, when the two enclosures meet (a disagreement there is certified).
#pragma once
#include <cmath>

#include "model/scalar.hpp"

namespace chad {

// CHAD (or another AD) and dual numbers round differently: |a - b| <= relative * max(1, |b|).
struct ScreenTolerance {
  static constexpr double relative = 1e-9;
};

// |got - want| / max(1, |want|); infinity where that is NaN.
inline double relative_error(double got, double want) {
  if (got == want) return 0;
  double e = std::fabs(got - want) / std::fmax(1.0, std::fabs(want));
  return std::isnan(e) ? INFINITY : e;
}

inline bool agrees(double got, double want) { return relative_error(got, want) <= ScreenTolerance::relative; }
inline bool agrees(const Mpfr& got, const Mpfr& want) {
  return agrees(ScalarTraits<Mpfr>::to_double(got), ScalarTraits<Mpfr>::to_double(want));
}
inline bool agrees(const Mpfi& got, const Mpfi& want) {
  return lower_bound_down(got) <= upper_bound_up(want) && lower_bound_down(want) <= upper_bound_up(got);
}

}  // namespace chad

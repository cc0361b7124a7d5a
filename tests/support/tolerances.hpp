// The tolerances the oracle tests compare with, in one place, and why each is what it is.
#pragma once
#include <cmath>

namespace chad::testing {

struct Tolerances {
  // Dual numbers in double: a few roundings per operation on small programs.
  static constexpr double dual_relative = 1e-13;
  // Finite differences in MPFR with Richardson extrapolation: the issue asks for 1e-12.
  static constexpr double fd_relative = 1e-12;
  // The closed forms in the tests are computed in double, so they may sit a few ulps outside
  // a tight certified enclosure: widen the enclosure by this relative amount before asking
  // whether it contains the closed form.
  static constexpr double closed_form_rounding = 1e-14;
};

inline bool close_relative(double actual, double expected, double relative) {
  return std::fabs(actual - expected) <= relative * std::fmax(1.0, std::fabs(expected));
}

}  // namespace chad::testing

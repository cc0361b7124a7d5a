// An enclosure of CHAD's run in MPFI whose bounds are numbers in MPFR but lie beyond double's
// range: rounded outward to double it reads unbounded, yet it is no infinity of CHAD's (an
// interval of 128 bits around an intermediate near 1e300 can be that wide; CHAD's NaN or a
// division by an interval holding 0 is a true infinity, and a fail). Where such an entry meets
// the reference's, the interval check decides nothing: the campaign (oracle/chad_under_test.cpp)
// and `verify` (oracle/verify.cpp) both call it `fail-numeric`, with this reason.
#pragma once
#include <cmath>
#include <string>

#include "model/scalar.hpp"
#include "references/jacobian.hpp"
#include "syntax/printer.hpp"

namespace chad {

inline bool beyond_double_range(const Mpfi& x) {
  const auto* b = x.backend().data();
  const Enclosure e = enclose(x);
  return mpfr_number_p(&b[0].left) && mpfr_number_p(&b[0].right) && !(std::isfinite(e.lo) && std::isfinite(e.hi));
}

// "[-1.2e+310, 3.4e+232]": the bounds as MPFR holds them (double would print them infinite).
inline std::string bounds_text(const Mpfi& x) {
  return "[" + boost::multiprecision::lower(x).str(3, std::ios_base::scientific) + ", " +
         boost::multiprecision::upper(x).str(3, std::ios_base::scientific) + "]";
}

// The reason shown for entry [i][j] (`got` beyond double's range, `want` the reference's).
inline std::string wider_than_double_reason(std::size_t i, std::size_t j, const Mpfi& got, const Enclosure& want) {
  return "d output[" + std::to_string(i) + "] / d input[" + std::to_string(j) +
         "]: CHAD's enclosure is finite but wider than double's range (" + bounds_text(got) +
         "), the certified reference [" + print_real(want.lo) + ", " + print_real(want.hi) +
         "]: the interval check cannot decide";
}

}  // namespace chad

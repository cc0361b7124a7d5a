// An enclosure of CHAD's run in MPFI whose bounds are numbers in MPFR but lie beyond double's
// range: rounded outward to double it reads unbounded, yet it is no infinity of CHAD's (an
// interval of 128 bits around an intermediate near 1e300 can be that wide; CHAD's NaN or a
// division by an interval holding 0 is a true infinity, and a fail). Where such an entry meets
// the reference's, the interval check decides nothing: the campaign's certified check and
// `verify`'s (both in oracle/chad_under_test.cpp, over `decidable_entries`) call it `fail-numeric`,
// with this reason.
#pragma once
#include <cmath>
#include <optional>
#include <string>
#include <vector>

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

// CHAD's Jacobian in MPFI as enclosures to judge: in the first `rows` rows, an entry beyond double's
// range that meets the reference's is replaced by the reference's (it decides nothing: the other
// entries still do), and `beyond` holds the first such entry's reason.
struct DecidableEntries {
  std::vector<std::vector<Enclosure>> entries;
  std::optional<std::string> beyond;
};
inline DecidableEntries decidable_entries(const std::vector<std::vector<Mpfi>>& jacobian,
                                          const JacobianResult& reference, std::size_t rows) {
  DecidableEntries out{std::vector<std::vector<Enclosure>>(jacobian.size()), std::nullopt};
  for (std::size_t i = 0; i < jacobian.size(); ++i)
    for (std::size_t j = 0; j < jacobian[i].size(); ++j) {
      Enclosure x = enclose(jacobian[i][j]);
      const Enclosure& want = reference.enclosure[i][j];
      if (i < rows && beyond_double_range(jacobian[i][j]) && enclosure_gap(x, want) == 0) {
        if (!out.beyond) out.beyond = wider_than_double_reason(i, j, jacobian[i][j], want);
        x = want;
      }
      out.entries[i].push_back(x);
    }
  return out;
}

}  // namespace chad

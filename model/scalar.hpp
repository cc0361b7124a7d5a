// The scalar types the model is evaluated in, and the one interface the evaluators use for
// them (ScalarTraits<S>): double; MPFR floats (256 bits); MPFI intervals (128 bits); and
// forward dual numbers Dual<S> over any of them (model/dual.hpp).
#pragma once
#include <string>

#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "syntax/location.hpp"

namespace chad {

using Mpfr = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<256>,
                                           boost::multiprecision::et_off>;
using Mpfi = boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<128>,
                                           boost::multiprecision::et_off>;

// Specialised for double, Mpfr, Mpfi (model/scalar.cpp) and Dual<S> (model/dual.hpp):
//   static S from_double(double x);             exact embedding
//   static double to_double(const S& x);        nearest double (intervals: their midpoint;
//                                               duals: the primal part)
//   static std::string describe(const S& x);    for messages ("0.5", "[0.49, 0.51]", ...)
//   static bool less(const S& a, const S& b, Loc loc);
//       a < b; throws ComparisonUndecided when a == b (a tie, where the comparison flips) or,
//       for intervals, when the enclosures overlap
//   static void require_positive(const S& x, const char* prim, Loc loc);   log, sqrt: x > 0
//   static void require_nonzero(const S& x, const char* prim, Loc loc);    /: x != 0
//       both throw DomainError (undecided = true when an interval straddles the boundary)
template <class S>
struct ScalarTraits;

}  // namespace chad

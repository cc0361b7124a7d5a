// The scalar types the model is evaluated in, and the one interface the evaluators use for
// them (ScalarTraits<S>): double; MPFR floats (256 bits); MPFI intervals (128 bits); and
// forward dual numbers Dual<S> over any of them (model/dual.hpp).
#pragma once
#include <string>

#include <boost/multiprecision/mpfi.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include "syntax/location.hpp"

namespace chad {

// The backends' parameters count decimal digits: 80 digits are 266 bits (>= 256 asked for),
// 40 digits are 133 bits (>= 128).
using Mpfr = boost::multiprecision::number<boost::multiprecision::mpfr_float_backend<80>,
                                           boost::multiprecision::et_off>;
using Mpfi = boost::multiprecision::number<boost::multiprecision::mpfi_float_backend<40>,
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

#define CHAD_DECLARE_SCALAR_TRAITS(S)                                         \
  template <>                                                                 \
  struct ScalarTraits<S> {                                                    \
    static S from_double(double x);                                           \
    static double to_double(const S& x);                                      \
    static std::string describe(const S& x);                                  \
    static bool less(const S& a, const S& b, Loc loc);                        \
    static void require_positive(const S& x, const char* prim, Loc loc);      \
    static void require_nonzero(const S& x, const char* prim, Loc loc);       \
  };
CHAD_DECLARE_SCALAR_TRAITS(double)
CHAD_DECLARE_SCALAR_TRAITS(Mpfr)
CHAD_DECLARE_SCALAR_TRAITS(Mpfi)
#undef CHAD_DECLARE_SCALAR_TRAITS

// The bounds of an interval rounded outward to double (for certified enclosures in JSON).
double lower_bound_down(const Mpfi& x);
double upper_bound_up(const Mpfi& x);

}  // namespace chad

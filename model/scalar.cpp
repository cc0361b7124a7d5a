#include "model/scalar.hpp"

#include <mpfi.h>
#include <mpfr.h>

#include "syntax/printer.hpp"

namespace chad {

// ---- double ------------------------------------------------------------------------------
double ScalarTraits<double>::from_double(double x) { return x; }
double ScalarTraits<double>::to_double(const double& x) { return x; }
std::string ScalarTraits<double>::describe(const double& x) { return print_real(x); }
bool ScalarTraits<double>::less(const double& a, const double& b, Loc) { return a < b; }
void ScalarTraits<double>::require_positive(const double& x, const char* prim, Loc loc) {
  if (!(x > 0)) throw DomainError(loc, prim, describe(x), false);
}
void ScalarTraits<double>::require_nonzero(const double& x, const char* prim, Loc loc) {
  if (x == 0 || x != x) throw DomainError(loc, prim, describe(x), false);
}

// ---- MPFR --------------------------------------------------------------------------------
Mpfr ScalarTraits<Mpfr>::from_double(double x) { return Mpfr(x); }
double ScalarTraits<Mpfr>::to_double(const Mpfr& x) { return x.convert_to<double>(); }
std::string ScalarTraits<Mpfr>::describe(const Mpfr& x) { return print_real(to_double(x)); }
bool ScalarTraits<Mpfr>::less(const Mpfr& a, const Mpfr& b, Loc) { return a < b; }
void ScalarTraits<Mpfr>::require_positive(const Mpfr& x, const char* prim, Loc loc) {
  if (!(x > 0)) throw DomainError(loc, prim, describe(x), false);
}
void ScalarTraits<Mpfr>::require_nonzero(const Mpfr& x, const char* prim, Loc loc) {
  if (x == 0 || isnan(x)) throw DomainError(loc, prim, describe(x), false);
}

// ---- MPFI --------------------------------------------------------------------------------
// `+ 0.0` turns MPFI's -0 (the upper end of a zero interval) into 0.
double lower_bound_down(const Mpfi& x) { return mpfr_get_d(&x.backend().data()[0].left, MPFR_RNDD) + 0.0; }
double upper_bound_up(const Mpfi& x) { return mpfr_get_d(&x.backend().data()[0].right, MPFR_RNDU) + 0.0; }

Mpfi ScalarTraits<Mpfi>::from_double(double x) { return Mpfi(x); }
double ScalarTraits<Mpfi>::to_double(const Mpfi& x) {
  Mpfr mid = boost::multiprecision::median(x).convert_to<Mpfr>();
  return mid.convert_to<double>();
}
std::string ScalarTraits<Mpfi>::describe(const Mpfi& x) {
  double lo = lower_bound_down(x), hi = upper_bound_up(x);
  if (lo == hi) return print_real(lo);
  return "[" + print_real(lo) + ", " + print_real(hi) + "]";
}
bool ScalarTraits<Mpfi>::less(const Mpfi& a, const Mpfi& b, Loc loc) {
  if (mpfr_less_p(&a.backend().data()[0].right, &b.backend().data()[0].left)) return true;
  if (mpfr_less_p(&b.backend().data()[0].right, &a.backend().data()[0].left)) return false;
  throw ComparisonUndecided(loc, "the enclosures " + describe(a) + " and " + describe(b) +
                                     " of its two sides overlap (a tie, where the comparison "
                                     "flips, or too close to one to certify)");
}
void ScalarTraits<Mpfi>::require_positive(const Mpfi& x, const char* prim, Loc loc) {
  const auto& i = x.backend().data()[0];
  if (mpfr_sgn(&i.left) > 0) return;
  throw DomainError(loc, prim, describe(x), mpfr_sgn(&i.right) > 0);
}
void ScalarTraits<Mpfi>::require_nonzero(const Mpfi& x, const char* prim, Loc loc) {
  const auto& i = x.backend().data()[0];
  if (mpfr_sgn(&i.left) > 0 || mpfr_sgn(&i.right) < 0) return;
  bool certainly_zero = mpfr_zero_p(&i.left) && mpfr_zero_p(&i.right);
  throw DomainError(loc, prim, describe(x), !certainly_zero);
}

}  // namespace chad

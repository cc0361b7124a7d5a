// Scalars at the kernel ABI (part of chad_runtime.hpp): to_double and from_double, the
// customisation points through which a kernel over another scalar type (ADOL-C's adouble,
// Ceres's Jet) reads and writes doubles.
#ifndef CHAD_RT_SCALARS_HPP
#define CHAD_RT_SCALARS_HPP

namespace chad_rt {

inline double to_double(const double& x) { return x; }
// For messages and the double ABI: a scalar that converts (double, ADOL-C's adouble), or an AD
// tool's dual number by its value part (Ceres's Jet: `.a`). Overload it for another type.
template <class S>
double to_double(const S& x) {
  if constexpr (requires { static_cast<double>(x); })
    return static_cast<double>(x);
  else
    return to_double(x.a);
}
template <class S>
S from_double(double x) {
  return S(x);
}

}  // namespace chad_rt

#endif  // CHAD_RT_SCALARS_HPP

// Hand-written Horner's rule (issue 13 benchmarks), the same function as
// bench/programs/horner.chad and horner_closure.chad, over the input's normal-form
// coordinates: in[0] = x, in[1..n] = c0, ..., c(n-1). Templated on the scalar: with double it
// is the physical limit the compiled primal is compared with; with ADOL-C's adouble it is the
// function ADOL-C tapes.
#pragma once
#include <cstddef>

namespace chad::bench {

template <class T>
T horner_value(const T* in, std::size_t coefficients) {
  const T& x = in[0];
  const T* c = in + 1;
  T p = c[coefficients - 1];
  for (std::size_t k = coefficients - 1; k-- > 0;) p = c[k] + x * p;
  return p;
}

}  // namespace chad::bench

// Hand-written adjoint of Horner's rule (issue 33, the ADBench "Manual" style: the reverse pass
// written by hand, no tape, no AD tool): the value and gradient of horner_value (horner.hpp,
// the same function as bench/programs/horner.chad and horner_closure.chad) over the input's
// normal-form coordinates in[0] = x, in[1..n] = c0, ..., c(n-1).
// Forward: p(n-1) = c(n-1), p(k) = c(k) + x p(k+1), keeping every p(k+1) in `work`.
// Reverse from p(0)'s adjoint 1: the adjoint of p(k) is x^k = dp/dck, and x's adjoint sums
// p(k)'s adjoint times p(k+1).
#pragma once
#include <cstddef>
#include <vector>

namespace chad::bench {

// Returns p(x); writes all 1 + n coordinates of the gradient. `work` is scratch, reused.
inline double horner_adjoint(const double* in, std::size_t coefficients, double* gradient,
                             std::vector<double>& work) {
  const double x = in[0];
  const double* c = in + 1;
  work.resize(coefficients);
  double p = c[coefficients - 1];
  for (std::size_t k = coefficients - 1; k-- > 0;) {
    work[k] = p;  // p(k + 1), which x's adjoint needs at step k
    p = c[k] + x * p;
  }
  double p_adjoint = 1, x_adjoint = 0;
  double* c_adjoint = gradient + 1;
  for (std::size_t k = 0; k + 1 < coefficients; ++k) {
    c_adjoint[k] = p_adjoint;
    x_adjoint += p_adjoint * work[k];
    p_adjoint *= x;
  }
  c_adjoint[coefficients - 1] = p_adjoint;
  gradient[0] = x_adjoint;
  return p;
}

}  // namespace chad::bench

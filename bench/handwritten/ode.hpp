// Hand-written explicit midpoint (RK2) integration of Lotka-Volterra (issue 13 benchmarks), the
// same function as bench/programs/ode.chad, over the input's normal-form coordinates:
// p = (a, b, c, d), y0 (2), then the step sizes h0, ..., h(n-1), applied last first as the
// program's fold does. Returns |y(T)|^2. Templated on the scalar (double: the physical limit;
// adouble: ADOL-C).
#pragma once
#include <cstddef>

namespace chad::bench {

template <class T>
T ode_objective(const T* in, std::size_t steps) {
  const T* p = in;
  const T* h = in + 6;
  T u = in[4], v = in[5];
  for (std::size_t k = steps; k-- > 0;) {
    T du = p[0] * u - p[1] * u * v, dv = p[2] * u * v - p[3] * v;
    T um = u + 0.5 * h[k] * du, vm = v + 0.5 * h[k] * dv;
    T dum = p[0] * um - p[1] * um * vm, dvm = p[2] * um * vm - p[3] * vm;
    u = u + h[k] * dum;
    v = v + h[k] * dvm;
  }
  return u * u + v * v;
}

}  // namespace chad::bench

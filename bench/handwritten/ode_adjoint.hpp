// Hand-written adjoint of the explicit midpoint (RK2) Lotka-Volterra integration (issue 33, the
// ADBench "Manual" style: the reverse pass written by hand, no tape, no AD tool): the value and
// gradient of ode_objective (ode.hpp, the same function as bench/programs/ode.chad) over the
// input's normal-form coordinates: p = (a, b, c, d), y0 (2), then the step sizes h0, ..., h(n-1),
// applied last first. The forward pass keeps the state before every step in `work` (2 n
// doubles); the reverse pass walks the steps back, first applied last.
#pragma once
#include <cstddef>
#include <vector>

namespace chad::bench {

// Returns |y(T)|^2; writes all 6 + n coordinates of the gradient.
inline double ode_adjoint(const double* in, std::size_t steps, double* gradient, std::vector<double>& work) {
  const double* p = in;
  const double* h = in + 6;
  work.resize(2 * steps);
  double u = in[4], v = in[5];
  for (std::size_t k = steps; k-- > 0;) {
    work[2 * k] = u;
    work[2 * k + 1] = v;
    const double du = p[0] * u - p[1] * u * v, dv = p[2] * u * v - p[3] * v;
    const double um = u + 0.5 * h[k] * du, vm = v + 0.5 * h[k] * dv;
    u = u + h[k] * (p[0] * um - p[1] * um * vm);
    v = v + h[k] * (p[2] * um * vm - p[3] * vm);
  }
  const double value = u * u + v * v;
  double u_adjoint = 2 * u, v_adjoint = 2 * v;
  double p_adjoint[4] = {0, 0, 0, 0};
  for (std::size_t k = 0; k < steps; ++k) {
    // Recompute the step's intermediates from the state before it.
    u = work[2 * k];
    v = work[2 * k + 1];
    const double du = p[0] * u - p[1] * u * v, dv = p[2] * u * v - p[3] * v;
    const double um = u + 0.5 * h[k] * du, vm = v + 0.5 * h[k] * dv;
    const double dum = p[0] * um - p[1] * um * vm, dvm = p[2] * um * vm - p[3] * vm;
    // u' = u + h dum, v' = v + h dvm.
    double h_adjoint = u_adjoint * dum + v_adjoint * dvm;
    const double dum_adjoint = h[k] * u_adjoint, dvm_adjoint = h[k] * v_adjoint;
    p_adjoint[0] += dum_adjoint * um;
    p_adjoint[1] -= dum_adjoint * um * vm;
    p_adjoint[2] += dvm_adjoint * um * vm;
    p_adjoint[3] -= dvm_adjoint * vm;
    const double um_adjoint = dum_adjoint * (p[0] - p[1] * vm) + dvm_adjoint * p[2] * vm;
    const double vm_adjoint = -dum_adjoint * p[1] * um + dvm_adjoint * (p[2] * um - p[3]);
    // um = u + h/2 du, vm = v + h/2 dv.
    h_adjoint += 0.5 * (um_adjoint * du + vm_adjoint * dv);
    const double du_adjoint = 0.5 * h[k] * um_adjoint, dv_adjoint = 0.5 * h[k] * vm_adjoint;
    p_adjoint[0] += du_adjoint * u;
    p_adjoint[1] -= du_adjoint * u * v;
    p_adjoint[2] += dv_adjoint * u * v;
    p_adjoint[3] -= dv_adjoint * v;
    u_adjoint += um_adjoint + du_adjoint * (p[0] - p[1] * v) + dv_adjoint * p[2] * v;
    v_adjoint += vm_adjoint - du_adjoint * p[1] * u + dv_adjoint * (p[2] * u - p[3]);
    gradient[6 + k] = h_adjoint;
  }
  for (int i = 0; i < 4; ++i) gradient[i] = p_adjoint[i];
  gradient[4] = u_adjoint;
  gradient[5] = v_adjoint;
  return value;
}

}  // namespace chad::bench

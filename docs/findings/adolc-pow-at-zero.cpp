// Standalone reproduction of docs/findings/adolc-pow-at-zero.md: ADOL-C 2.7's pow(badouble, double)
// differentiated at x = 0, a subnormal x and a normal x, by reverse (gradient, fos_reverse) and forward
// (fos_forward) mode, against d/dx x^n = n x^(n-1). Build: g++ adolc-pow-at-zero.cpp -ladolc
#include <adolc/adolc.h>
#include <cmath>
#include <cstdio>
int main() {
  for (double n : {1.0, 2.0, 3.0}) {
    for (double x0 : {0.0, 0.5, -1.5e-323, 1e-200}) {
      trace_on(1);
      adouble x; x <<= x0;
      adouble y = pow(x, n);
      double y0; y >>= y0;
      trace_off();
      double xs[1] = {x0}, g[1] = {-7}, dx[1] = {1}, yv[1], dy[1] = {-7}, u[1] = {1}, z[1] = {-7};
      gradient(1, 1, xs, g);
      fos_forward(1, 1, 1, 0, xs, dx, yv, dy);
      zos_forward(1, 1, 1, 1, xs, yv);
      fos_reverse(1, 1, 1, u, z);
      std::printf("n=%.17g x=%.17g: pow=%.17g gradient=%.17g fos_forward=%.17g fos_reverse=%.17g (expected %.17g)\n", n, x0, y0, g[0], dy[0], z[0],
                  n * std::pow(x0, n - 1));
    }
  }
}

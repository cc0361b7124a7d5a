// `chad-oracle translate examples/arrays.chad --to cpp` with ADOL-C's adouble dropped in: the
// taped Jacobian equals the example's closed form. main(m, v) = (dot(v, v), matvec(m, v)) at
// m = [[1, 2, 3], [4, 5, 6]], v = [0.5, -1, 2]: d dot/dv = 2v; d (m v)_i / d m_ik = v_k,
// d (m v)_i / d v_k = m_ik. Coordinates: m row-major (6), then v (3).
#include <adolc/adolc.h>

#include <cmath>
#include <cstdio>

#include TRANSLATION

int main() {
  const std::vector<int> tags;  // no sums or lists: an empty index
  std::vector<int> out_tags;
  double x0[9] = {1, 2, 3, 4, 5, 6, 0.5, -1, 2}, y0[3];
  trace_on(1);
  std::vector<adouble> x(9), y;
  for (int i = 0; i < 9; ++i) x[i] <<= x0[i];
  chad_program_code::run_main<adouble>(tags, x, out_tags, y);
  if (y.size() != 3) return 2;
  for (int i = 0; i < 3; ++i) y[i] >>= y0[i];
  trace_off();
  double** j = myalloc2(3, 9);
  jacobian(1, 3, 9, x0, j);
  const double want[3][9] = {{0, 0, 0, 0, 0, 0, 1, -2, 4},
                             {0.5, -1, 2, 0, 0, 0, 1, 2, 3},
                             {0, 0, 0, 0.5, -1, 2, 4, 5, 6}};
  int wrong = 0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 9; ++k)
      if (j[i][k] != want[i][k]) {
        std::printf("J[%d][%d] = %g, the closed form %g\n", i, k, j[i][k], want[i][k]);
        ++wrong;
      }
  // The primal: dot(v, v) = 5.25; m v = (0.5 - 2 + 6, 2 - 5 + 12) = (4.5, 9).
  if (y0[0] != 5.25 || y0[1] != 4.5 || y0[2] != 9) ++wrong;
  std::printf("%s\n", wrong ? "adolc: WRONG" : "adolc: the taped Jacobian is the closed form");
  return wrong ? 1 : 0;
}

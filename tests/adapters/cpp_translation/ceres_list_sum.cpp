// `chad-oracle translate examples/list_sum.chad --to cpp` with Ceres's Jet dropped in: forward
// mode, one Jet<double, 3> pass. The sum of roll Cons (1.5, roll Cons (-2, roll Last 4)) is 3.5
// and d/dx_i = 1 for each i (the example's closed form). The input's index is its constructor
// tags in pre-order: Cons, Cons, Last = 1, 1, 0.
#include <ceres/jet.h>

#include <cstdio>

#include TRANSLATION

int main() {
  using J = ceres::Jet<double, 3>;
  const std::vector<int> tags = {1, 1, 0};
  std::vector<int> out_tags;
  std::vector<J> x = {J(1.5, 0), J(-2, 1), J(4, 2)}, y;
  chad_program_code::run_main<J>(tags, x, out_tags, y);
  int wrong = y.size() != 1 || !out_tags.empty();
  if (!wrong) wrong = y[0].a != 3.5 || y[0].v[0] != 1 || y[0].v[1] != 1 || y[0].v[2] != 1;
  std::printf("%s\n", wrong ? "ceres: WRONG" : "ceres: the Jet gradient is the closed form");
  return wrong;
}

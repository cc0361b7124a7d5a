// The second set's array primitives (mean prod logsumexp softmax norm cumsum matmul transpose
// outer) in every method: the references (dual, interval, fd) and CHAD forward and reverse in
// every sums strategy, against Jacobians derived by hand at chosen points, the edges included
// (prod with one and several zero entries, logsumexp and softmax with entries far past exp's
// overflow, norm of huge entries), against fd at random points, and "not differentiable here"
// at norm's kink.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "../support/example_programs.hpp"
#include "../support/tolerances.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using Matrix = std::vector<std::vector<double>>;

struct ClosedForm {
  std::string program;  // `def main ...;`
  std::string at;
  Matrix jacobian;      // derived by hand: [output][input]
  bool fd = true;       // fd's steps are absolute: not at magnitudes far from 1
};

const SumsStrategy kStrategies[] = {SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions};

void expect_jacobian(const JacobianResult& r, const Matrix& want, double relative, const std::string& what) {
  ASSERT_TRUE(r.differentiable) << what << ": " << r.reason;
  ASSERT_EQ(r.jacobian.size(), want.size()) << what;
  for (std::size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(r.jacobian[i].size(), want[i].size()) << what;
    for (std::size_t j = 0; j < want[i].size(); ++j)
      EXPECT_TRUE(testing::close_relative(r.jacobian[i][j], want[i][j], relative))
          << what << " [" << i << "][" << j << "] = " << r.jacobian[i][j] << ", by hand " << want[i][j];
  }
}

void expect_encloses(const JacobianResult& r, const Matrix& want,
                     double relative = testing::Tolerances::closed_form_rounding) {
  ASSERT_TRUE(r.differentiable) << r.reason;
  for (std::size_t i = 0; i < want.size(); ++i)
    for (std::size_t j = 0; j < want[i].size(); ++j) {
      const Enclosure& e = r.enclosure[i][j];
      const double slack = relative * std::fmax(1.0, std::fabs(want[i][j]));
      EXPECT_TRUE(e.lo - slack <= want[i][j] && want[i][j] <= e.hi + slack)
          << "interval [" << e.lo << ", " << e.hi << "] at [" << i << "][" << j << "], by hand " << want[i][j];
      EXPECT_LE(e.hi - e.lo, 1e-12 * std::fmax(1.0, std::fabs(want[i][j]))) << "a loose enclosure";
    }
}

const double kThird = 1.0 / 3.0, kInvSqrt2 = 1 / std::sqrt(2.0);

const std::vector<ClosedForm>& closed_forms() {
  static const std::vector<ClosedForm> all = {
      // mean: 1/N each
      {"def main (v : real[4]) : real = mean(v);", "[1, 2, 3, 6]", {{0.25, 0.25, 0.25, 0.25}}},
      {"def main (m : real[2, 2]) : real = mean(m);", "[[1, 2], [3, 4]]", {{0.25, 0.25, 0.25, 0.25}}},
      // prod: d/dv_i = prod_{j != i} v_j, with no, one and two zero entries
      {"def main (v : real[3]) : real = prod(v);", "[2, 5, 3]", {{15, 6, 10}}},
      {"def main (v : real[3]) : real = prod(v);", "[2, 0, 3]", {{0, 6, 0}}},
      {"def main (v : real[3]) : real = prod(v);", "[0, 0, 5]", {{0, 0, 0}}},
      {"def main (v : real[2]) : real = prod(v);", "[0, 4]", {{4, 0}}},
      {"def main (x : real) : real = prod(x);", "7", {{1}}},
      // logsumexp: softmax v; entries past exp's overflow (exp 1000 = inf in double)
      {"def main (v : real[2]) : real = logsumexp(v);", "[0, 1.0986122886681098]", {{0.25, 0.75}}},
      {"def main (v : real[2]) : real = logsumexp(v);", "[1000, 1000]", {{0.5, 0.5}}, false},
      {"def main (v : real[3]) : real = logsumexp(v);", "[-1000, -1000, -1000]", {{kThird, kThird, kThird}}, false},
      // softmax: diag(s) - s s^T, s = (1/4, 3/4)
      {"def main (v : real[2]) : real[2] = softmax(v);", "[0, 1.0986122886681098]",
       {{0.1875, -0.1875}, {-0.1875, 0.1875}}},
      {"def main (v : real[2]) : real[2] = softmax(v);", "[800, 800]", {{0.25, -0.25}, {-0.25, 0.25}}, false},
      // norm: v / norm v; huge entries whose squares overflow double
      {"def main (v : real[2]) : real = norm(v);", "[3, 4]", {{0.6, 0.8}}},
      {"def main (v : real[2]) : real = norm(v);", "[0, -2]", {{0, -1}}},
      {"def main (v : real[2]) : real = norm(v);", "[1e300, 1e300]", {{kInvSqrt2, kInvSqrt2}}, false},
      {"def main (v : real[2]) : real = norm(v);", "[1e-300, -1e-300]", {{kInvSqrt2, -kInvSqrt2}}, false},
      {"def main (x : real) : real = norm(x);", "-2", {{-1}}},
      // cumsum: lower triangular ones
      {"def main (v : real[3]) : real[3] = cumsum(v);", "[1, -2, 5]", {{1, 0, 0}, {1, 1, 0}, {1, 1, 1}}},
      // transpose of a 2 x 3: output (c, r) is input (r, c)
      {"def main (a : real[2, 3]) : real[3, 2] = transpose(a);", "[[1, 2, 3], [4, 5, 6]]",
       {{1, 0, 0, 0, 0, 0}, {0, 0, 0, 1, 0, 0}, {0, 1, 0, 0, 0, 0},
        {0, 0, 0, 0, 1, 0}, {0, 0, 1, 0, 0, 0}, {0, 0, 0, 0, 0, 1}}},
      // matmul of a 2 x 3 and a 3 x 1 (non-square): d out_r / d a_rj = b_j, d out_r / d b_j = a_rj
      {"def main (a : real[2, 3], b : real[3, 1]) : real[2, 1] = matmul(a, b);",
       "([[1, 2, 3], [4, 5, 6]], [[7], [8], [9]])",
       {{7, 8, 9, 0, 0, 0, 1, 2, 3}, {0, 0, 0, 7, 8, 9, 4, 5, 6}}},
      // outer of a real[2] and a real[3]: d out_rc / d u_r = v_c, d out_rc / d v_c = u_r
      {"def main (u : real[2], v : real[3]) : real[2, 3] = outer(u, v);", "([2, -1], [3, 4, 5])",
       {{3, 0, 2, 0, 0}, {4, 0, 0, 2, 0}, {5, 0, 0, 0, 2},
        {0, 3, -1, 0, 0}, {0, 4, 0, -1, 0}, {0, 5, 0, 0, -1}}},
  };
  return all;
}

TEST(ArraySecondSet, EveryMethodGivesTheHandDerivedJacobian) {
  run_with_deep_stack([&] {
    for (const ClosedForm& c : closed_forms()) {
      SCOPED_TRACE(c.program + " at " + c.at);
      CheckedProgram program = testing::load_source(c.program);
      NormalForm<double> point = read_input_point(program, c.at);
      expect_jacobian(compute_jacobian(program, point, JacobianMethod::Dual), c.jacobian,
                      testing::Tolerances::dual_relative, "dual");
      expect_encloses(compute_jacobian(program, point, JacobianMethod::Interval), c.jacobian);
      for (SumsStrategy s : kStrategies) {
        expect_jacobian(compute_jacobian(program, point, JacobianMethod::ChadForward, s), c.jacobian,
                        testing::Tolerances::dual_relative, std::string("chad-fwd ") + sums_strategy_name(s));
        expect_jacobian(compute_jacobian(program, point, JacobianMethod::ChadReverse, s), c.jacobian,
                        testing::Tolerances::dual_relative, std::string("chad-rev ") + sums_strategy_name(s));
      }
      if (c.fd)
        expect_jacobian(compute_jacobian(program, point, JacobianMethod::FiniteDifference), c.jacobian,
                        testing::Tolerances::fd_relative, "fd");
    }
  });
}

TEST(ArraySecondSet, NormAtZeroIsNotDifferentiable) {
  run_with_deep_stack([&] {
    for (const std::string& source : {std::string("def main (v : real[3]) : real = norm(v);"),
                                      std::string("def main (x : real) : real = norm(x) * 2;")}) {
      CheckedProgram program = testing::load_source(source);
      NormalForm<double> point = read_input_point(program, source.find("real[3]") != std::string::npos ? "[0, 0, 0]" : "0");
      for (JacobianMethod m : {JacobianMethod::Dual, JacobianMethod::Interval}) {
        JacobianResult r = compute_jacobian(program, point, m);
        EXPECT_FALSE(r.differentiable) << source;
        EXPECT_FALSE(r.cannot_certify) << source;
        EXPECT_NE(r.reason.find("norm"), std::string::npos) << r.reason;
        EXPECT_NE(r.reason.find("kink"), std::string::npos) << r.reason;
      }
    }
  });
}

TEST(ArraySecondSet, ProdIsCertifiedAtZeroEntries) {
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source("def main (v : real[4]) : real = prod(v);");
    NormalForm<double> point = read_input_point(program, "[0, 0.1, 0, 3]");
    JacobianResult r = compute_jacobian(program, point, JacobianMethod::Interval);
    ASSERT_TRUE(r.differentiable) << r.reason;
    for (const Enclosure& e : r.enclosure[0]) {  // every entry is exactly 0: two zero entries
      EXPECT_EQ(e.lo, 0);
      EXPECT_EQ(e.hi, 0);
    }
  });
}

TEST(ArraySecondSet, ReferencesAndChadAgreeWithFiniteDifferencesAtRandomPoints) {
  const std::vector<std::pair<std::string, std::string>> programs = {
      {"def main (v : real[3]) : real = mean(v * v) + prod(v);", "[1, 1, 1]"},
      {"def main (v : real[3]) : real[3] = softmax(v) * cumsum(v);", "[1, 1, 1]"},
      {"def main (v : real[2, 2]) : real = logsumexp(vec(norm(v), prod(v), mean(v)));", "[[1, 1], [1, 1]]"},
      {"def main (a : real[2, 3], b : real[3, 2]) : real[3, 3] = matmul(transpose(a), transpose(b)) + "
       "outer(vec(1, 2, 3), vec(get(matvec(a, vec(1, 2, 3)), 0), 1, 2));",
       "([[1, 1, 1], [1, 1, 1]], [[1, 1], [1, 1], [1, 1]])"},
  };
  std::mt19937_64 rng(20261126);
  std::uniform_real_distribution<double> any(-3, 3);
  run_with_deep_stack([&] {
    for (const auto& [source, ones] : programs) {
      SCOPED_TRACE(source);
      CheckedProgram program = testing::load_source(source);
      NormalForm<double> point = read_input_point(program, ones);
      for (int trial = 0; trial < 5; ++trial) {
        for (double& x : point.coords) x = any(rng);
        JacobianResult fd = compute_jacobian(program, point, JacobianMethod::FiniteDifference);
        ASSERT_TRUE(fd.differentiable) << fd.reason;
        expect_jacobian(compute_jacobian(program, point, JacobianMethod::Dual), fd.jacobian,
                        testing::Tolerances::fd_relative, "dual");
        expect_encloses(compute_jacobian(program, point, JacobianMethod::Interval), fd.jacobian,
                        testing::Tolerances::fd_relative);
        for (SumsStrategy s : kStrategies) {
          expect_jacobian(compute_jacobian(program, point, JacobianMethod::ChadForward, s), fd.jacobian,
                          testing::Tolerances::fd_relative, "chad-fwd");
          expect_jacobian(compute_jacobian(program, point, JacobianMethod::ChadReverse, s), fd.jacobian,
                          testing::Tolerances::fd_relative, "chad-rev");
        }
      }
    }
  });
}

}  // namespace
}  // namespace chad

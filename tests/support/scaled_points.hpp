// The scaled-points programs of the compiled path's memory tests (tests/codegen/
// recomputed_captures_test.cpp, lent_cells_test.cpp), their inputs and their Jacobian taken by
// hand. f(m, xs) = (t, 3 t) with t = sum_i sum(s_i * s_i), s_i = m * (X_i - m), X_i the 4 x 3
// array whose rows are the point x_i: a reverse fold's node backpropagator that reads 4 x 3
// arrays made from the point, as the GMM's does, either inline or through a curried definition
// kept across the nodes. By hand: dt/dm_jk = sum_i 2 s_ijk (x_ik - 2 m_jk);
// dt/dx_ik = sum_j 2 s_ijk m_jk.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "codegen/kernel_call.hpp"
#include "compiled_jacobians.hpp"
#include "example_programs.hpp"
#include "syntax/type_checker.hpp"

namespace chad::testing {

inline const char* const kScaledPointsInline = R"(type L = mu l. < Nil : unit | Cons : real[3] * l >;
def main (m : real[4, 3], xs : L) : real * real =
  let t = (fold xs with node -> case node of {
      Nil u -> 0
    | Cons p -> let x = fst p in
                let s = m * (([x, x, x, x] : real[4, 3]) - m) in
                sum(s * s) + snd p } : real) in
  (t, 3 * t);
)";

inline const char* const kScaledPointsKept = R"(type L = mu l. < Nil : unit | Cons : real[3] * l >;
def scaled (m : real[4, 3]) (x : real[3]) : real =
  let s = m * (([x, x, x, x] : real[4, 3]) - m) in sum(s * s);
def main (m : real[4, 3], xs : L) : real * real =
  let t = (fold xs with node -> case node of { Nil u -> 0 | Cons p -> scaled m (fst p) + snd p } : real) in
  (t, 3 * t);
)";

inline const std::vector<double> kScaledPointsM{0.5, -2, 1, 0.25, 3, -1, 2, 0.75, -0.5, 1.5, -1.25, 0.125};

inline NormalForm<double> scaled_points_input(const CheckedProgram& program,
                                              const std::vector<std::vector<double>>& xs) {
  std::vector<int> tags(xs.size(), 1);  // Cons per point, then Nil
  tags.push_back(0);
  std::vector<double> coords = kScaledPointsM;
  for (const auto& x : xs) coords.insert(coords.end(), x.begin(), x.end());
  return {index_from_tags(program.input_type, tags), coords};
}

// Rows t and 3 t; columns m (row-major), then each point's three coordinates.
inline std::vector<std::vector<double>> scaled_points_jacobian(const std::vector<std::vector<double>>& xs) {
  std::vector<double> row(12, 0.0);
  std::vector<double> points;
  for (const auto& x : xs) {
    std::vector<double> dx(3, 0.0);
    for (std::size_t j = 0; j < 4; ++j)
      for (std::size_t k = 0; k < 3; ++k) {
        const double m = kScaledPointsM[3 * j + k], s = m * (x[k] - m);
        row[3 * j + k] += 2 * s * (x[k] - 2 * m);
        dx[k] += 2 * s * m;
      }
    points.insert(points.end(), dx.begin(), dx.end());
  }
  row.insert(row.end(), points.begin(), points.end());
  std::vector<double> tripled = row;
  for (double& v : tripled) v *= 3;
  return {row, tripled};
}

inline const std::vector<std::vector<double>> kFivePoints{
    {1, 2, -1}, {-0.5, 0.25, 4}, {3, -1, 0.5}, {0.125, -2, 1.5}, {2, 0.5, -0.75}};

// The compiled Jacobian of `text` (one of the programs above) equals the one by hand at each set
// of points, in fwd and rev, every sums and functions strategy.
inline void expect_scaled_points_jacobians(const char* text, const std::vector<std::vector<std::vector<double>>>& sets) {
  const CheckedProgram program = load_source(text);
  const std::vector<CompiledProgram> compiled = kernels_in_every_strategy(program);
  for (const auto& xs : sets)
    for (const CompiledProgram& kernel : compiled) {
      SCOPED_TRACE(std::string(kernel_mode_name(kernel.mode)) + " " + sums_strategy_name(kernel.sums) + " at " +
                   std::to_string(xs.size()) + " points");
      expect_jacobian(program, kernel, scaled_points_input(program, xs), scaled_points_jacobian(xs));
    }
}

// How many of the 2 x (12 + 3 n) entries of the reverse kernel made with `fault` are wrong at
// the five points.
inline std::size_t scaled_points_wrong_entries(const char* text, CodegenFault fault, const std::string& name) {
  const CheckedProgram program = load_source(text);
  KernelOptions options;
  options.name = name;
  options.mode = KernelMode::Reverse;
  options.fault = fault;
  const CompiledProgram kernel = compile_programs({{&program, options}}, test_kernel_compiler()).at(0);
  const JacobianResult got = jacobian_by_compiled_kernel(program, kernel, scaled_points_input(program, kFivePoints));
  const std::vector<std::vector<double>> expected = scaled_points_jacobian(kFivePoints);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < expected[i].size(); ++j)
      wrong += j >= got.jacobian.at(i).size() || std::abs(got.jacobian[i][j] - expected[i][j]) > 1e-6;
  return wrong;
}

}  // namespace chad::testing

// Properties of CHAD's output on every example, in both modes and every sums strategy
// (shared/spec/chad.md): the output type-checks; its primal part equals the source program's
// value; the derivative maps are linear; forward and reverse give transposed maps (the
// dot-product test); the lifted-sum inconsistency is never hit; |D(t)| <= c |t|.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "../support/tolerances.hpp"
#include "../support/example_programs.hpp"
#include "chad/transformer.hpp"
#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/target_checker.hpp"

namespace chad {
namespace {

using testing::Tolerances;

const char* const kExamples[] = {"list_sum.chad", "list_product.chad", "horner.chad",
                                 "tree.chad",     "stream.chad",       "spec_example.chad",
                                 "sums.chad",     "arrays.chad",       "higher_order.chad",
                                 "fold_to_function.chad", "relu.chad", "primitives.chad",
                                 "stream_fold.chad", "array_literals.chad"};

struct Applied {
  NormalForm<double> input, output;
  ValueP<double> derivative;  // D2 A -o D2 B (forward) or R2 B -o R2 A (reverse)
};

Applied apply_chad(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& x) {
  ValueP<double> result =
      apply<double>(evaluate<double>(chad.target, nullptr), rebuild<double>(program.input_type, x.index, x.coords));
  return {x, normal_form<double>(program.output_type, result->first), result->second};
}

// The derivative map on fibre vectors.
std::vector<double> apply_map(const CheckedProgram& program, const ChadProgram& chad, const Applied& a,
                              const std::vector<double>& v) {
  const bool fwd = chad.options.mode == ChadMode::Forward;
  const TypeP& from = fwd ? program.input_type : program.output_type;
  const TypeP& to = fwd ? program.output_type : program.input_type;
  const Index& from_index = fwd ? a.input.index : a.output.index;
  const Index& to_index = fwd ? a.output.index : a.input.index;
  ValueP<double> arg = tangent_from_coords<double>(from, from_index, v, chad.options.sums);
  ValueP<double> out = a.derivative->kind == ValueKind::Zero ? a.derivative : a.derivative->call(arg);
  return coords_from_tangent<double>(to, to_index, out, chad.options.sums);
}

std::vector<double> random_vector(std::mt19937& rng, std::size_t n) {
  std::uniform_real_distribution<double> d(-2, 2);
  std::vector<double> v(n);
  for (double& x : v) x = d(rng);
  return v;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

template <class F>
void for_each_case(F f) {
  for (const char* example : kExamples)
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(example) + " sums " + sums_strategy_name(sums));
      run_with_deep_stack([&] {
        CheckedProgram program = testing::load_example(example);
        NormalForm<double> x = read_input_point(program, testing::example_point(example));
        f(program, x, sums);
      });
    }
}

TEST(ChadProperties, PrimalPartEqualsTheProgramsValue) {
  for_each_case([](const CheckedProgram& program, const NormalForm<double>& x, SumsStrategy sums) {
    NormalForm<double> expected = normal_form<double>(
        program.output_type, run_main<double>(program, rebuild<double>(program.input_type, x.index, x.coords)));
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
      ChadProgram chad = chad_program(program, {mode, sums, nullptr});
      Applied a = apply_chad(program, chad, x);
      EXPECT_EQ(a.output.index, expected.index);
      ASSERT_EQ(a.output.coords.size(), expected.coords.size());
      for (std::size_t i = 0; i < expected.coords.size(); ++i)
        EXPECT_EQ(a.output.coords[i], expected.coords[i]) << chad_mode_name(mode) << " coordinate " << i;
    }
  });
}

TEST(ChadProperties, DerivativeMapsAreLinear) {
  std::mt19937 rng(20261122);
  for_each_case([&](const CheckedProgram& program, const NormalForm<double>& x, SumsStrategy sums) {
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
      ChadProgram chad = chad_program(program, {mode, sums, nullptr});
      Applied a = apply_chad(program, chad, x);
      const std::size_t n = mode == ChadMode::Forward ? x.coords.size() : a.output.coords.size();
      std::vector<double> zero = apply_map(program, chad, a, std::vector<double>(n, 0.0));
      for (double z : zero) EXPECT_EQ(z, 0.0) << "l(0) != 0 (" << chad_mode_name(mode) << ")";
      std::vector<double> u = random_vector(rng, n), v = random_vector(rng, n), uv(n);
      for (std::size_t i = 0; i < n; ++i) uv[i] = u[i] + v[i];
      std::vector<double> lu = apply_map(program, chad, a, u), lv = apply_map(program, chad, a, v),
                          luv = apply_map(program, chad, a, uv);
      ASSERT_EQ(lu.size(), luv.size());
      for (std::size_t i = 0; i < luv.size(); ++i)
        EXPECT_TRUE(testing::close_relative(luv[i], lu[i] + lv[i], 1e-12))
            << chad_mode_name(mode) << " l(u + v) != l(u) + l(v) at " << i << ": " << luv[i]
            << " vs " << lu[i] + lv[i];
    }
  });
}

TEST(ChadProperties, ForwardAndReverseAreTransposes) {
  // <w, fwd(dx)> = <rev(w), dx> for random dx, w.
  std::mt19937 rng(7);
  for_each_case([&](const CheckedProgram& program, const NormalForm<double>& x, SumsStrategy sums) {
    ChadProgram fwd = chad_program(program, {ChadMode::Forward, sums, nullptr});
    ChadProgram rev = chad_program(program, {ChadMode::Reverse, sums, nullptr});
    Applied af = apply_chad(program, fwd, x), ar = apply_chad(program, rev, x);
    std::vector<double> dx = random_vector(rng, x.coords.size());
    std::vector<double> w = random_vector(rng, af.output.coords.size());
    double left = dot(w, apply_map(program, fwd, af, dx));
    double right = dot(apply_map(program, rev, ar, w), dx);
    EXPECT_TRUE(testing::close_relative(left, right, 1e-12)) << left << " vs " << right;
  });
}

TEST(ChadProperties, CodeSizeIsLinearInTheSource) {
  // Corollary 15.1: |D(t)| <= c |t|. The largest ratio over the examples is c; the same c must
  // bound programs 10 and 100 times larger (a chain of lets and applications).
  double c = 0;
  for_each_case([&](const CheckedProgram& program, const NormalForm<double>&, SumsStrategy sums) {
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
      ChadProgram chad = chad_program(program, {mode, sums, nullptr});
      c = std::max(c, double(chad.target_size()) / double(chad.source_size()));
    }
  });
  std::cout << "[ code-size constant c = " << c << " over the examples ]\n";
  for (int n : {10, 100, 1000}) {
    std::string body = "x";
    for (int i = 0; i < n; ++i) body = "let y" + std::to_string(i) + " = sin(" + body + ") * x in y" + std::to_string(i);
    run_with_deep_stack([&] {
      CheckedProgram program = testing::load_source("def main (x : real) : real = " + body + ";");
      for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
        ChadProgram chad = chad_program(program, {mode, SumsStrategy::Biproduct, nullptr});
        double ratio = double(chad.target_size()) / double(chad.source_size());
        EXPECT_LE(ratio, c) << "n = " << n << " " << chad_mode_name(mode);
      }
    });
  }
}

TEST(ChadProperties, LiftedSumsAreNeverInconsistent) {
  // The examples with sums, under the lifted strategy, in both modes, with every one-hot
  // direction: no LiftedSumInconsistency escapes.
  for (const char* example : {"sums.chad", "list_sum.chad", "tree.chad", "relu.chad", "horner.chad"})
    run_with_deep_stack([&] {
      CheckedProgram program = testing::load_example(example);
      NormalForm<double> x = read_input_point(program, testing::example_point(example));
      for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
        ChadProgram chad = chad_program(program, {mode, SumsStrategy::Lifted, nullptr});
        Applied a = apply_chad(program, chad, x);
        const std::size_t n = mode == ChadMode::Forward ? x.coords.size() : a.output.coords.size();
        for (std::size_t j = 0; j < n; ++j) {
          std::vector<double> e(n, 0.0);
          e[j] = 1;
          EXPECT_NO_THROW(apply_map(program, chad, a, e)) << example;
        }
      }
    });
}

TEST(ChadProperties, InliningLinearLetsChangesNothingButTheSize) {
  // chad/inline_linear.hpp: the same Jacobian, bit for bit, from a smaller term.
  for_each_case([](const CheckedProgram& program, const NormalForm<double>& x, SumsStrategy sums) {
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
      ChadOptions plain{mode, sums, nullptr};
      plain.inline_linear = false;
      ChadProgram inlined = chad_program(program, {mode, sums, nullptr});
      ChadProgram reference = chad_program(program, plain);
      EXPECT_LT(inlined.target_size(), reference.target_size());
      Applied a = apply_chad(program, inlined, x), b = apply_chad(program, reference, x);
      const std::size_t n = mode == ChadMode::Forward ? x.coords.size() : a.output.coords.size();
      for (std::size_t j = 0; j < n; ++j) {
        std::vector<double> e(n, 0.0);
        e[j] = 1;
        EXPECT_EQ(apply_map(program, inlined, a, e), apply_map(program, reference, b, e))
            << chad_mode_name(mode) << " direction " << j;
      }
    }
  });
}

TEST(ChadProperties, OutputTypeChecksAgainstTheTypeTranslation) {
  for_each_case([](const CheckedProgram& program, const NormalForm<double>&, SumsStrategy sums) {
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
      ChadProgram chad = chad_program(program, {mode, sums, nullptr});  // checks internally
      TypeP expected = primal_type(program.main_function->type, mode, sums);
      EXPECT_TRUE(type_equal(chad.target->type, expected));
      // Checking the checked term again gives the same type (the checker is deterministic).
      EXPECT_TRUE(type_equal(check_target({}, chad.target)->type, expected));
    }
  });
}

}  // namespace
}  // namespace chad

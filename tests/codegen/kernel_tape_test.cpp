// What the -O2 kernels keep and call per node (issue 33): a fold's body is its function's type
// parameter, so that it can be inlined into the fold's loop; a reverse rule that reads no primal
// operand (add, sub, sum, get) is given none, so that a backpropagator's closure does not keep
// them; closures are built in the arena in place; an unpacked environment is read where its pack
// holds it. Each compiled gradient is checked against derivatives taken by hand.
#include <gtest/gtest.h>

#include <regex>

#include "../support/compiled_jacobians.hpp"
#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "references/input_value.hpp"

namespace chad {
namespace {

KernelOptions options_for(KernelMode mode, const std::string& name = "kernel") {
  KernelOptions options;
  options.name = name;
  options.mode = mode;
  return options;
}

std::vector<double> gradient(const CheckedProgram& program, const std::string& name, const std::string& at) {
  const CompiledProgram kernel =
      compile_programs({{&program, options_for(KernelMode::Reverse, name)}}, testing::test_kernel_compiler()).at(0);
  const JacobianResult result = jacobian_by_compiled_kernel(program, kernel, read_input_point(program, at));
  EXPECT_EQ(result.jacobian.size(), 1u) << at;
  return result.jacobian.empty() ? std::vector<double>{} : result.jacobian[0];
}

using testing::count_matches;

// f(a, xs) = sum_i a * x_i^2 over a list. By hand: df/da = sum x_i^2, df/dx_i = 2 a x_i.
const char* kScaledSquares =
    "type L = mu l. < Nil : unit | Cons : real * l >;\n"
    "def main (a : real, xs : L) : real =\n"
    "  fold xs with node -> case node of { Nil u -> 0 | Cons p -> a * fst p * fst p + snd p };\n";

TEST(KernelTape, AFoldsBodyIsItsFunctionsTypeParameterInEveryMode) {
  const CheckedProgram program = testing::load_source(kScaledSquares);
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse}) {
    SCOPED_TRACE(kernel_mode_name(mode));
    const std::string source = generate_kernel_source(program, options_for(mode));
    // The fold's function takes the body's own type, and the site passes the lambda itself,
    // not a chad_rt::Fn that each node would call through a pointer. (Reverse: and its flush's,
    // codegen/deferred_applications.cpp; `a * ...` defers nothing here.)
    const bool rev = mode == KernelMode::Reverse;
    EXPECT_EQ(count_matches(source, rev ? R"(template <class S, class Body, class Flush>\n[^\n]*fold_[0-9]+\([^\n]*, const Body& body, const Flush& flush\) \{)"
                                : R"(template <class S, class Body>\n[^\n]*fold_[0-9]+\([^\n]*, const Body& body\) \{)"),
              1);
    EXPECT_EQ(count_matches(source, rev ? R"(fold_[0-9]+<S>\([a-z_0-9]+, \*lambda_[0-9]+, chad_rt::NoFlush\{\}\))"
                                : R"(fold_[0-9]+<S>\([a-z_0-9]+, \*lambda_[0-9]+\))"),
              1);
  }
  // x = 1, -2, 3; a = 0.5: df/da = 14, df/dx_i = x_i.
  EXPECT_EQ(gradient(program, "scaled_squares_rev", "(0.5, roll Cons (1, roll Cons (-2, roll Cons (3, roll Nil))))"),
            (std::vector<double>{14, 1, -2, 3}));
}

// f(x, y, z) = sum((x - y) * z) + get(x + y, 1): add, sub, sum and get, whose reverse rules read
// no primal operand. By hand: df/dx = z + e1, df/dy = -z + e1, df/dz = x - y.
const char* kLinearRules =
    "def main (x : real[3], y : real[3], z : real[3]) : real = sum((x - y) * z) + get(x + y, 1);\n";

TEST(KernelTape, AReverseRuleThatReadsNoPrimalOperandIsGivenNone) {
  const CheckedProgram program = testing::load_source(kLinearRules);
  const std::string source = generate_kernel_source(program, options_for(KernelMode::Reverse));
  // Each of these rules is called with the output's cotangent alone: the primal operands are not
  // named in the backpropagator, so its closure does not copy them.
  for (const char* rule : {"rev_add", "rev_sub", "rev_sum<3>", "rev_get<1, 3>"}) {
    SCOPED_TRACE(rule);
    const std::string name = std::regex_replace(rule, std::regex("[<>]"), "\\$&");
    EXPECT_GE(count_matches(source, "chad_rt::" + name + R"(\([a-z_0-9]+\))"), 1);
    EXPECT_EQ(count_matches(source, "chad_rt::" + name + R"(\([a-z_0-9]+, )"), 0);
  }
  // The product rule reads both operands, and still gets them.
  EXPECT_GE(count_matches(source, R"(chad_rt::rev_mul\([a-z_0-9]+, [a-z_0-9]+, [a-z_0-9]+\))"), 1);

  // x = (1, 2, 3), y = (4, -1, 0.5), z = (2, -3, 0.25).
  EXPECT_EQ(gradient(program, "linear_rules_rev", "([1, 2, 3], [4, -1, 0.5], [2, -3, 0.25])"),
            (std::vector<double>{2, -2, 0.25, -2, 4, -0.25, -3, 3, 2.5}));
}

// f(a, b, x) = sum(a * b * x) through a curried def, whose backpropagators unpack their
// environment's cotangent and pack the rest of it. By hand: df/da = b x, df/db = a x, df/dx = a b.
const char* kCurried =
    "def scale (a : real[3]) (b : real[3]) (x : real[3]) : real = sum(a * b * x);\n"
    "def main (a : real[3], b : real[3], x : real[3]) : real = scale a b x;\n";

TEST(KernelTape, AnUnpackedEnvironmentIsViewedAndItsRestRepackedWithoutACopy) {
  const CheckedProgram program = testing::load_source(kCurried);
  const std::string source = generate_kernel_source(program, options_for(KernelMode::Reverse));
  // Each curried level's backpropagator unpacks its environment by reference and packs the rest,
  // a part of that same pack, by pointing at it.
  EXPECT_GE(count_matches(source, R"(const T[0-9]+<S>& unpack_[0-9]+ = chad_rt::env_view<)"), 2);
  EXPECT_GE(count_matches(source, R"(chad_rt::env_repack<T[0-9]+<S>>\(fst_[0-9]+, )"), 1);
  EXPECT_EQ(count_matches(source, R"(chad_rt::env_unpack<)"), 0);
  // a = (1, 2, 3), b = (4, -1, 0.5), x = (2, -3, 0.25).
  EXPECT_EQ(gradient(program, "curried_rev", "([1, 2, 3], [4, -1, 0.5], [2, -3, 0.25])"),
            (std::vector<double>{8, 3, 0.125, 2, -6, 0.75, 4, -2, 1.5}));
}

}  // namespace
}  // namespace chad

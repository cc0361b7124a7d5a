// The emitter's symbolic values (codegen/symbolic_values.cpp): one-hot context cotangents merged
// and added in place instead of written out whole, and linear functions' applications inlined
// up to a few times per function, a closure call after that. Each compiled reverse gradient is
// checked against derivatives taken by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "references/input_value.hpp"

namespace chad {
namespace {

std::string reverse_source(const CheckedProgram& program) {
  KernelOptions options;
  options.mode = KernelMode::Reverse;
  return generate_kernel_source(program, options);
}

CompiledProgram compile_reverse(const CheckedProgram& program, const std::string& name) {
  KernelOptions options;
  options.name = name;
  options.mode = KernelMode::Reverse;
  return compile_programs({{&program, options}}, testing::test_kernel_compiler()).at(0);
}

std::vector<double> gradient(const CheckedProgram& program, const CompiledProgram& kernel, const std::string& at) {
  const JacobianResult result = jacobian_by_compiled_kernel(program, kernel, read_input_point(program, at));
  EXPECT_EQ(result.jacobian.size(), 1u) << at;
  return result.jacobian.empty() ? std::vector<double>{} : result.jacobian[0];
}

// f = ab + bc + ac: each variable is used twice, so its two one-hot contributions meet.
// By hand: df/da = b + c, df/db = a + c, df/dc = a + b.
const char* kThreeProducts = "def main (a : real, b : real, c : real) : real = a * b + b * c + a * c;\n";

TEST(SymbolicValues, OneHotContributionsAddIntoTheirComponentsAndNoBackpropagatorIsCalled) {
  const CheckedProgram program = testing::load_source(kThreeProducts);
  const std::string source = reverse_source(program);
  // CHAD's transformation of main: the first closure of program(), up to its end at indent 2.
  const std::size_t start = source.find("program() {");
  ASSERT_NE(start, std::string::npos);
  const std::string body = source.substr(start, source.find("\n  });\n", start) - start);
  // Written out whole, each contribution was a one-hot tuple of the context (`onehot_`), added
  // to the others; each primitive's backpropagator a closure called by the next (`lapp_`).
  EXPECT_EQ(body.find("onehot_"), std::string::npos);
  EXPECT_EQ(body.find("lapp_"), std::string::npos);
  // The two contributions of each variable meet in one scalar sum.
  const std::regex scalar_sum("chad_rt::add<S>\\(");
  EXPECT_EQ(std::distance(std::sregex_iterator(body.begin(), body.end(), scalar_sum), std::sregex_iterator()), 3);

  const CompiledProgram kernel = compile_reverse(program, "three_products_rev");
  EXPECT_EQ(gradient(program, kernel, "(2, 3, 5)"), (std::vector<double>{8, 7, 5}));
  EXPECT_EQ(gradient(program, kernel, "(-1.5, 0.25, 4)"), (std::vector<double>{4.25, 2.5, -1.25}));
}

// A case of six branches: the scrutinee's backpropagator is applied in every branch, inlined in
// four of them (kInlinesPerFunction) and called as a closure in the other two. At x = 2, y = 3,
// by hand (d/dx, d/dy): A x y -> (y, x); B x^2 y -> (2xy, x^2); C x y^2 -> (y^2, 2xy);
// D sin(x) y -> (y cos x, sin x); E x + y -> (1, 1); F x^3 y -> (3x^2 y, x^3).
const char* kSixBranches =
    "type Six = < A : real | B : real | C : real | D : real | E : real | F : real >;\n"
    "def main (s : Six, y : real) : real =\n"
    "  case s of { A x -> x * y | B x -> x * x * y | C x -> x * y * y | D x -> sin(x) * y\n"
    "            | E x -> x + y | F x -> x * x * x * y };\n";

TEST(SymbolicValues, ABackpropagatorAppliedMoreOftenThanItIsInlinedIsAClosureTheRestOfTheTime) {
  const CheckedProgram program = testing::load_source(kSixBranches);
  const std::string source = reverse_source(program);
  const std::regex closure_call("lapp_[0-9]+ = fn_[0-9]+\\(");
  EXPECT_EQ(std::distance(std::sregex_iterator(source.begin(), source.end(), closure_call), std::sregex_iterator()), 2);

  const CompiledProgram kernel = compile_reverse(program, "six_branches_rev");
  EXPECT_EQ(gradient(program, kernel, "(A 2, 3)"), (std::vector<double>{3, 2}));
  EXPECT_EQ(gradient(program, kernel, "(B 2, 3)"), (std::vector<double>{12, 4}));
  EXPECT_EQ(gradient(program, kernel, "(C 2, 3)"), (std::vector<double>{9, 12}));
  const std::vector<double> d = gradient(program, kernel, "(D 2, 3)");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_NEAR(d[0], 3 * std::cos(2.0), 1e-15);
  EXPECT_NEAR(d[1], std::sin(2.0), 1e-15);
  EXPECT_EQ(gradient(program, kernel, "(E 2, 3)"), (std::vector<double>{1, 1}));
  EXPECT_EQ(gradient(program, kernel, "(F 2, 3)"), (std::vector<double>{36, 8}));
}

}  // namespace
}  // namespace chad

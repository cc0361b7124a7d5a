// The second set's elementwise half in the syntax: names and calls of log1p expm1 atan erf abs
// pow atan2 hypot max min (as primitives, by juxtaposition, as function values), `x ^ n` (its
// precedence, right-associativity, exponent literal 0..64), printing back, the checkers' types,
// and located errors.
#include <gtest/gtest.h>

#include "../support/source_errors.hpp"

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/target_checker.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

using testing::error_of;

TermP term(const std::string& text) { return parse_term(text, "<t>"); }
TermP v(const std::string& name) { return make_var(name); }
TermP lit(double x) { return make_literal(x); }
TermP prim(PrimOp op, std::vector<TermP> args, int index = -1) { return make_prim(op, std::move(args), {}, index); }

void expect_parses_to(const std::string& text, const TermP& expected) {
  const TermP got = term(text);
  EXPECT_TRUE(term_equal(got, expected)) << text << "\n parsed as: " << print_term(got)
                                         << "\n expected:  " << print_term(expected);
}

TEST(SecondSetSyntax, NamesAndCalls) {
  const std::pair<const char*, PrimOp> unary[] = {
      {"log1p", PrimOp::Log1p}, {"expm1", PrimOp::Expm1}, {"atan", PrimOp::Atan}, {"erf", PrimOp::Erf}, {"abs", PrimOp::Abs}};
  for (const auto& [name, op] : unary) {
    expect_parses_to(std::string(name) + "(x * 2)", prim(op, {prim(PrimOp::Mul, {v("x"), lit(2)})}));
    EXPECT_STREQ(prim_name(op), name);
    EXPECT_TRUE(is_unary_elementwise(op));
  }
  const std::pair<const char*, PrimOp> binary[] = {
      {"pow", PrimOp::Pow}, {"atan2", PrimOp::Atan2}, {"hypot", PrimOp::Hypot}, {"max", PrimOp::Max}, {"min", PrimOp::Min}};
  for (const auto& [name, op] : binary) {
    expect_parses_to(std::string(name) + "(x, y + 1)", prim(op, {v("x"), prim(PrimOp::Add, {v("y"), lit(1)})}));
    EXPECT_STREQ(prim_name(op), name);
    EXPECT_FALSE(is_unary_elementwise(op));
  }
  EXPECT_STREQ(prim_name(PrimOp::PowInt), "^");
  EXPECT_FALSE(is_unary_elementwise(PrimOp::PowInt));
}

TEST(SecondSetSyntax, PowerBindsTighterThanMinusAndTimesLooserThanApplication) {
  auto pow_int = [](TermP base, int n) { return prim(PrimOp::PowInt, {std::move(base)}, n); };
  expect_parses_to("x ^ 2", pow_int(v("x"), 2));
  expect_parses_to("x^2", pow_int(v("x"), 2));
  expect_parses_to("-x ^ 2", prim(PrimOp::Neg, {pow_int(v("x"), 2)}));
  expect_parses_to("(-x) ^ 2", pow_int(prim(PrimOp::Neg, {v("x")}), 2));
  expect_parses_to("a * x ^ 3", prim(PrimOp::Mul, {v("a"), pow_int(v("x"), 3)}));
  expect_parses_to("x ^ 3 * a", prim(PrimOp::Mul, {pow_int(v("x"), 3), v("a")}));
  expect_parses_to("f x ^ 2", pow_int(make_app(v("f"), v("x")), 2));
  expect_parses_to("sin(x) ^ 0", pow_int(prim(PrimOp::Sin, {v("x")}), 0));
  expect_parses_to("(x ^ 2) ^ 3", pow_int(pow_int(v("x"), 2), 3));
  expect_parses_to("x ^ 64", pow_int(v("x"), 64));
  EXPECT_NE(error_of([] { term("x ^ 2 ^ 3"); }).find("right-associative"), std::string::npos);
  EXPECT_NE(error_of([] { term("x ^ 65"); }).find("integer literal 0..64"), std::string::npos);
  EXPECT_NE(error_of([] { term("x ^ 1.5"); }).find("integer literal 0..64"), std::string::npos);
  EXPECT_NE(error_of([] { term("x ^ y"); }).find("pow (x, y)"), std::string::npos);
  EXPECT_NE(error_of([] { term("x ^ -1"); }).find("<t>:1:5"), std::string::npos);
  EXPECT_NE(error_of([] { term("pow(x)"); }).find("`pow` takes 2 arguments, found 1"), std::string::npos);
}

TEST(SecondSetSyntax, PrintsBackToTheSameTerm) {
  for (const char* text :
       {"-x ^ 2", "(-x) ^ 2", "(x ^ 2) ^ 3", "a * x ^ 3 - b ^ 0", "sin(x) ^ 5", "f x ^ 2", "(f x) y ^ 2",
        "log1p(x) + expm1(y) * atan(erf(abs(z)))", "pow(x, y) - atan2(y, x) / hypot(x, y)",
        "max(x, min(y, -z)) ^ 4", "- -x ^ 2", "x - -y ^ 2"}) {
    const TermP t = term(text);
    const std::string printed = print_term(t);
    EXPECT_TRUE(term_equal(term(printed), t)) << text << " printed as " << printed;
  }
  EXPECT_EQ(print_term(term("-x^2")), "-x ^ 2");
  EXPECT_EQ(print_term(term("(-x)^2")), "(-x) ^ 2");
}

CheckedProgram check(const std::string& text) { return check_program(parse_program(text, "t.chad")); }

TEST(SecondSetSyntax, TypesElementwiseOnEqualShapes) {
  EXPECT_EQ(print_type(check("def main (v : real[2, 3]) : real[2, 3] = abs v ^ 3 + log1p(expm1 v);").output_type),
            "real[2, 3]");
  EXPECT_EQ(print_type(check("def main (u : real[4], v : real[4]) : real[4] = max(u, v) - atan2(u, hypot (u, v));")
                           .output_type),
            "real[4]");
  // juxtaposition with a tuple, and a primitive as a function value
  EXPECT_EQ(print_type(check("def main (x : real, y : real) : real = pow (x, y) + (fun (f : real -> real) -> f x) erf;")
                           .output_type),
            "real");
  EXPECT_EQ(print_type(check("def main (p : real * real) : real = min p;").output_type), "real");
  EXPECT_NE(error_of([] { check("def main (u : real[2], v : real[3]) : real[2] = max(u, v);"); }).find("t.chad:1:56: error: type mismatch: expected `real[2]`, found `real[3]`"),
            std::string::npos);
  EXPECT_NE(error_of([] { check("def main (x : real, v : real[3]) : real = hypot(x, v);"); }).find("type mismatch"),
            std::string::npos);
  EXPECT_NE(error_of([] { check("def main (x : real, y : real) : real = pow x y;"); }).find("one tuple"),
            std::string::npos);
}

TEST(SecondSetSyntax, TheTargetCheckerTypesTheirDerivatives) {
  const TypeP r3 = real_type({3});
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Atan2, {r3, r3}, -1), r3));
  EXPECT_EQ(primitive_result_type(PrimOp::Max, {r3, real_type()}, -1), nullptr);
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::PowInt, {r3}, 5), r3));
  EXPECT_EQ(primitive_result_type(PrimOp::PowInt, {r3}, 65), nullptr);
  EXPECT_TRUE(type_equal(primitive_result_type(PrimOp::Erf, {r3}, -1), r3));
}

TEST(SecondSetSyntax, BuildersCheckArityAndExponent) {
  EXPECT_THROW(make_prim(PrimOp::Pow, {lit(1)}), InternalError);
  EXPECT_THROW(make_prim(PrimOp::Abs, {lit(1), lit(2)}), InternalError);
  EXPECT_THROW(make_prim(PrimOp::PowInt, {lit(1)}), InternalError);  // no exponent
  EXPECT_THROW(make_prim(PrimOp::PowInt, {lit(1)}, {}, 65), InternalError);
  EXPECT_FALSE(term_equal(prim(PrimOp::PowInt, {v("x")}, 2), prim(PrimOp::PowInt, {v("x")}, 3)));
}

}  // namespace
}  // namespace chad

// The printer: reals in their shortest exact form, terms parenthesised by precedence, programs
// that read back to the same declarations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

TermP v(const std::string& name) { return make_var(name); }
TermP lit(double x) { return make_literal(x); }
TermP prim(PrimOp op, std::vector<TermP> args) { return make_prim(op, std::move(args)); }

// Prints `t`, checks the text, and checks that it reads back to `t`.
void expect_prints(const TermP& t, const std::string& text) {
  EXPECT_EQ(print_term(t), text);
  EXPECT_TRUE(term_equal(parse_term(print_term(t), "<printed>"), t)) << print_term(t);
}

TEST(Printer, RealsPrintShortAndReadBackExactly) {
  EXPECT_EQ(print_real(2), "2");
  EXPECT_EQ(print_real(0), "0");
  EXPECT_EQ(print_real(2.5), "2.5");
  EXPECT_EQ(print_real(200000), "200000");
  EXPECT_EQ(print_real(0.001), "0.001");
  EXPECT_EQ(print_real(0.1), "0.1");
  EXPECT_EQ(print_real(-2.5), "-2.5");
  EXPECT_EQ(print_real(1e300), "1e+300");
  EXPECT_EQ(print_real(1e-7), "1e-07");
  for (double x : {0.1, 1.0 / 3.0, 2e-5, 123456789.125, 1e16, 4.9e-324, 1.7976931348623157e308,
                   2.2250738585072014e-308, 0x1.8p+1, 1e15 + 0.5}) {
    EXPECT_EQ(std::strtod(print_real(x).c_str(), nullptr), x) << print_real(x);
    EXPECT_EQ(parse_term(print_real(x), "<real>")->literal, x) << print_real(x);
  }
}

TEST(Printer, OperatorsParenthesisedByPrecedence) {
  expect_prints(prim(PrimOp::Add, {v("a"), prim(PrimOp::Mul, {v("b"), v("c")})}), "a + b * c");
  expect_prints(prim(PrimOp::Mul, {prim(PrimOp::Add, {v("a"), v("b")}), v("c")}), "(a + b) * c");
  expect_prints(prim(PrimOp::Sub, {prim(PrimOp::Sub, {v("a"), v("b")}), v("c")}), "a - b - c");
  expect_prints(prim(PrimOp::Sub, {v("a"), prim(PrimOp::Sub, {v("b"), v("c")})}), "a - (b - c)");
  expect_prints(prim(PrimOp::Div, {v("a"), prim(PrimOp::Mul, {v("b"), v("c")})}), "a / (b * c)");
  expect_prints(prim(PrimOp::Lt, {prim(PrimOp::Lt, {v("a"), v("b")}), v("c")}), "(a < b) < c");
  expect_prints(prim(PrimOp::Gt, {prim(PrimOp::Add, {v("a"), lit(1)}), v("b")}), "a + 1 > b");
  // Unary minus: never `--` (a comment).
  expect_prints(prim(PrimOp::Neg, {lit(2)}), "-2");
  expect_prints(prim(PrimOp::Neg, {prim(PrimOp::Neg, {v("x")})}), "- -x");
  expect_prints(prim(PrimOp::Sub, {v("a"), prim(PrimOp::Neg, {v("b")})}), "a - -b");
  expect_prints(prim(PrimOp::Neg, {prim(PrimOp::Add, {v("a"), v("b")})}), "-(a + b)");
  expect_prints(prim(PrimOp::Mul, {prim(PrimOp::Neg, {v("a")}), v("b")}), "-a * b");
}

TEST(Printer, PrefixFormsAndApplication) {
  expect_prints(make_app(make_app(v("f"), v("x")), v("y")), "f x y");
  expect_prints(make_app(v("f"), make_app(v("g"), v("x"))), "f (g x)");
  expect_prints(make_app(make_fst(v("p")), v("x")), "(fst p) x");
  expect_prints(make_fst(make_app(v("f"), v("x"))), "fst (f x)");
  expect_prints(make_inject("Nil", make_unit()), "Nil ()");
  expect_prints(make_roll(make_inject("Cons", make_pair(lit(1), make_roll(make_inject("Nil", make_unit()))))),
                "roll (Cons (1, roll (Nil ())))");
  expect_prints(make_unroll(v("s")), "unroll s");
  expect_prints(make_app(v("sum"), v("xs")), "sum xs");
  expect_prints(make_app(v("sin"), make_pair(v("a"), v("b"))), "sin (a, b)");
  expect_prints(prim(PrimOp::Sum, {v("xs")}), "sum(xs)");
  expect_prints(make_prim(PrimOp::Get, {v("v")}, {}, 3), "get(v, 3)");
  expect_prints(prim(PrimOp::Vec, {lit(1), prim(PrimOp::Neg, {lit(2)})}), "vec(1, -2)");
  expect_prints(prim(PrimOp::Matvec, {v("m"), v("x")}), "matvec(m, x)");
  expect_prints(make_app(v("f"), prim(PrimOp::Neg, {v("x")})), "f (-x)");
}

TEST(Printer, BindingFormsAndData) {
  expect_prints(make_lambda("x", real_type({2}), prim(PrimOp::Mul, {v("x"), v("x")})),
                "fun (x : real[2]) -> x * x");
  expect_prints(make_let("x", lit(1), v("x")), "let x = 1 in x");
  expect_prints(prim(PrimOp::Add, {make_let("x", lit(1), v("x")), v("y")}), "(let x = 1 in x) + y");
  expect_prints(make_app(make_lambda("x", unit_type(), v("x")), make_unit()), "(fun (x : unit) -> x) ()");
  expect_prints(make_fold(v("xs"), "x", v("x")), "fold xs with x -> x");
  expect_prints(make_unfold(v("s"), "x", make_pair(v("x"), v("x"))), "unfold s with x -> (x, x)");
  expect_prints(make_case(v("c"), {Branch{"False", "_", lit(0), -1, {}}, Branch{"True", "_", lit(1), -1, {}}}),
                "case c of { False _ -> 0 | True _ -> 1 }");
  expect_prints(make_pair(v("a"), make_pair(v("b"), v("c"))), "(a, (b, c))");
  expect_prints(make_ascribe(make_inject("Nil", make_unit()), bool_type()),
                "(Nil () : < False : unit | True : unit >)");
  expect_prints(make_array_literal({make_array_literal({lit(1), lit(2)})}), "[[1, 2]]");
  expect_prints(make_unit(), "()");
  // `if` reads back as the case it stands for.
  TermP parsed = parse_term("if a then 1 else 2", "<t>");
  EXPECT_EQ(print_term(parsed), "case a of { False _ -> 2 | True _ -> 1 }");
}

TEST(Printer, ProgramsReadBackToTheSameDeclarations) {
  const std::string source =
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "type Stream = nu s. real * s;\n"
      "def sum (xs : List) : real =\n"
      "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n"
      "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
      "def main (x : real, xs : List) : real =\n"
      "  let s = unroll (powers x) in fst s * sum xs;\n";
  Program p = parse_program(source, "spec.chad");
  const std::string printed = print_program(p);
  EXPECT_EQ(printed.substr(0, printed.find('\n')), "type List = mu l. < Nil : unit | Cons : real * l >;");
  EXPECT_NE(printed.find("def main (x : real) (xs : mu l. < Nil : unit | Cons : real * l >) : real =\n"
                         "  let s = unroll (powers x) in fst s * sum xs;\n"),
            std::string::npos)
      << printed;
  Program back = parse_program(printed, "printed.chad");
  ASSERT_EQ(back.aliases.size(), p.aliases.size());
  ASSERT_EQ(back.defs.size(), p.defs.size());
  for (std::size_t i = 0; i < p.defs.size(); ++i) {
    EXPECT_EQ(back.defs[i].name, p.defs[i].name);
    EXPECT_EQ(back.defs[i].params.size(), p.defs[i].params.size());
    EXPECT_TRUE(type_equal(back.defs[i].result, p.defs[i].result));
    EXPECT_TRUE(term_equal(back.defs[i].body, p.defs[i].body));
  }
  EXPECT_EQ(print_program(back), printed);
}

}  // namespace
}  // namespace chad

// The parser: every form and precedence rule of shared/spec/language.md, desugaring, aliases,
// and located errors.
#include <gtest/gtest.h>

#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

TermP term(const std::string& text) { return parse_term(text, "<t>"); }

// Builders with no locations, for expected trees.
TermP v(const std::string& name) { return make_var(name); }
TermP lit(double x) { return make_literal(x); }
TermP prim(PrimOp op, std::vector<TermP> args) { return make_prim(op, std::move(args)); }

void expect_parses_to(const std::string& text, const TermP& expected) {
  TermP got = term(text);
  EXPECT_TRUE(term_equal(got, expected)) << text << "\n parsed as: " << print_term(got)
                                         << "\n expected:  " << print_term(expected);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const SourceError& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(Parser, ArithmeticPrecedenceAndAssociativity) {
  expect_parses_to("a + b * c", prim(PrimOp::Add, {v("a"), prim(PrimOp::Mul, {v("b"), v("c")})}));
  expect_parses_to("a - b - c", prim(PrimOp::Sub, {prim(PrimOp::Sub, {v("a"), v("b")}), v("c")}));
  expect_parses_to("a / b * c", prim(PrimOp::Mul, {prim(PrimOp::Div, {v("a"), v("b")}), v("c")}));
  expect_parses_to("-a * b", prim(PrimOp::Mul, {prim(PrimOp::Neg, {v("a")}), v("b")}));
  expect_parses_to("a + b < c * d", prim(PrimOp::Lt, {prim(PrimOp::Add, {v("a"), v("b")}),
                                                      prim(PrimOp::Mul, {v("c"), v("d")})}));
  expect_parses_to("-2", prim(PrimOp::Neg, {lit(2)}));
}

TEST(Parser, ApplicationBindsTightestAndAssociatesLeft) {
  expect_parses_to("f x y + g z",
                   prim(PrimOp::Add, {make_app(make_app(v("f"), v("x")), v("y")), make_app(v("g"), v("z"))}));
  expect_parses_to("fst p + snd p", prim(PrimOp::Add, {make_fst(v("p")), make_snd(v("p"))}));
  // Prefix forms take an application-level operand.
  expect_parses_to("fst f x", make_fst(make_app(v("f"), v("x"))));
  expect_parses_to("roll Cons (1, roll Nil)",
                   make_roll(make_inject("Cons", make_pair(lit(1), make_roll(make_inject("Nil", make_unit()))))));
}

TEST(Parser, BindingFormsExtendRight) {
  expect_parses_to("let x = 1 in x + 2", make_let("x", lit(1), prim(PrimOp::Add, {v("x"), lit(2)})));
  expect_parses_to("fun (x : real) -> x * x",
                   make_lambda("x", real_type(), prim(PrimOp::Mul, {v("x"), v("x")})));
  expect_parses_to("fun (x : real) (y : real[2]) -> y",
                   make_lambda("x", real_type(), make_lambda("y", real_type({2}), v("y"))));
  expect_parses_to("fold xs with n -> n", make_fold(v("xs"), "n", v("n")));
  expect_parses_to("unfold s with n -> (n, n)", make_unfold(v("s"), "n", make_pair(v("n"), v("n"))));
}

TEST(Parser, TuplesNestToTheRight) {
  expect_parses_to("(a, b, c)", make_pair(v("a"), make_pair(v("b"), v("c"))));
  expect_parses_to("()", make_unit());
  expect_parses_to("(a : real)", make_ascribe(v("a"), real_type()));
}

TEST(Parser, SugarIsDesugared) {
  expect_parses_to("if c then a else b",
                   make_case(v("c"), {Branch{"False", "_", v("b")}, Branch{"True", "_", v("a")}}));
  TermP let_pair = term("let (x, y) = p in x");
  ASSERT_EQ(let_pair->kind, TermKind::Let);
  const std::string fresh = let_pair->name;
  expect_parses_to("let (x, y) = p in x",
                   make_let(fresh, v("p"),
                            make_let("x", make_fst(v(fresh)), make_let("y", make_snd(v(fresh)), v("x")))));
  expect_parses_to("Nil", make_inject("Nil", make_unit()));
}

TEST(Parser, CaseAndPrimitives) {
  expect_parses_to("case s of { A a -> a | B b -> sin(b) }",
                   make_case(v("s"), {Branch{"A", "a", v("a")}, Branch{"B", "b", prim(PrimOp::Sin, {v("b")})}}));
  expect_parses_to("get(v, 2)", make_prim(PrimOp::Get, {v("v")}, {}, 2));
  expect_parses_to("vec(1, 2, 3)", prim(PrimOp::Vec, {lit(1), lit(2), lit(3)}));
  expect_parses_to("matvec(m, v)", prim(PrimOp::Matvec, {v("m"), v("v")}));
  expect_parses_to("[[1, 2], [3, 4]]",
                   make_array_literal({make_array_literal({lit(1), lit(2)}), make_array_literal({lit(3), lit(4)})}));
  // A def named like a primitive is applied as a function (the spec's example has `sum xs`).
  Program p = parse_program("def sum (x : real) : real = x; def main (y : real) : real = sum y;", "<t>");
  EXPECT_EQ(p.defs[1].body->kind, TermKind::App);
}

TEST(Printer, RealsPrintShortAndReadBackExactly) {
  EXPECT_EQ(print_real(200000), "200000");
  EXPECT_EQ(print_real(0.001), "0.001");
  EXPECT_EQ(print_real(0.1), "0.1");
  EXPECT_EQ(print_real(-2.5), "-2.5");
  EXPECT_EQ(print_real(1e300), "1e+300");
  EXPECT_EQ(print_real(1e-7), "1e-07");
  for (double x : {0.1, 1.0 / 3.0, 2e-5, 123456789.125, 1e16, 4.9e-324, 1.7976931348623157e308})
    EXPECT_EQ(term(print_real(x))->literal, x) << print_real(x);
}

TEST(Parser, RealLiterals) {
  EXPECT_EQ(term("2.5")->literal, 2.5);
  EXPECT_EQ(term("1e-3")->literal, 1e-3);
  EXPECT_EQ(term("0x1.8p+1")->literal, 3.0);
  EXPECT_EQ(term("1e+300")->literal, 1e300);
}

TEST(Parser, TypesAndAliases) {
  Program p = parse_program(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "type Pair = real * List -> bool;\n"
      "def main (x : Pair) : real[2, 3] = x;\n",
      "<t>");
  ASSERT_EQ(p.aliases.size(), 2u);
  TypeP list = mu_type("l", sum_type({{"Nil", unit_type()},
                                     {"Cons", prod_type(real_type(), var_type("l"))}}));
  EXPECT_TRUE(type_equal(p.aliases[0].type, list));
  EXPECT_TRUE(type_equal(p.defs[0].params[0].type,
                         arrow_type(prod_type(real_type(), list), bool_type())));
  EXPECT_TRUE(type_equal(p.defs[0].result, real_type({2, 3})));
  // Bound variable names do not matter.
  EXPECT_TRUE(type_equal(parse_type("mu a. < N : unit | C : real * a >", "<t>"),
                         parse_type("mu b. < N : unit | C : real * b >", "<t>")));
  // Arrow is right-associative and looser than product.
  EXPECT_TRUE(type_equal(parse_type("real * real -> real -> unit", "<t>"),
                         arrow_type(prod_type(real_type(), real_type()),
                                    arrow_type(real_type(), unit_type()))));
}

TEST(Parser, SpecExampleParses) {
  Program p = parse_program(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "type Stream = nu s. real * s;\n"
      "def sum (xs : List) : real =\n"
      "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n"
      "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
      "def main (x : real, xs : List) : real =\n"
      "  let s = unroll (powers x) in fst s * sum xs;\n",
      "spec.chad");
  ASSERT_EQ(p.defs.size(), 3u);
  EXPECT_EQ(p.defs[2].params.size(), 2u);
  EXPECT_EQ(entry_point(p).name, "main");
}

TEST(Parser, ErrorsAreLocatedAndSayWhatWasExpected) {
  EXPECT_EQ(error_of([] { parse_term("let x = 1 then x", "f.chad"); }),
            "f.chad:1:11: error: expected `in` after the bound expression of `let x`, found `then`");
  EXPECT_EQ(error_of([] { parse_term("(1, 2", "f.chad"); }),
            "f.chad:1:6: error: expected `)` to close `(` at 1:1, found end of input");
  EXPECT_NE(error_of([] { parse_term("1 $ 2", "f.chad"); }).find("f.chad:1:3: error: unexpected character `$`"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_program("type T = mu t. < L : real -> real | N : t >;", "f.chad"); })
                .find("f.chad:1:27: error: function type is not allowed under `mu t`"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_type("mu t. a * t", "f.chad"); }).find("f.chad:1:7: error: unbound type variable `a`"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_type("Missing", "f.chad"); }).find("f.chad:1:1: error: unknown type `Missing`"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_term("get(v, x)", "f.chad"); }).find("f.chad:1:8"), std::string::npos);
  EXPECT_NE(error_of([] { parse_term("sin(1, 2)", "f.chad"); }).find("takes 1 argument, found 2"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_type("< A : real | A : unit >", "f.chad"); }).find("f.chad:1:14"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_term("1e999", "f.chad"); }).find("f.chad:1:1: error: malformed number"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_type("real[100000, 100000]", "f.chad"); })
                .find("f.chad:1:1: error: array type too large"),
            std::string::npos);
}

TEST(Parser, DeepNestingIsAnErrorNotACrash) {
  for (const std::string& open : {std::string("("), std::string("fst "), std::string("- ")}) {
    std::string text;
    for (int i = 0; i < 200000; ++i) text += open;
    text += "x";
    if (open == "(") text += std::string(200000, ')');
    std::string message;
    run_with_deep_stack([&] { message = error_of([&] { parse_term(text, "deep.chad"); }); });
    EXPECT_NE(message.find("deep.chad:1:"), std::string::npos) << message.substr(0, 200);
    EXPECT_NE(message.find("nested deeper than"), std::string::npos) << message.substr(0, 200);
  }
}

}  // namespace
}  // namespace chad

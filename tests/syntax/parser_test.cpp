// The parser: every form and precedence rule of shared/spec/language.md, desugaring, aliases,
// located errors and the nesting limit.
#include <gtest/gtest.h>

#include "../support/address_sanitizer.hpp"
#include "../support/source_errors.hpp"

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

using testing::error_of;

TEST(Parser, ArithmeticPrecedenceAndAssociativity) {
  expect_parses_to("a + b * c", prim(PrimOp::Add, {v("a"), prim(PrimOp::Mul, {v("b"), v("c")})}));
  expect_parses_to("a - b - c", prim(PrimOp::Sub, {prim(PrimOp::Sub, {v("a"), v("b")}), v("c")}));
  expect_parses_to("a / b * c", prim(PrimOp::Mul, {prim(PrimOp::Div, {v("a"), v("b")}), v("c")}));
  expect_parses_to("-a * b", prim(PrimOp::Mul, {prim(PrimOp::Neg, {v("a")}), v("b")}));
  expect_parses_to("a + b < c * d", prim(PrimOp::Lt, {prim(PrimOp::Add, {v("a"), v("b")}),
                                                      prim(PrimOp::Mul, {v("c"), v("d")})}));
  expect_parses_to("-2", prim(PrimOp::Neg, {lit(2)}));
  expect_parses_to("- -a", prim(PrimOp::Neg, {prim(PrimOp::Neg, {v("a")})}));
  expect_parses_to("a - -b", prim(PrimOp::Sub, {v("a"), prim(PrimOp::Neg, {v("b")})}));
  expect_parses_to("-f x", prim(PrimOp::Neg, {make_app(v("f"), v("x"))}));
  expect_parses_to("a > b - c", prim(PrimOp::Gt, {v("a"), prim(PrimOp::Sub, {v("b"), v("c")})}));
  expect_parses_to("a * (b + c)", prim(PrimOp::Mul, {v("a"), prim(PrimOp::Add, {v("b"), v("c")})}));
  expect_parses_to("a -- a comment\n + b", prim(PrimOp::Add, {v("a"), v("b")}));
}

TEST(Parser, BindingFormsAreLooserThanOperators) {
  // The body of let / fun / if / fold / unfold / case extends as far right as possible,
  // also when the form is an operand.
  expect_parses_to("a + let x = 1 in x * 2",
                   prim(PrimOp::Add, {v("a"), make_let("x", lit(1), prim(PrimOp::Mul, {v("x"), lit(2)}))}));
  expect_parses_to("let x = 1 in x < 2",
                   make_let("x", lit(1), prim(PrimOp::Lt, {v("x"), lit(2)})));
  expect_parses_to("f fun (x : real) -> x + 1",
                   make_app(v("f"), make_lambda("x", real_type(), prim(PrimOp::Add, {v("x"), lit(1)}))));
  expect_parses_to("if a < b then 1 else 2 + 3",
                   make_case(prim(PrimOp::Lt, {v("a"), v("b")}),
                             {Branch{"False", "_", prim(PrimOp::Add, {lit(2), lit(3)}), -1, {}},
                              Branch{"True", "_", lit(1), -1, {}}}));
  expect_parses_to("fold fold a with y -> y with x -> x + 1",
                   make_fold(make_fold(v("a"), "y", v("y")), "x", prim(PrimOp::Add, {v("x"), lit(1)})));
  expect_parses_to("case c of { A a -> let y = a in y | B b -> b }",
                   make_case(v("c"), {Branch{"A", "a", make_let("y", v("a"), v("y")), -1, {}},
                                      Branch{"B", "b", v("b"), -1, {}}}));
}

TEST(Parser, ApplicationBindsTightestAndAssociatesLeft) {
  expect_parses_to("f x y + g z",
                   prim(PrimOp::Add, {make_app(make_app(v("f"), v("x")), v("y")), make_app(v("g"), v("z"))}));
  expect_parses_to("fst p + snd p", prim(PrimOp::Add, {make_fst(v("p")), make_snd(v("p"))}));
  // Prefix forms take an application-level operand.
  expect_parses_to("fst f x", make_fst(make_app(v("f"), v("x"))));
  expect_parses_to("roll Cons (1, roll Nil)",
                   make_roll(make_inject("Cons", make_pair(lit(1), make_roll(make_inject("Nil", make_unit()))))));
  expect_parses_to("unroll s", make_unroll(v("s")));
  expect_parses_to("snd fst p", make_snd(make_fst(v("p"))));
  expect_parses_to("(fst p) x", make_app(make_fst(v("p")), v("x")));
  expect_parses_to("C f x", make_inject("C", make_app(v("f"), v("x"))));
  expect_parses_to("Some Nil", make_inject("Some", make_inject("Nil", make_unit())));
  // A constructor before something that cannot start an operand carries ().
  expect_parses_to("Nil + x", prim(PrimOp::Add, {make_inject("Nil", make_unit()), v("x")}));
  expect_parses_to("(A, B)", make_pair(make_inject("A", make_unit()), make_inject("B", make_unit())));
  expect_parses_to("f (C ()) 2", make_app(make_app(v("f"), make_inject("C", make_unit())), lit(2)));
}

TEST(Parser, BindingFormsExtendRight) {
  expect_parses_to("let x = 1 in x + 2", make_let("x", lit(1), prim(PrimOp::Add, {v("x"), lit(2)})));
  expect_parses_to("fun (x : real) -> x * x",
                   make_lambda("x", real_type(), prim(PrimOp::Mul, {v("x"), v("x")})));
  expect_parses_to("fun (x : real) (y : real[2]) -> y",
                   make_lambda("x", real_type(), make_lambda("y", real_type({2}), v("y"))));
  expect_parses_to("fold xs with n -> n", make_fold(v("xs"), "n", v("n")));
  expect_parses_to("unfold s with n -> (n, n)", make_unfold(v("s"), "n", make_pair(v("n"), v("n"))));
  expect_parses_to("fun (x : real, y : unit) -> x",
                   make_lambda("x", real_type(), make_lambda("y", unit_type(), v("x"))));
  expect_parses_to("fun (f : real -> real) -> f",
                   make_lambda("f", arrow_type(real_type(), real_type()), v("f")));
}

TEST(Parser, TuplesNestToTheRight) {
  expect_parses_to("(a, b, c)", make_pair(v("a"), make_pair(v("b"), v("c"))));
  expect_parses_to("()", make_unit());
  expect_parses_to("(a : real)", make_ascribe(v("a"), real_type()));
  expect_parses_to("((a, b) : real * real)", make_ascribe(make_pair(v("a"), v("b")), prod_type(real_type(), real_type())));
  expect_parses_to("(a, (b, c), d)", make_pair(v("a"), make_pair(make_pair(v("b"), v("c")), v("d"))));
}

TEST(Parser, SugarIsDesugared) {
  expect_parses_to("if c then a else b",
                   make_case(v("c"), {Branch{"False", "_", v("b"), -1, {}}, Branch{"True", "_", v("a"), -1, {}}}));
  // let (x, y) = e1 in e2: a fresh valid name per pattern, counted per parse.
  TermP let_pair = term("let (x, y) = p in let (a, b) = x in a");
  ASSERT_EQ(let_pair->kind, TermKind::Let);
  EXPECT_EQ(let_pair->name, "_pair'1");
  const TermP inner = let_pair->args[1]->args[1]->args[1];
  ASSERT_EQ(inner->kind, TermKind::Let);
  EXPECT_EQ(inner->name, "_pair'2");
  expect_parses_to("let (x, y) = p in x",
                   make_let("_pair'1", v("p"),
                            make_let("x", make_fst(v("_pair'1")), make_let("y", make_snd(v("_pair'1")), v("x")))));
  EXPECT_EQ(term("let (x, y) = p in x")->name, "_pair'1");  // a new parse starts again
  expect_parses_to("Nil", make_inject("Nil", make_unit()));
  expect_parses_to("C", make_inject("C", make_unit()));
}

TEST(Parser, CaseAndPrimitives) {
  expect_parses_to("case s of { A a -> a | B b -> sin(b) }",
                   make_case(v("s"), {Branch{"A", "a", v("a"), -1, {}},
                                      Branch{"B", "b", prim(PrimOp::Sin, {v("b")}), -1, {}}}));
  expect_parses_to("case s of { | A _ -> 1 }", make_case(v("s"), {Branch{"A", "_", lit(1), -1, {}}}));
  expect_parses_to("get(v, 2)", make_prim(PrimOp::Get, {v("v")}, {}, 2));
  expect_parses_to("vec(1, 2, 3)", prim(PrimOp::Vec, {lit(1), lit(2), lit(3)}));
  expect_parses_to("vec(x)", prim(PrimOp::Vec, {v("x")}));
  expect_parses_to("matvec(m, v)", prim(PrimOp::Matvec, {v("m"), v("v")}));
  expect_parses_to("dot(a, b)", prim(PrimOp::Dot, {v("a"), v("b")}));
  expect_parses_to("scale(2, v)", prim(PrimOp::Scale, {lit(2), v("v")}));
  expect_parses_to("sum(v) + 1", prim(PrimOp::Add, {prim(PrimOp::Sum, {v("v")}), lit(1)}));
  const std::pair<const char*, PrimOp> unary[] = {
      {"sin", PrimOp::Sin},   {"cos", PrimOp::Cos},   {"exp", PrimOp::Exp},
      {"log", PrimOp::Log},   {"sqrt", PrimOp::Sqrt}, {"tanh", PrimOp::Tanh},
      {"sigmoid", PrimOp::Sigmoid}, {"softplus", PrimOp::Softplus}};
  for (const auto& [name, op] : unary) {
    expect_parses_to(std::string(name) + "(x * 2)", prim(op, {prim(PrimOp::Mul, {v("x"), lit(2)})}));
    EXPECT_STREQ(prim_name(op), name);
  }
  expect_parses_to("[[1, 2], [3, 4]]",
                   make_array_literal({make_array_literal({lit(1), lit(2)}), make_array_literal({lit(3), lit(4)})}));
  expect_parses_to("[x + 1, -y]",
                   make_array_literal({prim(PrimOp::Add, {v("x"), lit(1)}), prim(PrimOp::Neg, {v("y")})}));
  // A name followed by `(` after a space is a variable applied to an argument, whatever its
  // name: the spec's example defines `sum` and writes `sum xs`.
  expect_parses_to("sum (x)", make_app(v("sum"), v("x")));
  expect_parses_to("sin x", make_app(v("sin"), v("x")));
  Program p = parse_program("def sum (x : real) : real = x; def main (y : real) : real = sum y;", "<t>");
  EXPECT_EQ(p.defs[1].body->kind, TermKind::App);
}

TEST(Parser, RealLiterals) {
  EXPECT_EQ(term("2")->literal, 2.0);
  EXPECT_EQ(term("2.5")->literal, 2.5);
  EXPECT_EQ(term("1e-3")->literal, 1e-3);
  EXPECT_EQ(term("1E3")->literal, 1e3);
  EXPECT_EQ(term("1e+300")->literal, 1e300);
  EXPECT_EQ(term("0x1.8p+1")->literal, 3.0);
  EXPECT_EQ(term("0x1p-2")->literal, 0.25);
  EXPECT_EQ(term("0X1.0P-1074")->literal, 4.9406564584124654e-324);
  EXPECT_EQ(term("0x1.fffffffffffffp+1023")->literal, 1.7976931348623157e308);
  // Minus is an operator, never part of the literal.
  expect_parses_to("-0x1p0", prim(PrimOp::Neg, {lit(1)}));
  expect_parses_to("1-2", prim(PrimOp::Sub, {lit(1), lit(2)}));
}

TEST(Parser, TypesAndAliases) {
  Program p = parse_program(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "type Pair = real * List -> bool;\n"
      "def main (x : Pair) : real[2, 3] = x;\n",
      "<t>");
  ASSERT_EQ(p.aliases.size(), 2u);
  EXPECT_EQ(p.aliases[1].name, "Pair");
  EXPECT_EQ(p.aliases[1].loc.line, 2);
  EXPECT_EQ(p.aliases[1].loc.col, 6);
  TypeP list = mu_type("l", sum_type({{"Nil", unit_type()},
                                     {"Cons", prod_type(real_type(), var_type("l"))}}));
  EXPECT_TRUE(type_equal(p.aliases[0].type, list));
  EXPECT_TRUE(type_equal(p.defs[0].params[0].type,
                         arrow_type(prod_type(real_type(), list), bool_type())));
  EXPECT_TRUE(type_equal(p.defs[0].result, real_type({2, 3})));
  // Bound variable names do not matter.
  EXPECT_TRUE(type_equal(parse_type("mu a. < N : unit | C : real * a >", "<t>"),
                         parse_type("mu b. < N : unit | C : real * b >", "<t>")));
  // Arrow is right-associative and looser than product; product is right-associative.
  EXPECT_TRUE(type_equal(parse_type("real * real -> real -> unit", "<t>"),
                         arrow_type(prod_type(real_type(), real_type()),
                                    arrow_type(real_type(), unit_type()))));
  EXPECT_TRUE(type_equal(parse_type("real * unit * real[2]", "<t>"),
                         prod_type(real_type(), prod_type(unit_type(), real_type({2})))));
  EXPECT_TRUE(type_equal(parse_type("(real * unit) * real", "<t>"),
                         prod_type(prod_type(real_type(), unit_type()), real_type())));
  EXPECT_TRUE(type_equal(parse_type("(real -> real) -> real", "<t>"),
                         arrow_type(arrow_type(real_type(), real_type()), real_type())));
  EXPECT_TRUE(type_equal(parse_type("real[]", "<t>"), real_type()));
  EXPECT_TRUE(type_equal(parse_type("bool", "<t>"), bool_type()));
  EXPECT_TRUE(type_equal(parse_type("< Only : real >", "<t>"), sum_type({{"Only", real_type()}})));
  // mu / nu bodies extend far right; binders nest.
  EXPECT_TRUE(type_equal(parse_type("nu s. real * s", "<t>"),
                         nu_type("s", prod_type(real_type(), var_type("s")))));
  EXPECT_TRUE(type_equal(parse_type("real * nu a. a * unit", "<t>"),
                         prod_type(real_type(), nu_type("a", prod_type(var_type("a"), unit_type())))));
  EXPECT_TRUE(type_equal(parse_type("mu t. < L : real | N : mu r. < E | M : t * r > >", "<t>"),
                         mu_type("t", sum_type({{"L", real_type()},
                                                {"N", mu_type("r", sum_type({{"E", unit_type()},
                                                                             {"M", prod_type(var_type("t"), var_type("r"))}}))}}))));
  // Aliases given to parse_term and parse_type are in scope.
  std::vector<TypeAlias> aliases = {{"List", list, {}}};
  EXPECT_TRUE(type_equal(parse_type("List * List", "<t>", aliases), prod_type(list, list)));
  expect_parses_to("(Nil : bool)", make_ascribe(make_inject("Nil", make_unit()), bool_type()));
  EXPECT_TRUE(term_equal(parse_term("fun (xs : List) -> xs", "<t>", aliases), make_lambda("xs", list, v("xs"))));
}

TEST(Parser, ProgramsAndLocations) {
  Program p = parse_program(
      "-- leading comment\n"
      "def f (x : real) (y : real, z : unit) : real =\n"
      "  x + y;\n"
      "def g : real = 1;\n",
      "prog.chad");
  EXPECT_EQ(p.file, "prog.chad");
  ASSERT_EQ(p.defs.size(), 2u);
  const Def& f = p.defs[0];
  EXPECT_EQ(f.name, "f");
  ASSERT_EQ(f.params.size(), 3u);
  EXPECT_EQ(f.params[1].name, "y");
  EXPECT_EQ(f.params[2].loc.line, 2);
  EXPECT_EQ(f.params[2].loc.col, 29);
  EXPECT_EQ(f.loc.line, 2);
  EXPECT_EQ(f.loc.col, 1);
  EXPECT_EQ(*f.loc.file, "prog.chad");
  // The node of `x + y` sits at its operator; `x` at its own position.
  EXPECT_EQ(f.body->loc.line, 3);
  EXPECT_EQ(f.body->loc.col, 5);
  EXPECT_EQ(f.body->args[0]->loc.col, 3);
  EXPECT_TRUE(p.defs[1].params.empty());
  EXPECT_EQ(entry_point(p).name, "g");  // no main: the last def
  EXPECT_TRUE(type_equal(input_type(f), prod_type(real_type(), prod_type(real_type(), unit_type()))));
  EXPECT_TRUE(type_equal(input_type(p.defs[1]), unit_type()));
  EXPECT_TRUE(parse_program("  -- nothing\n", "empty.chad").defs.empty());
}

TEST(Parser, SpecExampleParses) {
  Program p = parse_program(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "type Stream = nu s. real * s;\n"
      "\n"
      "def sum (xs : List) : real =\n"
      "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n"
      "\n"
      "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
      "\n"
      "def main (x : real, xs : List) : real =\n"
      "  let s = unroll (powers x) in fst s * sum xs;\n",
      "spec.chad");
  ASSERT_EQ(p.defs.size(), 3u);
  ASSERT_EQ(p.aliases.size(), 2u);
  EXPECT_EQ(p.defs[2].params.size(), 2u);
  EXPECT_EQ(entry_point(p).name, "main");
  EXPECT_TRUE(type_equal(input_type(entry_point(p)), prod_type(real_type(), p.aliases[0].type)));
  expect_parses_to(print_term(p.defs[0].body),
                   make_fold(v("xs"), "x",
                             make_case(v("x"), {Branch{"Nil", "u", lit(0), -1, {}},
                                                Branch{"Cons", "p", prim(PrimOp::Add, {make_fst(v("p")), make_snd(v("p"))}), -1, {}}})));
  EXPECT_TRUE(term_equal(p.defs[2].body,
                         make_let("s", make_unroll(make_app(v("powers"), v("x"))),
                                  prim(PrimOp::Mul, {make_fst(v("s")), make_app(v("sum"), v("xs"))}))));
}

TEST(Parser, ErrorsAreLocatedAndSayWhatWasExpected) {
  auto term_error = [](const std::string& text) { return error_of([&] { parse_term(text, "f.chad"); }); };
  auto type_error = [](const std::string& text) { return error_of([&] { parse_type(text, "f.chad"); }); };
  auto program_error = [](const std::string& text) { return error_of([&] { parse_program(text, "f.chad"); }); };
  const std::string malformed =
      ": expected a decimal like 2.5 or 1e-3, or a hex float like 0x1.8p+1, with a finite value";
  const std::string polynomial = "`: inductive and coinductive types must be polynomial";

  EXPECT_EQ(term_error("let x = 1 then x"),
            "f.chad:1:11: error: expected `in` after the bound expression of `let x`, found `then`");
  EXPECT_EQ(term_error("(1, 2"), "f.chad:1:6: error: expected `)` to close `(` at 1:1, found end of input");
  EXPECT_EQ(term_error("let x =\n  (1 +\n   2 in x"),
            "f.chad:3:6: error: expected `)` to close `(` at 2:3, found `in`");
  EXPECT_EQ(term_error("x -- comment\n  + $"),
            "f.chad:2:5: error: unexpected character `$`: expected an identifier, a number or punctuation");
  EXPECT_EQ(term_error("a < b < c"),
            "f.chad:1:7: error: comparisons do not chain: expected a parenthesised comparison, found `<`");
  EXPECT_EQ(term_error("fun x -> x"),
            "f.chad:1:5: error: expected `(` and an annotated parameter `(x : t)` after `fun`, found `x`");
  EXPECT_EQ(term_error("fun (x) -> x"),
            "f.chad:1:7: error: expected `:` after the parameter name (parameters of `fun` need a type), found `)`");
  EXPECT_EQ(term_error("case x of { }"), "f.chad:1:13: error: expected a constructor name to start a branch, found `}`");
  EXPECT_EQ(term_error("case x of { A a -> a"),
            "f.chad:1:21: error: expected `|` or `}` in the case opened at 1:11, found end of input");
  // `[]` parses (the empty list of a list type, see sugar_test.cpp); an unclosed one does not.
  EXPECT_EQ(term_error("[]"), "<no error>");
  EXPECT_EQ(term_error("[1, 2"), "f.chad:1:6: error: expected `,` or `]` in the array opened at 1:1, found end of input");
  EXPECT_EQ(term_error("let in x"), "f.chad:1:5: error: expected a variable name after `let`, found `in`");
  EXPECT_EQ(term_error("x y )"), "f.chad:1:5: error: expected end of input, found `)`");
  EXPECT_EQ(term_error("fold xs x -> x"), "f.chad:1:11: error: expected `with` after the scrutinee of `fold`, found `->`");
  EXPECT_EQ(term_error("if a then b"), "f.chad:1:12: error: expected `else` after the `then` branch, found end of input");
  EXPECT_EQ(term_error("(x : )"), "f.chad:1:6: error: expected a type, found `)`");
  EXPECT_EQ(term_error("let (x y) = p in x"), "f.chad:1:8: error: expected `,` in `let (x, y)`, found `y`");
  EXPECT_EQ(term_error("vec()"), "f.chad:1:5: error: expected an expression, found `)`");
  EXPECT_EQ(term_error("get(v, x)"),
            "f.chad:1:8: error: expected an integer literal index as the second argument of `get`, found `x`");
  EXPECT_EQ(term_error("get(v, 1.5)").substr(0, 12), "f.chad:1:8: ");
  EXPECT_EQ(term_error("sin(1, 2)"), "f.chad:1:1: error: `sin` takes 1 argument, found 2");
  EXPECT_EQ(term_error("dot(a)"), "f.chad:1:1: error: `dot` takes 2 arguments, found 1");
  EXPECT_EQ(term_error("let = 1 in 2"), "f.chad:1:5: error: expected a variable name after `let`, found `=`");
  EXPECT_EQ(term_error("1e999"), "f.chad:1:1: error: malformed number literal `1e999`" + malformed);
  EXPECT_EQ(term_error("x + 2x"), "f.chad:1:5: error: malformed number literal `2x`" + malformed);
  EXPECT_EQ(term_error("0x1.8p"), "f.chad:1:1: error: malformed number literal `0x1.8p`" + malformed);
  EXPECT_EQ(term_error("0x1p99999"), "f.chad:1:1: error: malformed number literal `0x1p99999`" + malformed);
  // Underflow to 0 is an error, not a silent 0; zeros and subnormals read as written.
  const std::string underflow = "` is too small for a double: it would read as 0 (write 0, or scale the program)";
  EXPECT_EQ(term_error("x * 1e-400"), "f.chad:1:5: error: number literal `1e-400" + underflow);
  EXPECT_EQ(term_error("0x1p-1100"), "f.chad:1:1: error: number literal `0x1p-1100" + underflow);
  EXPECT_EQ(parse_term("0.000e-999", "f.chad")->literal, 0.0);
  EXPECT_EQ(parse_term("0x0p-2000", "f.chad")->literal, 0.0);
  EXPECT_EQ(parse_term("1e-310", "f.chad")->literal, 1e-310);

  EXPECT_EQ(type_error("mu t. a * t"),
            "f.chad:1:7: error: unbound type variable `a`: type variables must be bound by an enclosing mu or nu");
  EXPECT_EQ(type_error("a"),
            "f.chad:1:1: error: unbound type variable `a`: type variables must be bound by an enclosing mu or nu");
  EXPECT_EQ(type_error("(nu a. a) * a").substr(0, 44), "f.chad:1:13: error: unbound type variable `a");
  EXPECT_EQ(type_error("Missing"), "f.chad:1:1: error: unknown type `Missing`: expected a type alias declared above");
  EXPECT_EQ(type_error("< A : real | A : unit >"), "f.chad:1:14: error: constructor `A` appears twice in this sum");
  EXPECT_EQ(type_error("< >"), "f.chad:1:3: error: expected a constructor name (upper case), found `>`");
  EXPECT_EQ(type_error("real[0]"), "f.chad:1:6: error: expected an array dimension (an integer >= 1), found the number `0`");
  EXPECT_EQ(type_error("real[2.5]"),
            "f.chad:1:6: error: expected an array dimension (an integer >= 1), found the number `2.5`");
  EXPECT_EQ(type_error("real[100000, 100000]").substr(0, 40), "f.chad:1:1: error: array type too large:");
  EXPECT_EQ(type_error("unit[2]"), "f.chad:1:5: error: expected end of input, found `[`");
  EXPECT_EQ(type_error("real *"), "f.chad:1:7: error: expected a type, found end of input");
  EXPECT_EQ(type_error("nu s. real * s -> s"),
            "f.chad:1:7: error: function type `real * s -> s` is not allowed under `nu s" + polynomial);

  EXPECT_EQ(program_error("type T = mu t. < L : real -> real | N : t >;"),
            "f.chad:1:22: error: function type `real -> real` is not allowed under `mu t" + polynomial);
  EXPECT_EQ(program_error("type T = mu t. < L : real * (t -> real) | N : t >;"),
            "f.chad:1:30: error: function type `t -> real` is not allowed under `mu t" + polynomial);
  EXPECT_EQ(program_error("type F = real -> real;\ntype T = mu t. F * t;"),
            "f.chad:2:16: error: type `F` = `real -> real` contains a function type, which is not allowed "
            "under `mu t" + polynomial);
  EXPECT_EQ(program_error("def f (x : real) : real = x"),
            "f.chad:1:28: error: expected `;` to end the definition of `f`, found end of input");
  EXPECT_EQ(program_error("def f (x : real) = x;"),
            "f.chad:1:18: error: expected `:` before the result type of `f`, found `=`");
  EXPECT_EQ(program_error("type t = real;"), "f.chad:1:6: error: expected a type name starting upper case, found `t`");
  EXPECT_EQ(program_error("type T = real; type T = unit;"), "f.chad:1:21: error: type `T` is already defined");
  EXPECT_EQ(program_error("x"), "f.chad:1:1: error: expected `type` or `def` to start a declaration, found `x`");
  EXPECT_EQ(program_error("def main : real = 1;\ndef f (x : Missing) : real = 1;"),
            "f.chad:2:12: error: unknown type `Missing`: expected a type alias declared above");

  // The error carries its location as data, too.
  try {
    parse_term("(1,\n 2", "g.chad");
    FAIL();
  } catch (const SourceError& e) {
    EXPECT_EQ(*e.loc().file, "g.chad");
    EXPECT_EQ(e.loc().line, 2);
    EXPECT_EQ(e.loc().col, 3);
    EXPECT_EQ(e.message(), "expected `)` to close `(` at 1:1, found end of input");
  }
}

// Deep nesting is an error at the token that goes past kMaxNesting, on the caller's ordinary
// stack (the parser runs on a stack of its own), never a crash.
std::string repeat(const std::string& s, int n) {
  std::string out;
  out.reserve(s.size() * std::size_t(n));
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

const std::string kTooDeep = ": error: program nested deeper than 20000 levels";

void expect_too_deep(const std::string& message, const std::string& at) {
  EXPECT_EQ(message.substr(0, at.size() + kTooDeep.size()), at + kTooDeep) << message.substr(0, 200);
}

TEST(Parser, DeepNestingIsAnErrorNotACrash) {
  CHAD_SKIP_DEEP_THROW_UNDER_ASAN();
  const int n = 200000;
  auto term_error = [](const std::string& text) { return error_of([&] { parse_term(text, "deep.chad"); }); };
  auto type_error = [](const std::string& text) { return error_of([&] { parse_type(text, "deep.chad"); }); };
  // One level per parenthesis: the 20001st is too deep.
  expect_too_deep(term_error(repeat("(", n) + "x" + repeat(")", n)), "deep.chad:1:20001");
  expect_too_deep(term_error(repeat("[", n) + "x" + repeat("]", n)), "deep.chad:1:20001");
  expect_too_deep(term_error(repeat("fun (x : real) -> ", n) + "x"), "deep.chad:1:" + std::to_string(18 * 19999 + 10));
  expect_too_deep(term_error(repeat("\n(", n)), "deep.chad:20002:1");
  // Each error unwinds 20000 levels, so the other forms use a shorter input that still
  // passes the limit.
  const int m = 20500;
  for (const char* open : {"fst ", "- ", "C ", "let x = 1 in ", "sin(", "x + ", "f "})
    EXPECT_NE(term_error(repeat(open, m) + "x").find(kTooDeep), std::string::npos) << open;
  // Loops that build deep trees count too.
  EXPECT_NE(term_error("(" + repeat("x, ", m) + "x)").find(kTooDeep), std::string::npos);
  EXPECT_NE(term_error("fun " + repeat("(x : real) ", m) + "-> x").find(kTooDeep), std::string::npos);
  expect_too_deep(type_error(repeat("(", n) + "real" + repeat(")", n)), "deep.chad:1:20001");
  for (const char* open : {"real * ", "real -> ", "mu a. ", "< A : "})
    EXPECT_NE(type_error(repeat(open, m) + "real").find(kTooDeep), std::string::npos) << open;
  EXPECT_NE(error_of([&] { parse_program("def main : real = " + repeat("(", m) + "1;", "deep.chad"); })
                .find(kTooDeep),
            std::string::npos);
  // Just within the limit parses (and the deep result is destroyed on this stack).
  EXPECT_EQ(term(repeat("(", 19999) + "x" + repeat(")", 19999))->kind, TermKind::Var);
  EXPECT_EQ(term(repeat("fst ", 19990) + "x")->kind, TermKind::Fst);
}

}  // namespace
}  // namespace chad

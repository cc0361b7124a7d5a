// The sugar of shared/spec/language.md's last section: primitives applied by juxtaposition and
// used as function values, hints for names that are a primitive's used the wrong way, and
// type-directed list literals (any constructor names and order, non-empty lists, printed back
// as literals). Each sugared form is compared with the term it stands for, written out by hand.
#include <gtest/gtest.h>

#include "../support/source_errors.hpp"

#include "syntax/deep_stack.hpp"
#include "syntax/list_literal.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

using testing::error_of;

const char* kFile = "s.chad";

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }
TypeP list_type() { return type("mu l. < Nil : unit | Cons : real * l >"); }

const Context kCtx = {{"x", real_type()},         {"u", real_type({2})},
                      {"v", real_type({2})},      {"m", real_type({3, 2})},
                      {"p", prod_type(real_type({2}), real_type({2}))}};

TermP check(const std::string& text, const TypeP& expected) {
  return check_term(kCtx, parse_term(text, kFile), expected);
}
TermP infer(const std::string& text) { return infer_term(kCtx, parse_term(text, kFile)); }

#define EXPECT_SAME_TERM(a, b) EXPECT_TRUE(term_equal(a, b)) << print_term(a) << "\n vs " << print_term(b)

TEST(Sugar, PrimitivesApplyByJuxtaposition) {
  for (const char* form : {"sin x", "sin (x)", "sin(x)", "(sin) x"}) EXPECT_SAME_TERM(infer(form), infer("sin(x)"));
  EXPECT_SAME_TERM(infer("sin (x * x)"), infer("sin(x * x)"));
  EXPECT_SAME_TERM(infer("exp(x) + log x"), infer("exp(x) + log(x)"));
  // Application binds tighter than `*`: `sin x * 2` is (sin x) * 2.
  EXPECT_SAME_TERM(infer("sin x * 2"), infer("sin(x) * 2"));
  EXPECT_SAME_TERM(infer("dot (u, v)"), infer("dot(u, v)"));
  EXPECT_SAME_TERM(infer("matvec (m, v)"), infer("matvec(m, v)"));
  EXPECT_SAME_TERM(infer("scale (x, v)"), infer("scale(x, v)"));
  EXPECT_SAME_TERM(infer("get (v, 1)"), infer("get(v, 1)"));
  EXPECT_SAME_TERM(infer("vec (x, x, x)"), infer("vec(x, x, x)"));
  EXPECT_SAME_TERM(infer("sum v"), infer("sum(v)"));
  // A pair held in a variable is taken apart.
  EXPECT_SAME_TERM(infer("dot p"), infer("dot(fst p, snd p)"));
  EXPECT_TRUE(type_equal(infer("sigmoid [1, 2]")->type, real_type({2})));
}

TEST(Sugar, ABoundNameIsNotThePrimitive) {
  // The spec's example defines and applies its own `sum`.
  Program p = parse_program(
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def sum (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons q -> fst q + snd q };\n"
      "def main (xs : List) : real = sum xs;",
      kFile);
  EXPECT_EQ(check_program(p).output_type->kind, TypeKind::Real);
  TermP shadowed = infer("let sin = fun (y : real) -> y * 2 in sin x");
  EXPECT_EQ(shadowed->args[1]->kind, TermKind::App);
}

TEST(Sugar, APrimitiveNameIsAFunctionWhereOneIsExpected) {
  EXPECT_SAME_TERM(check("sin", type("real -> real")), check("fun (_arg' : real) -> sin(_arg')", type("real -> real")));
  EXPECT_TRUE(type_equal(check("tanh", type("real[3] -> real[3]"))->type, type("real[3] -> real[3]")));
  EXPECT_SAME_TERM(check("dot", type("real[2] * real[2] -> real")),
                   check("fun (_arg' : real[2] * real[2]) -> dot(fst _arg', snd _arg')",
                         type("real[2] * real[2] -> real")));
  // Passed to a function of type real -> real, and let-bound (a unary one is real -> real).
  EXPECT_TRUE(type_equal(infer("(fun (g : real -> real) -> g x) cos")->type, real_type()));
  EXPECT_TRUE(type_equal(infer("let f = sin in f x")->type, real_type()));
}

TEST(Sugar, PrimitiveMisusesAreLocatedErrorsWithHints) {
  EXPECT_EQ(error_of([] { infer("let f = dot in x"); }),
            "s.chad:1:9: error: the primitive `dot` as a function value needs its type from context: "
            "write `fun (y : t) -> dot y` or ascribe it, e.g. `(dot : real[3] * real[3] -> real)`");
  EXPECT_EQ(error_of([] { check("exp", real_type()); }),
            "s.chad:1:1: error: type mismatch: expected `real`, found the primitive `exp`, a function: "
            "apply it, e.g. `exp x`");
  EXPECT_EQ(error_of([] { infer("x + dot u v"); }),
            "s.chad:1:5: error: `dot` takes its arguments as one tuple, not one after the other: write `dot (u, v)`");
  EXPECT_EQ(error_of([] { infer("get (v, x)"); }),
            "s.chad:1:1: error: `get` takes a vector and an integer literal index, e.g. `get (v, 0)`");
  EXPECT_EQ(error_of([] { infer("1 + ln x"); }),
            "s.chad:1:5: error: unbound variable `ln` (did you mean the primitive `log`? apply it as `log x`)");
  EXPECT_EQ(error_of([] { check("Exp x", type("< A : real >")); }),
            "s.chad:1:1: error: the sum type `< A : real >` has no constructor `Exp` (did you mean the "
            "primitive `exp`? apply it as `exp x`)");
  // The primitive's own errors keep their place: the operand of `sin` at 1:5.
  EXPECT_EQ(error_of([] { infer("sin ()"); }).substr(0, 15), "s.chad:1:5: err");
}

TEST(Sugar, ListLiteralsAreTheRolls) {
  EXPECT_SAME_TERM(check("[1, 2, 3]", list_type()),
                   check("roll Cons (1, roll Cons (2, roll Cons (3, roll Nil)))", list_type()));
  EXPECT_SAME_TERM(check("[]", list_type()), check("roll Nil", list_type()));
  // Either order, any names, array elements (inner literals are arrays).
  TypeP other = type("mu s. < More : real[2] * s | Done : unit >");
  EXPECT_SAME_TERM(check("[[1, 2], v]", other), check("roll More ([1, 2], roll More (v, roll Done))", other));
  // A non-empty list ends in its last element.
  TypeP non_empty = type("mu l. < Last : real | Cons : real * l >");
  EXPECT_SAME_TERM(check("[1, x]", non_empty), check("roll Cons (1, roll Last x)", non_empty));
  EXPECT_SAME_TERM(check("[x]", non_empty), check("roll Last x", non_empty));
  // Lists of lists, and a list inside a pair.
  TypeP nested = type("mu o. < Nil : unit | Cons : (mu l. < Nil : unit | Cons : real * l >) * o >");
  EXPECT_SAME_TERM(check("[[1], []]", nested), check("roll Cons (roll Cons (1, roll Nil), roll Cons (roll Nil, roll Nil))", nested));
  TypeP pair = prod_type(real_type(), list_type());
  EXPECT_SAME_TERM(check("(x, [x])", pair), check("(x, roll Cons (x, roll Nil))", pair));
  // Where an array is expected, it is an array as before.
  EXPECT_EQ(check("[1, 2]", real_type({2}))->kind, TermKind::ArrayLit);
}

TEST(Sugar, ListLiteralErrorsAreLocated) {
  EXPECT_EQ(error_of([] { check("[]", type("mu l. < Last : real | Cons : real * l >")); }),
            "s.chad:1:1: error: the non-empty list type `mu l. < Last : real | Cons : real * l >` has no "
            "empty list: expected at least one element in `[]`");
  EXPECT_EQ(error_of([] { check("(x, [1])", prod_type(real_type(), type("mu t. < Leaf : real | Node : t * t >"))); }),
            "s.chad:1:5: error: type mismatch: expected `mu t. < Leaf : real | Node : t * t >`, found a list "
            "literal; `[...]` stands for a list only at a type `mu l. < Nil : unit | Cons : t * l >` (or "
            "`< Last : t | Cons : t * l >`), any constructor names, or an array type");
  EXPECT_EQ(error_of([] { check("[1, ()]", list_type()); }),
            "s.chad:1:5: error: type mismatch: expected `real`, found `unit` for `()`");
  EXPECT_EQ(error_of([] { infer("[]"); }),
            "s.chad:1:1: error: expected an array element: arrays have at least one element (`[]` is the "
            "empty list where a list type is expected from context)");
  EXPECT_EQ(error_of([] { check("[]", real_type({2})); }).substr(0, 54),
            "s.chad:1:1: error: expected an array element: arrays h");
}

TEST(Sugar, ListLiteralsAreFlat) {
  // 100,000 elements: far beyond the parser's nesting limit for written-out rolls (3 levels a
  // cell), parsed and checked without recursing per element.
  // (On a deep stack: the checked chain is destroyed recursively.)
  run_with_deep_stack([] {
    std::string text = "[";
    for (int i = 0; i < 100000; ++i) text += (i ? ", " : "") + std::to_string(i % 7);
    TermP list = check(text + "]", list_type());
    std::size_t cells = 0;
    for (const Term* t = list.get(); t->args[0]->index == 1; t = t->args[0]->args[0]->args[1].get()) ++cells;
    EXPECT_EQ(cells, 100000u);
  });
}

TEST(Sugar, CheckedListsPrintAsLiteralsAndReadBack) {
  TypeP non_empty = type("mu l. < Last : real | Cons : real * l >");
  struct Case { std::string written; TypeP type; std::string printed; };
  const std::vector<Case> cases = {
      {"roll Cons (1, roll Cons (2.5, roll Nil))", list_type(), "[1, 2.5]"},
      {"roll Nil", list_type(), "[]"},
      {"roll Cons (1, roll Last x)", non_empty, "[1, x]"},
      {"(x, roll Cons (-1, roll Nil))", prod_type(real_type(), list_type()), "(x, [-1])"},
  };
  for (const Case& c : cases) {
    TermP checked = check(c.written, c.type);
    EXPECT_EQ(print_term_with_list_literals(checked), c.printed);
    EXPECT_SAME_TERM(check(print_term_with_list_literals(checked), c.type), checked);
  }
  // Unchecked rolls print as written; a chain whose tail is not written out keeps its rolls.
  EXPECT_EQ(print_term(parse_term("roll Cons (1, roll Nil)", kFile)), "roll (Cons (1, roll (Nil ())))");
  TermP open_tail = check_term({{"xs", list_type()}}, parse_term("roll Cons (1, xs)", kFile), list_type());
  EXPECT_EQ(print_term_with_list_literals(open_tail), "roll (Cons (1, xs))");
  // print_term keeps the rolls of a checked list too.
  EXPECT_EQ(print_term(check("roll Nil", list_type())), "roll (Nil ())");
}

}  // namespace
}  // namespace chad

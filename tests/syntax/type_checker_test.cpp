// The bidirectional type checker: every former typed, annotations filled in, and located
// errors for each kind of ill-typed program.
#include <gtest/gtest.h>

#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

const char* kList = "type List = mu l. < Nil : unit | Cons : real * l >;\n";

CheckedProgram check(const std::string& text) { return check_program(parse_program(text, "p.chad")); }

std::string error_of(const std::string& text) {
  try {
    check(text);
  } catch (const SourceError& e) {
    return e.what();
  }
  return "<no error>";
}

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }

TEST(TypeChecker, SpecExampleHasTheExpectedType) {
  CheckedProgram p = check(std::string(kList) +
                           "type Stream = nu s. real * s;\n"
                           "def sum (xs : List) : real =\n"
                           "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n"
                           "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
                           "def main (x : real, xs : List) : real =\n"
                           "  let s = unroll (powers x) in fst s * sum xs;\n");
  EXPECT_EQ(p.entry, "main");
  EXPECT_TRUE(type_equal(p.input_type, type("real * mu l. < Nil : unit | Cons : real * l >")));
  EXPECT_TRUE(type_equal(p.output_type, real_type()));
  EXPECT_TRUE(type_equal(p.main_function->type, arrow_type(p.input_type, p.output_type)));
}

// Walks a checked term and asserts every node has a type.
void expect_all_typed(const TermP& t) {
  ASSERT_NE(t->type, nullptr) << "untyped node of kind " << int(t->kind);
  for (const auto& a : t->args) expect_all_typed(a);
  for (const auto& b : t->branches) {
    EXPECT_GE(b.tag, 0);
    expect_all_typed(b.body);
  }
}

TEST(TypeChecker, EveryNodeIsAnnotated) {
  CheckedProgram p = check(std::string(kList) +
                           "type Tree = mu t. < Leaf : real | Node : t * real * t >;\n"
                           "def depth (t : Tree) : real = fold t with n -> case n of {\n"
                           "  Leaf a -> 1 | Node m -> let (l, rest) = m in l + snd rest + fst rest };\n"
                           "def main (x : real[2], t : Tree, xs : List) : real * List =\n"
                           "  (sum(scale(depth t, x)) + get(x, 1),\n"
                           "   roll Cons (dot(x, x), (xs : List)));\n");
  expect_all_typed(p.main_function);
}

TEST(TypeChecker, VariablesGetDeBruijnIndices) {
  TermP t = check_term({}, parse_term("fun (x : real) (y : real) -> x * y", "<t>"),
                       type("real -> real -> real"));
  const TermP& product = t->args[0]->args[0];
  EXPECT_EQ(product->args[0]->index, 1);  // x: one binder out
  EXPECT_EQ(product->args[1]->index, 0);  // y: innermost
}

TEST(TypeChecker, InjectionsAndCasesGetTags) {
  TermP t = check_term({}, parse_term("case (B 2 : < A : unit | B : real >) of { B b -> b | A a -> 0 }", "<t>"),
                       real_type());
  EXPECT_EQ(t->args[0]->args[0]->index, 1);  // B is the second constructor
  EXPECT_EQ(t->branches[0].tag, 1);
  EXPECT_EQ(t->branches[1].tag, 0);
}

TEST(TypeChecker, FoldAndUnfoldTypes) {
  CheckedProgram p = check(std::string(kList) +
                           "def main (xs : List) : real -> real =\n"
                           "  fold xs with n -> case n of { Nil u -> fun (y : real) -> y\n"
                           "                              | Cons c -> fun (y : real) -> (snd c) (y * fst c) };\n");
  EXPECT_TRUE(type_equal(p.output_type, type("real -> real")));
  CheckedProgram q = check(
      "type Tree = nu t. real * t * t;\n"
      "def main (x : real) : Tree = unfold x with s -> (s, (s * 2, s + 1));\n");
  EXPECT_EQ(q.main_function->args[0]->type->kind, TypeKind::Nu);
  // A nested mu: lists of lists.
  check("type LL = mu a. < E : unit | C : (mu b. < N : unit | K : real * b >) * a >;\n"
        "def main (x : LL) : real = fold x with n -> case n of { E u -> 0 | C p -> snd p };\n");
}

TEST(TypeChecker, CaseInfersFromAnyBranch) {
  check(std::string(kList) +
        "def main (b : bool) : real = let xs = case b of { False u -> roll Nil | True u -> (roll Nil : List) } in 1;\n");
}

TEST(TypeChecker, Errors) {
  EXPECT_EQ(error_of("def main (x : real) : real = (x, x);"),
            "p.chad:1:30: error: type mismatch: expected `real`, found `real * real` for `(x, x)`");
  EXPECT_EQ(error_of("def main (x : real) : real = y;"), "p.chad:1:30: error: unbound variable `y`");
  EXPECT_NE(error_of("type S = < A : real | B : real >;\ndef main (s : S) : real = case s of { A a -> a };")
                .find("p.chad:2:27: error: this case is missing the branch for constructor `B`"),
            std::string::npos);
  EXPECT_NE(error_of("type S = < A : real >;\ndef main (s : S) : real = case s of { A a -> a | A b -> b };")
                .find("p.chad:2:50: error: the constructor `A` has two branches"),
            std::string::npos);
  EXPECT_NE(error_of("type S = < A : real >;\ndef main (s : S) : real = case s of { A a -> a | C b -> b };")
                .find("p.chad:2:50: error: the sum type `< A : real >` has no constructor `C`"),
            std::string::npos);
  EXPECT_NE(error_of("def main (x : real) : real = let y = Some x in x;").find("p.chad:1:38: error: the constructor `Some` needs its type from context"),
            std::string::npos);
  EXPECT_NE(error_of(std::string(kList) + "def main (x : real) : real = let y = roll Nil in x;").find("p.chad:2:38: error: `roll` needs its type"),
            std::string::npos);
  EXPECT_NE(error_of("def main (v : real[2], w : real[3]) : real = dot(v, w);").find("p.chad:1:46: error: `dot` expects two vectors"),
            std::string::npos);
  EXPECT_NE(error_of("def main (v : real[2]) : real = get(v, 2);").find("p.chad:1:33: error: `get` index 2 is out of range"),
            std::string::npos);
  EXPECT_NE(error_of("def main (v : real[2]) : real[2] = v + 1;").find("p.chad:1:40: error: type mismatch: expected `real[2]`, found `real`"),
            std::string::npos);
  EXPECT_NE(error_of("def main (x : real) : real = x 1;").find("p.chad:1:30: error: expected a function to apply"),
            std::string::npos);
  EXPECT_NE(error_of("").find("has no `def`"), std::string::npos);
  // A def after the entry point is checked too.
  EXPECT_NE(error_of("def main (x : real) : real = x;\ndef other (x : real) : unit = x;")
                .find("p.chad:2:31: error: type mismatch"),
            std::string::npos);
}

}  // namespace
}  // namespace chad

// The bidirectional type checker: every former typed, annotations filled in (types, de Bruijn
// indices, constructor tags), whole programs as one closed term, and located errors for each
// kind of ill-typed program.
#include <gtest/gtest.h>

#include "../support/source_errors.hpp"

#include <chrono>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

const char* kList = "type List = mu l. < Nil : unit | Cons : real * l >;\n";
const char* kFile = "t.chad";

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }
TypeP list_type() { return type("mu l. < Nil : unit | Cons : real * l >"); }

CheckedProgram check(const std::string& text) { return check_program(parse_program(text, kFile)); }

TermP term(const std::string& text) {
  return parse_term(text, kFile, parse_program(std::string(kList) + "def d : unit = ();", kFile).aliases);
}
TermP infer(const std::string& text, const Context& ctx = {}) { return infer_term(ctx, term(text)); }
TermP check(const std::string& text, const TypeP& t, const Context& ctx = {}) {
  return check_term(ctx, term(text), t);
}

#define EXPECT_TYPE(term_type, text) \
  EXPECT_TRUE(type_equal(term_type, type(text))) << "got " << print_type(term_type) << ", expected " << text

// "t.chad:L:C" of the `nth` occurrence of `needle` in `text`.
std::string loc_of(const std::string& text, const std::string& needle, int nth = 0) {
  std::size_t at = text.find(needle);
  for (int i = 0; i < nth && at != std::string::npos; ++i) at = text.find(needle, at + 1);
  EXPECT_NE(at, std::string::npos) << needle;
  int line = 1, col = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') ++line, col = 1;
    else ++col;
  }
  return std::string(kFile) + ":" + std::to_string(line) + ":" + std::to_string(col);
}

using testing::error_of;

// The error of checking `text` (a program, or with `expected` a term) is at the `nth`
// occurrence of `needle` and contains `message`.
void expect_error_at(const std::function<void()>& f, const std::string& text, const std::string& needle,
                     const std::string& message, int nth = 0) {
  std::string error = error_of(f);
  std::string prefix = loc_of(text, needle, nth) + ": error: ";
  EXPECT_EQ(error.substr(0, prefix.size()), prefix) << error;
  EXPECT_NE(error.find(message), std::string::npos) << error << "\n does not contain: " << message;
}
void expect_program_error(const std::string& text, const std::string& needle, const std::string& message,
                          int nth = 0) {
  expect_error_at([&] { check(text); }, text, needle, message, nth);
}
void expect_term_error(const std::string& text, const TypeP& expected, const std::string& needle,
                       const std::string& message, int nth = 0, const Context& ctx = {}) {
  expect_error_at([&] { expected ? check(text, expected, ctx) : infer(text, ctx); }, text, needle, message,
                  nth);
}

// Walks a checked term and asserts every node has a type and every branch a tag.
void expect_all_typed(const TermP& t) {
  ASSERT_NE(t->type, nullptr) << "untyped node: " << print_term(t);
  if (t->kind == TermKind::Var || t->kind == TermKind::Inject) {
    EXPECT_GE(t->index, 0);
  }
  for (const auto& a : t->args) expect_all_typed(a);
  for (const auto& b : t->branches) {
    EXPECT_GE(b.tag, 0);
    expect_all_typed(b.body);
  }
}

// ---- inference of each former ---------------------------------------------------------------

TEST(TypeChecker, InfersVariablesLiteralsAndArrays) {
  Context ctx = {{"x", real_type({3})}, {"y", unit_type()}};
  EXPECT_TYPE(infer("x", ctx)->type, "real[3]");
  EXPECT_TYPE(infer("2.5")->type, "real");
  EXPECT_TYPE(infer("()")->type, "unit");
  EXPECT_TYPE(infer("[1, 2, 3]")->type, "real[3]");
  TermP m = infer("[[1, 2, 3], [4, 5, 6]]");
  EXPECT_TYPE(m->type, "real[2, 3]");
  EXPECT_TYPE(m->args[0]->type, "real[3]");
  EXPECT_TYPE(infer("[x, x]", ctx)->type, "real[2, 3]");
  EXPECT_TYPE(infer("[[[1]]]")->type, "real[1, 1, 1]");
}

TEST(TypeChecker, InfersProductsLetsFunctionsAndApplications) {
  Context ctx = {{"p", type("real * unit * real[2]")}};
  EXPECT_TYPE(infer("(1, ())")->type, "real * unit");
  EXPECT_TYPE(infer("(1, (), [1, 2])")->type, "real * unit * real[2]");
  EXPECT_TYPE(infer("fst p", ctx)->type, "real");
  EXPECT_TYPE(infer("snd p", ctx)->type, "unit * real[2]");
  EXPECT_TYPE(infer("snd snd p", ctx)->type, "real[2]");
  TermP l = infer("let z = [1, 2] in (z, z)");
  EXPECT_TYPE(l->type, "real[2] * real[2]");
  EXPECT_TYPE(l->args[0]->type, "real[2]");
  TermP f = infer("fun (x : real) (v : real[2]) -> scale(x, v)");
  EXPECT_TYPE(f->type, "real -> real[2] -> real[2]");
  EXPECT_TYPE(f->args[0]->type, "real[2] -> real[2]");
  TermP a = infer("(fun (x : real) (v : real[2]) -> scale(x, v)) 2 [1, 2]");
  EXPECT_TYPE(a->type, "real[2]");
  EXPECT_TYPE(a->args[0]->type, "real[2] -> real[2]");
  // A higher-order function and an argument that needs its type: checked against the domain.
  EXPECT_TYPE(infer("(fun (b : bool) -> 1) (True)")->type, "real");
  EXPECT_TYPE(infer("(fun (xs : List) -> xs) (roll Cons (1, roll Nil))")->type,
              "mu l. < Nil : unit | Cons : real * l >");
  EXPECT_TYPE(infer("((1, 2) : real * real)")->type, "real * real");
  EXPECT_TYPE(infer("(roll Nil : List)")->type, "mu l. < Nil : unit | Cons : real * l >");
}

TEST(TypeChecker, InfersPrimitiveTypes) {
  Context ctx = {{"x", real_type()}, {"v", real_type({3})}, {"m", real_type({2, 3})}};
  EXPECT_TYPE(infer("x + x * x - x / x", ctx)->type, "real");
  EXPECT_TYPE(infer("v + v * v - v / v", ctx)->type, "real[3]");
  EXPECT_TYPE(infer("m * m", ctx)->type, "real[2, 3]");
  EXPECT_TYPE(infer("-v", ctx)->type, "real[3]");
  for (const char* f : {"sin", "cos", "exp", "log", "sqrt", "tanh", "sigmoid", "softplus"}) {
    EXPECT_TYPE(infer(std::string(f) + "(m)", ctx)->type, "real[2, 3]");
    EXPECT_TYPE(infer(std::string(f) + "(x)", ctx)->type, "real");
  }
  EXPECT_TYPE(infer("sum(m)", ctx)->type, "real");
  EXPECT_TYPE(infer("sum(x)", ctx)->type, "real");
  EXPECT_TYPE(infer("dot(v, v)", ctx)->type, "real");
  EXPECT_TYPE(infer("matvec(m, v)", ctx)->type, "real[2]");
  EXPECT_TYPE(infer("scale(x, m)", ctx)->type, "real[2, 3]");
  EXPECT_TYPE(infer("get(v, 2)", ctx)->type, "real");
  EXPECT_TYPE(infer("vec(x, 1, get(v, 0))", ctx)->type, "real[3]");
  EXPECT_TYPE(infer("x < 1", ctx)->type, "< False : unit | True : unit >");
  EXPECT_TYPE(infer("x > get(v, 1)", ctx)->type, "bool");
  TermP g = infer("get(v, 1)", ctx);
  EXPECT_EQ(g->index, 1);  // the index is kept
}

TEST(TypeChecker, ArithmeticInfersWhicheverOperandItCan) {
  // The left operand needs its type: the right one is inferred first.
  TermP t = infer("(fold xs with n -> 1) + 2", {{"xs", list_type()}});
  EXPECT_TYPE(t->type, "real");
  EXPECT_TYPE(t->args[0]->type, "real");
  // Neither can be inferred, but the expected type is pushed into both.
  TermP u = check("(fold xs with n -> [1, 2]) + (fold xs with n -> [3, 4])", real_type({2}),
                  {{"xs", list_type()}});
  EXPECT_TYPE(u->args[1]->type, "real[2]");
  check("-(fold xs with n -> 1)", real_type(), {{"xs", list_type()}});
  check("scale(2, fold xs with n -> [1])", real_type({1}), {{"xs", list_type()}});
}

// ---- sums, cases and check mode ----------------------------------------------------------------

TEST(TypeChecker, InjectionsAndCasesGetTags) {
  TermP t = check("case (B 2 : < A : unit | B : real >) of { B b -> b | A a -> 0 }", real_type());
  EXPECT_EQ(t->args[0]->args[0]->index, 1);  // B is the second constructor
  EXPECT_EQ(t->branches[0].tag, 1);
  EXPECT_EQ(t->branches[1].tag, 0);
  EXPECT_EQ(t->branches[0].ctor, "B");  // branches stay in source order
  EXPECT_TYPE(t->branches[1].body->type, "real");
  // The branch variable has the constructor's component type.
  TermP v = t->branches[0].body;
  EXPECT_EQ(v->kind, TermKind::Var);
  EXPECT_EQ(v->index, 0);
  EXPECT_TYPE(v->type, "real");
  // `A` alone is `A ()`.
  TermP a = check("A", type("< A : unit | B : real >"));
  EXPECT_EQ(a->index, 0);
  EXPECT_TYPE(a->args[0]->type, "unit");
}

TEST(TypeChecker, CaseInfersFromAnyBranch) {
  Context ctx = {{"b", bool_type()}};
  EXPECT_TYPE(infer("case b of { False u -> (u, 1) | True u -> ((), 2) }", ctx)->type, "unit * real");
  // The first branch needs a type: it is taken from the second.
  TermP c = infer("case b of { False u -> roll Nil | True u -> (roll Nil : List) }", ctx);
  EXPECT_TYPE(c->type, "mu l. < Nil : unit | Cons : real * l >");
  EXPECT_TYPE(c->branches[0].body->type, "mu l. < Nil : unit | Cons : real * l >");
  // `if` is a case on bool.
  EXPECT_TYPE(infer("if b then None else (Some 1 : < None : unit | Some : real >)", ctx)->type,
              "< None : unit | Some : real >");
  // In check mode, the expected type reaches every branch.
  check("if b then None else Some 1", type("< None : unit | Some : real >"), ctx);
  check("let o = 1 in case b of { False u -> roll Nil | True u -> roll Cons (o, roll Nil) }", list_type(),
        ctx);
}

TEST(TypeChecker, NestedCasesInInferModeStayLinear) {
  // At each level the `else` branch (tried first: `False` comes first) is inferred and the
  // `then` branch is checked against it. Checking the inferred branch again would make this
  // exponential in the depth.
  std::string text = "(roll Nil : List)";
  for (int i = 0; i < 40; ++i) text = "if b then roll Nil else " + text;
  text = "let r = " + text + " in ()";
  auto start = std::chrono::steady_clock::now();
  TermP t = infer(text, {{"b", bool_type()}});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_TYPE(t->args[0]->type, "mu l. < Nil : unit | Cons : real * l >");
  expect_all_typed(t);
}

TEST(TypeChecker, CheckModePropagatesIntoPairsLetsAndLambdas) {
  TypeP opt = type("< None : unit | Some : real >");
  TermP p = check("(None, Some 2)", prod_type(opt, opt));
  EXPECT_EQ(p->args[1]->index, 1);
  check("let x = 2 in (Some x, roll Nil)", prod_type(opt, list_type()));
  TermP f = check("fun (x : real) -> Some x", arrow_type(real_type(), opt));
  EXPECT_TYPE(f->type, "real -> < None : unit | Some : real >");
  // Let in check mode: the let's type is the body's.
  EXPECT_TYPE(check("let x = () in None", opt)->type, "< None : unit | Some : real >");
}

// ---- inductive and coinductive types --------------------------------------------------------------

TEST(TypeChecker, RollFoldUnrollUnfoldTypes) {
  // roll: the payload is checked against the unrolling.
  TermP r = check("roll Cons (1, roll Nil)", list_type());
  EXPECT_TYPE(r->args[0]->type, "< Nil : unit | Cons : real * (mu l. < Nil : unit | Cons : real * l >) >");
  EXPECT_EQ(r->args[0]->index, 1);
  // fold: x : F[s / a], the body and the node : s.
  TermP f = check("fold xs with n -> case n of { Nil u -> 0 | Cons p -> fst p + snd p }", real_type(),
                  {{"xs", list_type()}});
  EXPECT_TYPE(f->type, "real");
  const TermP& c = f->args[1];
  EXPECT_TYPE(c->args[0]->type, "< Nil : unit | Cons : real * real >");
  // unfold: x : s (the seed), the body : F[s / a], the node : nu a.F.
  TypeP stream = type("nu s. real * s");
  TermP u = check("unfold [1, 2] with v -> (sum(v), scale(2, v))", stream);
  EXPECT_TYPE(u->type, "nu s. real * s");
  EXPECT_TYPE(u->args[0]->type, "real[2]");
  EXPECT_TYPE(u->args[1]->type, "real * real[2]");
  EXPECT_TYPE(u->args[1]->args[1]->args[1]->type, "real[2]");
  // unroll: nu a.F gives F[nu a.F / a].
  TermP o = infer("unroll s", {{"s", stream}});
  EXPECT_TYPE(o->type, "real * (nu s. real * s)");
  EXPECT_TYPE(infer("fst unroll snd unroll s", {{"s", stream}})->type, "real");
}

TEST(TypeChecker, FoldsOverTreesAndNestedMu) {
  CheckedProgram p = check(
      "type Tree = mu t. < Leaf : real | Node : t * real * t >;\n"
      "def main (tree : Tree) : real =\n"
      "  fold tree with node -> case node of {\n"
      "    Leaf a -> a * a\n"
      "  | Node n -> let (l, rest) = n in let (w, r) = rest in w * (l + r)\n"
      "  };\n");
  expect_all_typed(p.main_function);
  // A fold into a function type.
  CheckedProgram q = check(std::string(kList) +
                           "def main (xs : List) : real -> real =\n"
                           "  fold xs with n -> case n of { Nil u -> fun (y : real) -> y\n"
                           "                              | Cons c -> fun (y : real) -> (snd c) (y * fst c) };\n");
  EXPECT_TYPE(q.output_type, "real -> real");
  // Lists of lists: the inner mu stays in the node type, the outer one is replaced by s.
  TypeP ll = type("mu a. < E : unit | C : (mu b. < N : unit | K : real * b >) * a >");
  TermP f = check(
      "fold x with n -> case n of { E u -> 0 | C p -> snd p + fold fst p with m -> "
      "case m of { N u -> 0 | K q -> fst q + snd q } }",
      real_type(), {{"x", ll}});
  EXPECT_TYPE(f->args[1]->args[0]->type,
              "< E : unit | C : (mu b. < N : unit | K : real * b >) * real >");
  expect_all_typed(f);
  // Building a nested value.
  check("roll C (roll K (1, roll N), roll E)", ll);
  // A tree-shaped stream (two recursive positions in a nu).
  TermP t = check("unfold x with s -> (s, (s * 2, s + 1))", type("nu t. real * t * t"), {{"x", real_type()}});
  EXPECT_TYPE(t->args[1]->type, "real * real * real");
}

// ---- indices ----------------------------------------------------------------------------------

TEST(TypeChecker, VariablesGetDeBruijnIndices) {
  TermP t = check("fun (x : real) (y : real) -> x * y", type("real -> real -> real"));
  const TermP& product = t->args[0]->args[0];
  EXPECT_EQ(product->args[0]->index, 1);  // x: one binder out
  EXPECT_EQ(product->args[1]->index, 0);  // y: innermost
  // Context variables count after the term's own binders; shadowing picks the innermost.
  Context ctx = {{"a", real_type()}, {"b", unit_type()}, {"a", real_type({2})}};
  TermP u = infer("let c = a in (c, (b, a))", ctx);
  EXPECT_EQ(u->args[0]->index, 0);  // a: the last context entry
  EXPECT_TYPE(u->args[0]->type, "real[2]");
  const TermP& pair = u->args[1];
  EXPECT_EQ(pair->args[0]->index, 0);           // c
  EXPECT_EQ(pair->args[1]->args[0]->index, 2);  // b, under c
  EXPECT_EQ(pair->args[1]->args[1]->index, 1);  // a, under c
  // Case, fold and unfold variables are binders too.
  TermP f = check("fold xs with n -> case n of { Nil u -> 0 | Cons p -> fst p + snd p }", real_type(),
                  {{"xs", list_type()}});
  EXPECT_EQ(f->args[0]->index, 0);                     // xs
  EXPECT_EQ(f->args[1]->args[0]->index, 0);            // n
  EXPECT_EQ(f->args[1]->branches[1].body->args[0]->args[0]->index, 0);  // p
}

TEST(TypeChecker, KeepsNamesLocationsAndOrder) {
  std::string text = "let x = [1, 2] in (fst (x, 2), x)";
  TermP t = infer(text);
  EXPECT_EQ(t->name, "x");
  EXPECT_EQ(format_loc(t->args[1]->loc), loc_of(text, "(fst"));
  EXPECT_EQ(format_loc(t->args[1]->args[0]->args[0]->loc), loc_of(text, "(x, 2"));
  EXPECT_TRUE(term_equal(t, term(text)));  // the same term, now annotated
}

// ---- programs ---------------------------------------------------------------------------------

TEST(TypeChecker, SpecExampleHasTheExpectedType) {
  CheckedProgram p = check(std::string(kList) +
                           "type Stream = nu s. real * s;\n"
                           "def sum (xs : List) : real =\n"
                           "  fold xs with x -> case x of { Nil u -> 0 | Cons p -> fst p + snd p };\n"
                           "def powers (x : real) : Stream = unfold x with y -> (y, y * x);\n"
                           "def main (x : real, xs : List) : real =\n"
                           "  let s = unroll (powers x) in fst s * sum xs;\n");
  EXPECT_EQ(p.entry, "main");
  EXPECT_TYPE(p.input_type, "real * mu l. < Nil : unit | Cons : real * l >");
  EXPECT_TYPE(p.output_type, "real");
  EXPECT_TRUE(type_equal(p.main_function->type, arrow_type(p.input_type, p.output_type)));
  expect_all_typed(p.main_function);
  // The defs above the entry are let-bound in order, with their curried types.
  const TermP& m = p.main_function;
  ASSERT_EQ(m->kind, TermKind::Let);
  EXPECT_EQ(m->name, "sum");
  EXPECT_TYPE(m->args[0]->type, "(mu l. < Nil : unit | Cons : real * l >) -> real");
  EXPECT_EQ(m->args[1]->name, "powers");
  EXPECT_TYPE(m->args[1]->args[0]->type, "real -> nu s. real * s");
}

// The lambda at the end of main_function, past the let-bound defs.
TermP entry_lambda(const CheckedProgram& p) {
  TermP t = p.main_function;
  while (t->kind == TermKind::Let) t = t->args[1];
  EXPECT_EQ(t->kind, TermKind::Lambda);
  return t;
}

TEST(TypeChecker, MainFunctionTakesTheParametersApart) {
  // Three parameters: x1 = fst in, rest = snd in, x2 = fst rest, x3 = snd rest.
  CheckedProgram p = check("def main (a : real) (b : real[2]) (c : unit) : real[2] = scale(a, b);");
  EXPECT_TYPE(p.input_type, "real * real[2] * unit");
  TermP f = entry_lambda(p);
  EXPECT_EQ(f->name, "_input'");
  std::vector<std::string> names;
  TermP t = f->args[0];
  for (; t->kind == TermKind::Let; t = t->args[1]) {
    names.push_back(t->name);
    EXPECT_TRUE(t->args[0]->kind == TermKind::Fst || t->args[0]->kind == TermKind::Snd);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"a", "_rest'1", "b", "c"}));
  EXPECT_TYPE(t->type, "real[2]");
  // One parameter: bound to the input directly.
  CheckedProgram q = check("def main (v : real[2]) : real = sum(v);");
  EXPECT_TYPE(q.input_type, "real[2]");
  TermP g = entry_lambda(q)->args[0];
  EXPECT_EQ(g->name, "v");
  EXPECT_EQ(g->args[0]->kind, TermKind::Var);
  // No parameter: the input is unit.
  CheckedProgram r = check("def main : real = 2;");
  EXPECT_TYPE(r.input_type, "unit");
  EXPECT_TYPE(r.main_function->type, "unit -> real");
  // A user variable named like the generated one is not captured.
  CheckedProgram s = check("def main (_input' : real) (y : real) : real = _input' - y;");
  TermP h = entry_lambda(s);
  EXPECT_NE(h->name, "_input'");
  EXPECT_EQ(h->args[0]->name, "_input'");
}

TEST(TypeChecker, DefsSeeOnlyTheDefsAboveThemAndParametersShadow) {
  CheckedProgram p = check(
      "def f (x : real) : real = x * 2;\n"
      "def g (f : real[2]) : real = sum(f);\n"   // the parameter shadows def f
      "def main (y : real) : real = f (g [y, y]);\n");
  EXPECT_EQ(p.entry, "main");
  expect_all_typed(p.main_function);
  std::string later = "def f (x : real) : real = g x;\ndef g (x : real) : real = x;\n";
  expect_program_error(later, "g x", "unbound variable `g`");
  // The entry point is the last def without `main`; defs after `main` are checked too.
  EXPECT_EQ(check("def f (x : real) : real = x;\ndef h (x : real) : real = f x;").entry, "h");
  std::string after = "def main (x : real) : real = x;\ndef other (x : real) : unit = x;";
  expect_program_error(after, "x;", "type mismatch: expected `unit`, found `real`", 1);
  // An error in a def above the entry points into that def.
  std::string above = "def f (x : real) : real = ();\ndef main (x : real) : real = f x;";
  expect_program_error(above, "()", "expected `real`, found `unit`");
}

// ---- errors -----------------------------------------------------------------------------------

TEST(TypeChecker, TypeMismatchAndUnboundVariables) {
  std::string p1 = "def main (x : real) : real = (x, x);";
  EXPECT_EQ(error_of([&] { check(p1); }),
            "t.chad:1:30: error: type mismatch: expected `real`, found `real * real` for `(x, x)`");
  expect_program_error("def main (x : real) : real = y;", "y;", "unbound variable `y`");
  expect_term_error("fun (x : real) -> x", type("real[2] -> real"), "fun",
                    "the parameter `x` is annotated `real`, but the expected function type `real[2] -> real` takes `real[2]`");
  expect_term_error("(fun (x : real) -> x) [1]", nullptr, "[1]", "expected `real`, found `real[1]`");
  expect_term_error("fst 1", nullptr, "fst", "expected a pair for `fst`, found `real`");
  expect_term_error("snd ()", nullptr, "snd", "expected a pair for `snd`, found `unit`");
  expect_term_error("1 2", nullptr, "1", "expected a function to apply, found `real`");
  expect_term_error("(() : real)", nullptr, "()", "expected `real`, found `unit`");
  expect_term_error("let x = 1 in [x, ()]", nullptr, "()", "expected `real`, found `unit`");
  expect_term_error("[[1, 2], [3]]", nullptr, "[3]", "expected `real[2]`, found `real[1]`");
  expect_term_error("[(), ()]", nullptr, "()", "expected a real or an array as an array element, found `unit`");
  expect_term_error("(1, 2)", type("real * real * real"), "2", "expected `real * real`, found `real`");
  // Branches must agree, whichever mode.
  expect_term_error("case b of { False u -> 1 | True u -> () }", nullptr, "()", "expected `real`, found `unit`", 0,
                    {{"b", bool_type()}});
  expect_term_error("if b then [1] else 2", real_type({1}), "2", "expected `real[1]`, found `real`", 0,
                    {{"b", bool_type()}});
}

TEST(TypeChecker, CaseBranchErrors) {
  std::string missing = "type S = < A : real | B : real >;\ndef main (s : S) : real = case s of { A a -> a };";
  expect_program_error(missing, "case", "this case is missing the branch for constructor `B`");
  std::string twice = "type S = < A : real >;\ndef main (s : S) : real = case s of { A a -> a | A b -> b };";
  expect_program_error(twice, "A b", "the constructor `A` has two branches");
  std::string unknown = "type S = < A : real >;\ndef main (s : S) : real = case s of { A a -> a | C b -> b };";
  expect_program_error(unknown, "C b", "the sum type `< A : real >` has no constructor `C`");
  expect_term_error("case x of { A a -> a }", nullptr, "x of", "expected a value of a sum type to `case` on, found `real`",
                    0, {{"x", real_type()}});
  // A list must be folded before a case.
  expect_term_error("case xs of { Nil u -> 0 | Cons p -> 1 }", real_type(), "xs",
                    "found `mu l. < Nil : unit | Cons : real * l >`", 0, {{"xs", list_type()}});
}

TEST(TypeChecker, FormsThatNeedAnExpectedType) {
  expect_program_error("def main (x : real) : real = let y = Some x in x;", "Some",
                       "the constructor `Some` needs its type from context: add an ascription");
  std::string roll = std::string(kList) + "def main (x : real) : real = let y = roll Nil in x;";
  expect_program_error(roll, "roll", "`roll` needs its type from context: add an ascription");
  Context ctx = {{"xs", list_type()}};
  expect_term_error("let y = fold xs with n -> 1 in y", nullptr, "fold",
                    "`fold` needs its type from context: add an ascription", 0, ctx);
  expect_term_error("unroll (unfold 1 with x -> (x, x))", nullptr, "unfold",
                    "`unfold` needs its type from context: add an ascription");
  // In both branches: the first one tried is reported (`if` is a case with `False` first).
  expect_term_error("if b then None else None", nullptr, "None", "needs its type from context", 1,
                    {{"b", bool_type()}});
  // With an ascription it checks.
  check("let y = (Some x : < None : unit | Some : real >) in x", real_type(), {{"x", real_type()}});
}

TEST(TypeChecker, WrongExpectedTypesForIntroductionForms) {
  expect_term_error("Some 1", real_type(), "Some",
                    "expected `real`, found the constructor `Some` of a sum type");
  expect_term_error("Other 1", type("< None : unit | Some : real >"), "Other",
                    "the sum type `< None : unit | Some : real >` has no constructor `Other`");
  expect_term_error("Some ()", type("< None : unit | Some : real >"), "()", "expected `real`, found `unit`");
  expect_term_error("roll Nil", type("< Nil : unit >"), "roll", "found `roll`, which builds a value of a `mu` type");
  expect_term_error("roll Cons ((), roll Nil)", list_type(), "()", "expected `real`, found `unit`");
  expect_term_error("unfold 1 with x -> (x, x)", list_type(), "unfold",
                    "found `unfold`, which builds a value of a `nu` type");
  expect_term_error("unfold 1 with x -> (x, ())", type("nu s. real * s"), "()", "expected `real`, found `unit`");
  expect_term_error("fold 1 with x -> x", real_type(), "1", "expected a value of a `mu` type to fold, found `real`");
  expect_term_error("fold xs with x -> x", real_type(), "x", "found `< Nil : unit | Cons : real * real >`", 2,
                    {{"xs", list_type()}});
  expect_term_error("unroll xs", nullptr, "unroll", "expected a value of a `nu` type to unroll, found `mu l.",
                    0, {{"xs", list_type()}});
}

TEST(TypeChecker, PrimitiveShapeErrors) {
  Context ctx = {{"x", real_type()}, {"v", real_type({2})}, {"w", real_type({3})}, {"m", real_type({2, 3})}};
  auto err = [&](const std::string& text, const std::string& needle, const std::string& message, int nth = 0) {
    expect_term_error(text, nullptr, needle, message, nth, ctx);
  };
  err("x + v", "v", "expected `real`, found `real[2]`");  // a scalar and an array never mix
  err("v * w", "w", "expected `real[2]`, found `real[3]`");
  err("v - ()", "()", "expected `real[2]`, found `unit`");
  err("() / x", "()", "expected a real or an array for `/`, found `unit`");
  err("-()", "()", "expected a real or an array for `-`, found `unit`");
  err("sin(())", "()", "expected a real or an array for `sin`, found `unit`");
  err("sum((1, 2))", "(1", "expected a real or an array for `sum`, found `real * real`");
  err("dot(v, w)", "dot", "`dot` expects two vectors of the same length `real[n] * real[n]`, found `real[2]` and `real[3]`");
  err("dot(m, m)", "dot", "`dot` expects two vectors");
  err("dot(x, x)", "dot", "`dot` expects two vectors");
  err("matvec(m, v)", "matvec", "`matvec` expects a matrix and a vector `real[m, n] * real[n]`, found `real[2, 3]` and `real[2]`");
  err("matvec(w, w)", "matvec", "`matvec` expects a matrix and a vector");
  err("scale(v, v)", "v", "expected `real`, found `real[2]`");
  err("get(m, 0)", "get", "`get` expects a vector `real[n]`, found `real[2, 3]`");
  err("get(x, 0)", "get", "`get` expects a vector");
  err("get(v, 2)", "get", "`get` index 2 is out of range for `real[2]`: expected 0 <= index < 2");
  err("vec(x, v)", "v)", "expected `real`, found `real[2]`");
  err("v < v", "v", "expected `real`, found `real[2]`");
  err("x > ()", "()", "expected `real`, found `unit`");
  // The result of a comparison is bool, not real.
  expect_term_error("x < x", real_type(), "<", "expected `real`, found `< False : unit | True : unit >`", 0, ctx);
  // In a program.
  std::string p = "def main (v : real[2]) : real = get(v, 2);";
  expect_program_error(p, "get", "`get` index 2 is out of range");
  std::string q = "def main (v : real[2]) : real[2] = v + 1;";
  expect_program_error(q, "1;", "type mismatch: expected `real[2]`, found `real`");
}

TEST(TypeChecker, MalformedTreesAreSourceErrors) {
  // Trees not built by the parser (or by make_prim, which asserts arity) still get a located
  // error rather than undefined behaviour.
  Loc at{intern_file_name(kFile), 3, 4};
  auto raw = std::make_shared<Term>();
  raw->kind = TermKind::Prim;
  raw->op = PrimOp::Dot;
  raw->loc = at;
  raw->args = {make_literal(1)};
  EXPECT_EQ(error_of([&] { infer_term({}, raw); }), "t.chad:3:4: error: `dot` takes 2 arguments, found 1");
  auto empty = std::make_shared<Term>();
  empty->kind = TermKind::ArrayLit;
  empty->loc = at;
  EXPECT_NE(error_of([&] { infer_term({}, empty); }).find("t.chad:3:4: error: expected an array element"),
            std::string::npos);
  EXPECT_NE(error_of([] { check(""); }).find("has no `def`"), std::string::npos);
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

}  // namespace
}  // namespace chad

// The evaluator: each former, folds over lists and trees, lazy streams (only what is observed
// is computed), closures, folds producing functions, comparisons, and domain errors naming
// the primitive and its value. Expected values are computed by hand in each test.
#include <gtest/gtest.h>

#include "model/dual.hpp"
#include "model/value_printer.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

const std::string kList = "type List = mu l. < Nil : unit | Cons : real * l >;\n";

// Evaluates `main` of `source` at the value `at` (a term) and prints the result.
std::string run(const std::string& source, const std::string& at) {
  std::string out;
  run_with_deep_stack([&] {
    CheckedProgram p = check_program(parse_program(source, "e.chad"));
    TermP input = check_term({}, parse_term(at, "<at>", p.program.aliases), p.input_type);
    out = print_value<double>(p.output_type, run_main<double>(p, evaluate<double>(input, nullptr)));
  });
  return out;
}

TEST(Evaluate, ArithmeticPairsAndLet) {
  EXPECT_EQ(run("def main (x : real, y : real) : real * real = let z = x * y in (z - 1, z / 4);", "(3, 2)"),
            "(5, 1.5)");
  EXPECT_EQ(run("def main (v : real[3]) : real[3] = scale(2, v) + v * v;", "[1, 2, 3]"), "[3, 8, 15]");
  EXPECT_EQ(run("def main (m : real[2, 2], v : real[2]) : real[2] = matvec(m, v);", "([[1, 2], [3, 4]], [1, -1])"),
            "[-1, -1]");
  EXPECT_EQ(run("def main (v : real[3]) : real * real = (dot(v, v), get(v, 2) + sum(v));", "[1, 2, 3]"),
            "(14, 9)");
  EXPECT_EQ(run("def main (x : real) : real[2, 2] = [vec(x, 1), [2, x]];", "5"), "[[5, 1], [2, 5]]");
  // vec's result carries its shape into elementwise primitives (it once had shape {0}).
  EXPECT_EQ(run("def main (x : real) : real[2] = vec(x, 2) * vec(3, x);", "1"), "[3, 2]");
}

TEST(Evaluate, FoldOverListsAndTrees) {
  EXPECT_EQ(run(kList + "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons p -> fst p + snd p };",
                "roll Cons (1, roll Cons (2, roll Cons (3.5, roll Nil)))"),
            "6.5");
  // Map as a fold rebuilding the list.
  EXPECT_EQ(run(kList + "def main (xs : List) : List = fold xs with n -> case n of { Nil u -> roll Nil | Cons p -> roll Cons (fst p * 10, snd p) };",
                "roll Cons (1, roll Cons (2, roll Nil))"),
            "roll Cons (10, roll Cons (20, roll Nil ()))");
  EXPECT_EQ(run("type Tree = mu t. < Leaf : real | Node : t * t >;\n"
                "def main (t : Tree) : real = fold t with n -> case n of { Leaf a -> a | Node p -> fst p * snd p };",
                "roll Node (roll Leaf 3, roll Node (roll Leaf 2, roll Leaf (-1)))"),
            "-6");
  // Each child's result at its own position (a fold over a node with two recursive positions
  // once handed them over swapped; found by a campaign). Left subtree minus right subtree:
  // Node (Leaf 5, Node (Leaf 2, Leaf 7)) -> 5 - (2 - 7) = 10.
  EXPECT_EQ(run("type Tree = mu t. < Leaf : real | Node : t * t >;\n"
                "def main (t : Tree) : real * real = fold t with n -> case n of { Leaf a -> (a, a) "
                "| Node p -> (fst (fst p) - fst (snd p), snd (fst p)) };",
                "roll Node (roll Leaf 5, roll Node (roll Leaf 2, roll Leaf 7))"),
            "(10, 5)");
}

TEST(Evaluate, NestedInductiveTypes) {
  // A list of lists: the outer fold maps through the inner list structure unchanged.
  EXPECT_EQ(run("type LL = mu a. < E : unit | C : (mu b. < N : unit | K : real * b >) * a >;\n"
                "def main (x : LL) : real = fold x with n -> case n of {\n"
                "  E u -> 0\n"
                "| C p -> snd p + fold fst p with m -> case m of { N u -> 0 | K q -> fst q + snd q } };",
                "roll C (roll K (1, roll K (2, roll N)), roll C (roll K (4, roll N), roll E))"),
            "7");
  // Trees whose children are in a list (a nested mu that mentions the outer variable).
  EXPECT_EQ(run("type Rose = mu r. < R : real * (mu l. < Nil : unit | Cons : r * l >) >;\n"
                "def main (t : Rose) : real = fold t with n -> case n of {\n"
                "  R p -> fst p + fold snd p with m -> case m of { Nil u -> 0 | Cons q -> fst q + snd q } };",
                "roll R (1, roll Cons (roll R (2, roll Nil), roll Cons (roll R (3, roll Cons (roll R (4, roll Nil), roll Nil)), roll Nil)))"),
            "10");
}

TEST(Evaluate, FoldOverATypeHoldingAStream) {
  // A nested `nu` inside the folded type: the fold maps through it lazily.
  EXPECT_EQ(run("type S = nu s. real * s;\n"
                "type T = mu a. < Leaf : real | Node : S * a >;\n"
                "def main (x : real) : real =\n"
                "  fold (roll Node ((unfold x with y -> (y, y * 3) : S), roll Leaf 2) : T) with n ->\n"
                "    case n of { Leaf b -> b | Node p -> fst (unroll (snd (unroll (fst p)))) + snd p };",
                "5"),
            "17");  // the stream's second element, 5 * 3, plus the leaf's 2
}

TEST(Evaluate, StreamsAreLazy) {
  const std::string stream = "type Stream = nu s. real * s;\n";
  EXPECT_EQ(run(stream + "def main (x : real) : real * real = let s = unroll (unfold x with y -> (y, y * 2) : Stream) in (fst s, fst (unroll (snd s)));",
                "3"),
            "(3, 6)");
  // Dividing by zero five steps in is never observed, so it never happens.
  EXPECT_EQ(run(stream + "def main (x : real) : real = fst (unroll (unfold x with y -> (y, 1 / (y - 1)) : Stream));", "5"),
            "5");
  EXPECT_EQ(run(stream + "def main (x : real) : Stream = unfold x with y -> (y, y + 1);", "1"),
            "(1, (2, (3, (4, ...))))");
}

TEST(Evaluate, ClosuresAndFoldsProducingFunctions) {
  EXPECT_EQ(run("def twice (f : real -> real) (x : real) : real = f (f x);\n"
                "def main (a : real) : real = twice (fun (y : real) -> a * y + 1) 2;",
                "3"),
            "22");  // 3 * (3 * 2 + 1) + 1
  EXPECT_EQ(run(kList + "def main (xs : List) : real = (fold xs with n -> case n of {\n"
                        "  Nil u -> fun (y : real) -> y | Cons p -> fun (y : real) -> (snd p) (y * fst p) } : real -> real) 2;",
                "roll Cons (3, roll Cons (5, roll Nil))"),
            "30");
}

TEST(Evaluate, SumsAndComparisons) {
  const std::string program =
      "def main (x : real) : < Neg : real | NonNeg : real > =\n"
      "  if x < 0 then Neg (-x) else NonNeg x;";
  EXPECT_EQ(run(program, "-2"), "Neg 2");
  EXPECT_EQ(run(program, "0"), "NonNeg 0");
  EXPECT_EQ(run("def main (x : real) : bool = x > 1;", "2"), "True ()");
}

TEST(Evaluate, DomainErrorsNameThePrimitiveAndValue) {
  for (const auto& [body, prim, shown] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"log(x)", "log", "-2"}, {"sqrt(x - 1)", "sqrt", "-3"}, {"1 / (x + 2)", "/", "0"}}) {
    try {
      run("def main (x : real) : real = " + body + ";", "-2");
      FAIL() << body;
    } catch (const DomainError& e) {
      EXPECT_EQ(e.primitive(), prim);
      EXPECT_NE(std::string(e.what()).find("e.chad:1:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(shown), std::string::npos) << e.what();
    }
  }
}

TEST(Evaluate, LongListsFoldOnADeepStack) {
  const int n = 100000;
  std::string value = "roll Nil";
  // Built as a value directly: a term this deep would exceed the parser's nesting limit.
  run_with_deep_stack([&] {
    CheckedProgram p = check_program(parse_program(
        kList + "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 | Cons q -> fst q + snd q };",
        "e.chad"));
    ValueP<double> xs = roll_value<double>(inject_value<double>(0, unit_value<double>()));
    for (int i = 1; i <= n; ++i)
      xs = roll_value<double>(inject_value<double>(1, pair_value<double>(scalar_value<double>(i), xs)));
    EXPECT_EQ(run_main<double>(p, xs)->scalar, double(n) * (n + 1) / 2);
  });
}

// A fold inside a fold's body uses explicit stacks of its own (the outer fold's are in use), and
// a fold stopped by an error leaves nothing behind for the next one.
TEST(Evaluate, NestedFoldsAndAFoldStoppedByAnError) {
  const std::string sum = "fold xs with m -> case m of { Nil u -> 0 | Cons q -> fst q + snd q }";
  // Each element times the sum of the whole list, summed: (1 + 2 + 3) * 6 = 36.
  EXPECT_EQ(run(kList + "def main (xs : List) : real = fold xs with n -> case n of { Nil u -> 0 "
                        "| Cons p -> fst p * (" + sum + ") + snd p };",
                "roll Cons (1, roll Cons (2, roll Cons (3, roll Nil)))"),
            "36");
  const std::string logs = kList + "def main (xs : List) : real = fold xs with n -> case n of "
                                   "{ Nil u -> 0 | Cons p -> log(fst p) + snd p };";
  EXPECT_THROW(run(logs, "roll Cons (1, roll Cons (-1, roll Cons (2, roll Nil)))"), DomainError);
  // log 1 + log 1 = 0, from a fresh fold.
  EXPECT_EQ(run(logs, "roll Cons (1, roll Cons (1, roll Nil))"), "0");
}

TEST(Evaluate, OtherScalarTypesAndTheComparisonTrace) {
  run_with_deep_stack([&] {
    CheckedProgram p = check_program(parse_program(
        "def main (x : real) : real = if x * x > 2 then sin(x) * x else 0;", "e.chad"));
    // Dual numbers: d/dx x sin x = sin x + x cos x; at x = 3 (9 > 2): sin 3 + 3 cos 3.
    ValueP<Dual<double>> d = run_main<Dual<double>>(p, scalar_value<Dual<double>>({3, 1}));
    EXPECT_NEAR(d->scalar.value, 3 * 0.14112000805986722, 1e-15);
    EXPECT_NEAR(d->scalar.tangent, 0.14112000805986722 + 3 * -0.98999249660044542, 1e-14);
    // Intervals: the result encloses 3 sin 3 = 0.42336002417960166...
    ValueP<Mpfi> i = run_main<Mpfi>(p, scalar_value<Mpfi>(Mpfi(3)));
    EXPECT_LE(lower_bound_down(i->scalar), 0.42336002417960166);
    EXPECT_GE(upper_bound_up(i->scalar), 0.42336002417960166);
    // The comparison is recorded with its outcome and margin |9 - 2| = 7.
    std::vector<ComparisonRecord> trace;
    comparison_trace = &trace;
    run_main<double>(p, scalar_value<double>(1));  // 1 > 2 is false
    comparison_trace = nullptr;
    ASSERT_EQ(trace.size(), 1u);
    EXPECT_FALSE(trace[0].result);
    EXPECT_EQ(trace[0].margin, 1.0);
    // An interval tie cannot be decided: x * x = 2 is not representable, but at the
    // enclosure of sqrt 2 the two sides overlap.
    EXPECT_THROW(run_main<Mpfi>(p, scalar_value<Mpfi>(sqrt(Mpfi(2)))), ComparisonUndecided);
  });
}

}  // namespace
}  // namespace chad

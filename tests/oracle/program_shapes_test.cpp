// Shape detection (oracle/program_shapes.hpp) on one hand-written program per shape and on a
// program that has none of them; and the generator reaching every shape within a few hundred
// programs of the default campaign's distribution (a fixed seed).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "generators/program_generator.hpp"
#include "oracle/campaign.hpp"
#include "oracle/program_shapes.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::vector<std::string> shapes_of(const std::string& text) {
  std::vector<std::string> shapes;
  run_with_deep_stack([&] { shapes = program_shapes(check_program(parse_program(text, "<test>"))); });
  return shapes;
}

bool has(const std::vector<std::string>& shapes, const std::string& shape) {
  return std::find(shapes.begin(), shapes.end(), shape) != shapes.end();
}

TEST(ProgramShapes, OneProgramPerShape) {
  const std::map<std::string, std::string> examples = {
      {"input rank 0", "def main (x : real) : real = sin(x);"},
      {"input rank 1", "def main (x : real[3]) : real = sum(x);"},
      {"input rank 2", "def main (x : real[2, 3]) : real = sum(x);"},
      {"input rank 3", "def main (x : real[2, 2, 2]) : real = sum(x);"},
      {"rank 2 value", "def main (x : real) : real = sum(scale(x, [[1, 2], [3, 4]]));"},
      {"rank 3 value", "def main (x : real) : real = sum(scale(x, [[[1], [2]]]));"},
      {"tall matrix", "def main (x : real[3, 2]) : real = sum(x);"},
      {"wide matrix", "def main (x : real[2, 3]) : real = sum(x);"},
      {"square matrix", "def main (x : real[2, 2]) : real = sum(x);"},
      {"array literal, non-constant entries", "def main (x : real) : real = sum([x, 2]);"},
      {"array literal, non-constant rows", "def main (x : real[2]) : real = sum([x, [1, 2]]);"},
      {"shared variable", "def main (x : real) : real = x * x;"},
      {"shared let", "def main (x : real) : real = let v = sin(x) in v * v;"},
      {"shared closure", "def main (x : real) : real = let f = fun (z : real) -> z * 3 in f x + f 2;"},
      {"higher-order argument",
       "def main (x : real) : real = let h = fun (g : real -> real) -> g x in h (fun (z : real) -> z * z);"},
      {"list fold over every element",
       "type List = mu l. < Nil : unit | Cons : real * l >;\n"
       "def main (x : List) : real = fold x with n -> case n of { Nil u -> 0 | Cons p -> fst p * snd p };"},
      {"tree fold over every element",
       "type Tree = mu t. < Leaf : real | Node : t * t >;\n"
       "def main (x : Tree) : real = fold x with n -> case n of { Leaf y -> sin(y) | Node p -> fst p + snd p };"},
      {"application invariant in a fold",
       "type List = mu l. < Nil : unit | Cons : real * l >;\n"
       "def main (x : List) : real = let k = fun (w : real) -> fun (z : real) -> w * z in let a = 2 in\n"
       "  fold x with n -> case n of { Nil u -> 0 | Cons p -> k a (fst p) + snd p };"},
      {"deep stream",
       "def main (x : real) : real = fst (unroll (snd (unroll (snd (unroll (unfold x with s -> (s, s * 2) : nu s. real * s))))));"},
      {"tall matvec", "def main (x : real[2]) : real[3] = matvec([[1, 2], [3, 4], [5, 6]], x);"},
      {"input-dependent output", "def main (x : real) : real = sin(x);"},
  };
  for (const std::string& shape : program_shape_names()) {
    ASSERT_TRUE(examples.count(shape)) << "no example for " << shape;
    EXPECT_TRUE(has(shapes_of(examples.at(shape)), shape)) << shape << " not found in\n" << examples.at(shape);
  }
}

TEST(ProgramShapes, NearMissesAreNotCounted) {
  // A constant output of a scalar input, a let used once, a closure applied once, a fold that
  // ignores the elements, two unrolls, a wide matvec of a constant vector, constant literals.
  const std::string text =
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (x : real) : real =\n"
      "  let v = 2 in let f = fun (z : real) -> z in\n"
      "  let l = (roll (Nil : < Nil : unit | Cons : real * List >) : List) in\n"
      "  f v + (fold l with n -> case n of { Nil u -> 0 | Cons p -> snd p } : real)\n"
      "  + fst (unroll (snd (unroll (unfold 1 with s -> (s, s) : nu s. real * s))))\n"
      "  + sum(matvec([[1, 2, 3]], [1, 2, 3])) + sum([[1, 2]]);";
  const std::vector<std::string> shapes = shapes_of(text);
  EXPECT_EQ(shapes, (std::vector<std::string>{"input rank 0", "rank 2 value", "wide matrix"}));
}

TEST(ProgramShapes, AnApplicationInAFoldIsInvariantOnlyWhenItsFunctionAndArgumentAreBoundOutside) {
  // In the body: `f (fst p)` reads the node; `(fun (y : real) -> y) a` is not an application of a
  // variable; `f a` in a closure the body makes is that closure's (it may run after the fold, so
  // the compiled path does not keep it); `f a` outside the fold does not count.
  const std::string prefix =
      "type List = mu l. < Nil : unit | Cons : real * l >;\n"
      "def main (x : List) : real = let f = fun (z : real) -> z * 3 in let a = 2 in f a + (\n"
      "  fold x with n -> case n of { Nil u -> 0 | Cons p -> ";
  const std::string suffix = " + snd p } : real);";
  const std::string invariant = "application invariant in a fold";
  for (const std::string& near : {std::string("f (fst p)"), std::string("(fun (y : real) -> y) a"),
                                  std::string("(let g = fun (z : real) -> f a * z in g (fst p))"),
                                  std::string("(let a = fst p in f a)")})
    EXPECT_FALSE(has(shapes_of(prefix + near + suffix), invariant)) << near;
  EXPECT_TRUE(has(shapes_of(prefix + "f a * fst p" + suffix), invariant));
  EXPECT_TRUE(has(shapes_of(prefix + "(let g = fun (z : real) -> z in g (f a) * fst p)" + suffix), invariant));
}

TEST(ProgramShapes, AFewHundredGeneratedProgramsReachEveryShape) {
  std::map<std::string, int> seen;
  run_with_deep_stack([&] {
    for (std::size_t i = 0; i < 300; ++i) {
      ChoiceSource choices(program_seed(20261123, i));
      GeneratedCase g = generate_case(choices, GeneratorFeatures{}, 20);
      for (const auto& s : program_shapes(check_program(parse_program(g.program, "<generated>")))) ++seen[s];
    }
  });
  for (const std::string& shape : program_shape_names()) EXPECT_GT(seen[shape], 0) << shape;
}

}  // namespace
}  // namespace chad

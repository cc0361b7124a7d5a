// The cost model (model/cost_counter.hpp) on tiny programs, with every count derived by hand
// from the counting rules, and the measurements of cost/cost_measure.hpp and the growth of
// cost/input_growth.hpp on the examples.
#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include "cost/cost_growth.hpp"
#include "cost/cost_measure.hpp"
#include "cost/input_growth.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "../support/example_programs.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// run_with_deep_stack, returning the work's value.
template <class F>
auto deep(const F& work) {
  std::optional<decltype(work())> result;
  run_with_deep_stack([&] { result.emplace(work()); });
  return std::move(*result);
}

using testing::load_example;
using testing::load_source;

NormalForm<double> point(const CheckedProgram& program, const std::string& text) {
  return deep([&] { return read_input_point(program, text); });
}

CostOptions only(bool forward, bool reverse, bool full = true) {
  CostOptions options;
  options.forward = forward;
  options.reverse = reverse;
  options.full_jacobian = full;
  return options;
}

// main_function = fun _input -> let x = _input in (x * x : real).
// Primal = apply (evaluate main_function) x:
//   steps:       the lambda node 1, the closure's call 1, let 1, the variable _input 1,
//                the ascription 1, the primitive 1, its two operands x, x read in place 2  = 8
//   scalar_ops:  one * on one real                                                       = 1
//   allocations: the closure 1, the product's scalar 1                                    = 2
// cost = 8 + 1 + 2 = 11.
TEST(CostMeasure, SquareHasHandDerivedPrimalCounts) {
  const CheckedProgram program = load_source("def main (x : real) : real = x * x;");
  const ProgramCost cost = measure_cost(program, point(program, "3"), only(false, false));
  EXPECT_EQ(cost.primal.steps, 8u);
  EXPECT_EQ(cost.primal.scalar_ops, 1u);
  EXPECT_EQ(cost.primal.allocations, 2u);
  EXPECT_EQ(cost.primal.total(), 11u);
}

// list_sum's main = fun _input -> let xs = _input in (fold xs with node -> case node of
// { Last a -> a | Cons p -> fst p + snd p } : real). Around the fold: the lambda, its call,
// let, _input, the ascription, the fold and xs: 7 steps; the closure: 1 allocation. At each node
// the fold's visit is a step, and mapping the node's payload makes its injection (and for Cons
// its pair: the real and the recursive position are not remade). The body: case 1, node 1, then
//   Last a:      a 1                                  -> 4 steps, 1 allocation
//   Cons p:      + 1, fst p 2, snd p 2, one scalar op -> 8 steps, 1 scalar op, 3 allocations
//                (the injection, the pair, the sum)
// A list of length n (n - 1 Cons, one Last): steps 7 + 8 (n - 1) + 4 = 8 n + 3, scalar ops
// n - 1, allocations 1 + 3 (n - 1) + 1 = 3 n - 1; cost 12 n + 1.
TEST(CostMeasure, ListSumPrimalCountsFollowTheFormula) {
  const CheckedProgram program = load_example("list_sum.chad");
  const NormalForm<double> three = point(program, "roll Cons (1.5, roll Cons (-2, roll Last 4))");
  for (std::size_t n : {3, 100}) {
    const NormalForm<double> x = n == 3 ? three : deep([&] { return grow_input(program.input_type, three, n); });
    const ProgramCost cost = deep([&] { return measure_cost(program, x, only(false, false)); });
    EXPECT_EQ(cost.primal.steps, 8 * n + 3) << n;
    EXPECT_EQ(cost.primal.scalar_ops, n - 1) << n;
    EXPECT_EQ(cost.primal.allocations, 3 * n - 1) << n;
    EXPECT_EQ(cost.primal.total(), 12 * n + 1) << n;
  }
}

// A second measurement of the same program counts the same (no per-thread constant is
// counted the first time only).
TEST(CostMeasure, RepeatedMeasurementsAgree) {
  const CheckedProgram program = load_example("list_sum.chad");
  const NormalForm<double> x = point(program, testing::example_point("list_sum.chad"));
  const ProgramCost first = measure_cost(program, x, CostOptions{});
  const ProgramCost second = measure_cost(program, x, CostOptions{});
  EXPECT_EQ(first.primal, second.primal);
  EXPECT_EQ(first.forward->one, second.forward->one);
  EXPECT_EQ(first.reverse->one, second.reverse->one);
  EXPECT_EQ(first.reverse->jacobian, second.reverse->jacobian);
}

// An elementwise op on n reals counts n; dot of n counts n; matvec m x n counts m * n.
// main_function = fun _input -> let v = _input in (dot(v, v) : real), v of 3 reals: scalar_ops 3.
// With matvec on a 2 x 3 matrix (arguments in a pair): 6, plus the elementwise * on the 2
// results: 2, total 8.
TEST(CostMeasure, ScalarOpsCountEntries) {
  const CheckedProgram dot = load_source("def main (v : real[3]) : real = dot(v, v);");
  EXPECT_EQ(measure_cost(dot, point(dot, "[1, 2, 3]"), only(false, false)).primal.scalar_ops, 3u);
  const CheckedProgram mv =
      load_source("def main (m : real[2,3]) (v : real[3]) : real[2] = let y = matvec(m, v) in y * y;");
  EXPECT_EQ(measure_cost(mv, point(mv, "([[1, 2, 3], [4, 5, 6]], [1, 0, 1])"), only(false, false))
                .primal.scalar_ops,
            8u);
}

// Scopes nest: the outer scope sees the inner one's work and its own; each thread counts its own.
TEST(CostCounter, ScopesNestAndArePerThread) {
  CostScope outer;
  count_step();
  {
    CostScope inner;
    count_scalar_ops(5);
    count_allocation();
    EXPECT_EQ(inner.counts(), (CostCounts{0, 5, 1}));
  }
  EXPECT_EQ(outer.counts(), (CostCounts{1, 5, 1}));
  CostCounts other_thread;
  std::thread worker([&] {
    CostScope scope;
    count_step();
    count_step();
    other_thread = scope.counts();
  });
  worker.join();
  EXPECT_EQ(other_thread, (CostCounts{2, 0, 0}));
  EXPECT_EQ(outer.counts(), (CostCounts{1, 5, 1}));  // the other thread's steps are not ours
}

// The derivative's cost includes the primal's work: a ratio of at least 1.
TEST(CostMeasure, DerivativesCostAtLeastThePrimal) {
  const CheckedProgram program = load_example("horner.chad");
  const ProgramCost cost = measure_cost(program, point(program, testing::example_point("horner.chad")),
                                        CostOptions{});
  EXPECT_GE(cost_ratio(cost.forward->one, cost.primal), 1.0);
  EXPECT_GE(cost_ratio(cost.reverse->one, cost.primal), 1.0);
  // A Jacobian takes one map application per input coordinate (forward: x and 4 coefficients)
  // or output coordinate (reverse: 1), on top of one pass.
  EXPECT_EQ(cost.forward->directions, 5u);
  EXPECT_EQ(cost.reverse->directions, 1u);
  EXPECT_GT(cost.forward->jacobian.total(), cost.forward->one.total());
  EXPECT_GT(cost.source_size, 0u);
  EXPECT_GT(cost.reverse->code_size, cost.source_size);
}

// ---- growth --------------------------------------------------------------------------------

// The number of nodes of each constructor in a normal form's index.
std::size_t count_ctor(const Index& index, const std::string& ctor) {
  std::size_t n = index.kind == Index::Kind::Inject && index.ctor == ctor ? 1 : 0;
  for (const Index& child : index.children) n += count_ctor(child, ctor);
  return n;
}
std::size_t depth(const Index& index) {
  std::size_t d = 0;
  for (const Index& child : index.children) d = std::max(d, depth(child));
  return d + (index.kind == Index::Kind::Roll ? 1 : 0);
}

// The example's input at its `-- at:` point, grown to `size`.
NormalForm<double> grown_example(const std::string& name, std::size_t size) {
  const CheckedProgram program = load_example(name);
  return deep([&] { return grow_input(program.input_type, point(program, testing::example_point(name)), size); });
}

TEST(InputGrowth, ListsGetLengthNWithTheirValuesCycled) {
  const CheckedProgram program = load_example("list_sum.chad");
  // 1.5, -2 and 4: Cons 1.5, Cons -2 are the nodes with a recursive position, Last 4 the leaf.
  const NormalForm<double> grown =
      deep([&] { return grow_input(program.input_type, point(program, "roll Cons (1.5, roll Cons (-2, roll Last 4))"), 5); });
  // Length 5: four Cons cycling 1.5, -2, then Last 4.
  EXPECT_EQ(grown.coords, (std::vector<double>{1.5, -2, 1.5, -2, 4}));
  EXPECT_EQ(count_ctor(grown.index, "Cons"), 4u);
  EXPECT_EQ(count_ctor(grown.index, "Last"), 1u);
}

TEST(InputGrowth, NilListsCountTheirConsNodes) {
  const NormalForm<double> grown = grown_example("spec_example.chad", 6);
  EXPECT_EQ(count_ctor(grown.index, "Cons"), 6u);  // the real beside the list is kept
  EXPECT_EQ(count_ctor(grown.index, "Nil"), 1u);
  EXPECT_EQ(grown.coords.front(), 3.0);
}

TEST(InputGrowth, TreesAreBalanced) {
  // 15 nodes: 7 inner nodes (each one counted node, children sharing the rest evenly) and 8
  // leaves, a complete binary tree of depth 4.
  const NormalForm<double> grown = grown_example("tree.chad", 15);
  EXPECT_EQ(count_ctor(grown.index, "Node"), 7u);
  EXPECT_EQ(count_ctor(grown.index, "Leaf"), 8u);
  EXPECT_EQ(depth(grown.index), 4u);
}

TEST(InputGrowth, RoseTreesGrowThroughTheNestedList) {
  // Node with two children: 7 = 1 + 3 + 3, each 3 = 1 + 1 + 1: 3 Nodes, 4 Leaves.
  const NormalForm<double> grown = grown_example("rose_tree.chad", 7);
  EXPECT_EQ(count_ctor(grown.index, "Node"), 3u);
  EXPECT_EQ(count_ctor(grown.index, "Leaf"), 4u);
}

TEST(InputGrowth, NothingToGrowIsAnError) {
  const CheckedProgram arrays = load_example("primitives.chad");
  EXPECT_FALSE(has_growable_part(arrays.input_type));
  EXPECT_THROW(grow_input(arrays.input_type, point(arrays, "[0.5, 1.25, 2]"), 4), GrowthError);
  const CheckedProgram list = load_example("list_sum.chad");
  // A list of one node has no node with a recursive position to copy.
  EXPECT_THROW(deep([&] { return grow_input(list.input_type, point(list, "roll Last 4"), 4); }),
               GrowthError);
}

// log-log slope: costs c = 3 n^2 give exactly 2; c = 5 n give 1.
TEST(InputGrowth, ExponentIsTheLogLogSlope) {
  EXPECT_NEAR(growth_exponent({10, 20, 40}, {300, 1200, 4800}), 2.0, 1e-12);
  EXPECT_NEAR(growth_exponent({100, 400, 1600}, {500, 2000, 8000}), 1.0, 1e-12);
}

// The growth exponents of an example from its `-- at:` point (cost/cost_growth.hpp).
CostGrowth growth_of(const CheckedProgram& program, const std::string& at, const std::vector<std::size_t>& sizes,
                     bool forward, bool reverse, FunctionsStrategy functions = kDefaultFunctionsStrategy) {
  CostOptions options = only(forward, reverse);
  options.chad.functions = functions;
  return deep([&] { return measure_cost_growth(program, point(program, at), sizes, options); });
}

// A fold over a list does constant work per node: linear, primal, forward and reverse.
TEST(CostGrowth, ListSumIsLinear) {
  const CheckedProgram program = load_example("list_sum.chad");
  const CostGrowth g = growth_of(program, testing::example_point("list_sum.chad"), {100, 400, 1600}, true, true);
  ASSERT_EQ(g.rows.size(), 3u);
  EXPECT_EQ(g.rows[2].cost.primal.total(), 12u * 1600 + 1);  // the formula above
  for (double e : {g.primal_exponent, *g.jvp_exponent, *g.vjp_exponent}) {
    EXPECT_GE(e, 0.9);
    EXPECT_LE(e, 1.1);
  }
}

// The paper's reverse CHAD re-runs each closure's body for every (argument, cotangent) pair of
// the function's copower: on Horner's rule built from closures it is quadratic (issue 17).
TEST(CostGrowth, PapersReverseChadIsQuadraticOnClosureHorner) {
  const std::string path = std::string(CHAD_SOURCE_DIR) + "/bench/programs/horner_closure.chad";
  const CheckedProgram program = check_program(parse_program(testing::read_text_file(path), path));
  const CostGrowth g = growth_of(program, "(0.5, roll Cons (1, roll Cons (-3, roll Cons (2, roll Last 4))))",
                                 {50, 100, 200}, false, true, FunctionsStrategy::Paper);
  EXPECT_FALSE(g.jvp_exponent.has_value());
  EXPECT_LE(g.primal_exponent, 1.1);
  EXPECT_GE(*g.vjp_exponent, 1.7);
}

// A stream output is observed N times; every observation runs one node of the unfold, the same
// work each time, so the cost is affine in N: cost(N) = a + b N, and the increments from 10 to
// 100 and from 100 to 1000 observations are in the ratio 90 : 900 exactly (primal and JVP).
TEST(CostGrowth, StreamsGrowByObservation) {
  const CheckedProgram program = load_source(
      "type Stream = nu s. real * s;\n"
      "def main (x : real) : Stream = unfold x with y -> (y, y * x);");
  bool observed = false;
  ASSERT_TRUE(measurable_output(program.output_type, observed));
  EXPECT_TRUE(observed);
  const CostGrowth g = growth_of(program, "1.5", {10, 100, 1000}, true, true);
  EXPECT_TRUE(g.observed_output);
  ASSERT_TRUE(g.vjp_exponent.has_value());  // a cotangent of ones on the first N elements
  std::vector<CostCounts> primal, jvp, vjp;
  for (const CostGrowthRow& row : g.rows) {
    EXPECT_TRUE(row.cost.observed_output);
    EXPECT_FALSE(row.cost.reverse->jacobian_measured);  // no reverse Jacobian of a stream
    primal.push_back(row.cost.primal);
    jvp.push_back(row.cost.forward->one);
    vjp.push_back(row.cost.reverse->one);
  }
  EXPECT_EQ((primal[2] - primal[1]).total(), 10 * (primal[1] - primal[0]).total());
  EXPECT_EQ((jvp[2] - jvp[1]).total(), 10 * (jvp[1] - jvp[0]).total());
  EXPECT_EQ((vjp[2] - vjp[1]).total(), 10 * (vjp[1] - vjp[0]).total());
  // The primal's y * x at each node: one scalar op per observation.
  EXPECT_EQ((primal[1] - primal[0]).scalar_ops, 90u);
}

// A stream whose nodes are sums: its cotangent is not built, so its VJP is not measured.
TEST(CostGrowth, SumStreamsHaveNoVjp) {
  const CheckedProgram program = load_source(
      "type S = nu s. < A : real | B : real * s >;\n"
      "def main (x : real) : S = unfold x with y -> B (y, y * x);");
  const ProgramCost cost = deep([&] { return measure_cost(program, point(program, "1.5"), CostOptions{}); });
  EXPECT_TRUE(cost.observed_output);
  EXPECT_TRUE(cost.forward.has_value());
  EXPECT_FALSE(cost.reverse.has_value());
}

TEST(InputGrowth, FunctionOutputsAreNotMeasurable) {
  const CheckedProgram program = load_source("def main (x : real) : real -> real = fun (y : real) -> x * y;");
  bool observed = false;
  EXPECT_FALSE(measurable_output(program.output_type, observed));
}

}  // namespace
}  // namespace chad

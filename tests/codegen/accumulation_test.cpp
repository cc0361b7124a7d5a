// Accumulation in the reverse kernels (issue 33): a linear function written out as a closure is
// an accumulating closure that adds its value into the caller's cotangent, and a reverse fold over a
// list adds each node's context cotangent into one accumulator instead of building and summing
// whole context tuples. Each gradient is checked against derivatives taken by hand, and the
// injected fault AccumulateOverwrites (an accumulation that overwrites its cell) must show.
#include <gtest/gtest.h>

#include "../support/compiled_gradients.hpp"
#include "../support/example_programs.hpp"
#include "codegen/generate_kernel.hpp"

namespace chad {
namespace {

// f(a, b, xs) = sum_i (a * x_i + b * x_i^2) over a list: every node contributes to a and b.
// By hand: df/da = sum x_i, df/db = sum x_i^2, df/dx_i = a + 2 b x_i.
const char* kWeightedSum =
    "type L = mu l. < Nil : unit | Cons : real * l >;\n"
    "def main (a : real, b : real, xs : L) : real =\n"
    "  fold xs with node -> case node of { Nil u -> 0 | Cons p -> a * fst p + b * fst p * fst p + snd p };\n";
const char* kThreeNodes = "(2, 3, roll Cons (1, roll Cons (-2, roll Cons (5, roll Nil))))";

KernelOptions reverse_options(const std::string& name, CodegenFault fault) {
  KernelOptions options;
  options.name = name;
  options.mode = KernelMode::Reverse;
  options.fault = fault;
  return options;
}

std::vector<double> gradient(const CheckedProgram& program, CodegenFault fault, const std::string& name) {
  return testing::reverse_gradient(program, kThreeNodes, fault, name);
}

TEST(Accumulation, AReverseFoldAddsEachNodesContributionIntoOneAccumulator) {
  const CheckedProgram program = testing::load_source(kWeightedSum);
  const std::string source = generate_kernel_source(program, reverse_options("weighted_sum_rev", CodegenFault::None));
  // The fold's loop hands its accumulator to each node's backpropagator, which is an
  // accumulating closure; no node's context cotangent is added to the others as a whole tuple.
  EXPECT_NE(source.find("records[j].add_into(cot, q);"), std::string::npos);
  EXPECT_NE(source.find("&chad_rt::detail::accumulate_by_lambda<"), std::string::npos);
  EXPECT_EQ(source.find("g = chad_rt::add<"), std::string::npos);

  // x = 1, -2, 5; a = 2, b = 3: df/da = 4, df/db = 30, df/dx_i = 2 + 6 x_i.
  EXPECT_EQ(gradient(program, CodegenFault::None, "weighted_sum_rev"),
            (std::vector<double>{4, 30, 8, -10, 32}));
}

TEST(Accumulation, AnAccumulationThatOverwritesItsCellLosesContributions) {
  const CheckedProgram program = testing::load_source(kWeightedSum);
  const std::string source =
      generate_kernel_source(program, reverse_options("weighted_sum_overwrites", CodegenFault::AccumulateOverwrites));
  EXPECT_EQ(source.find("chad_rt::accumulate<"), std::string::npos) << "with the fault, no generated accumulation adds";
  const std::vector<double> wrong = gradient(program, CodegenFault::AccumulateOverwrites, "weighted_sum_overwrites");
  ASSERT_EQ(wrong.size(), 5u);
  // Only one node's contribution to a and b is left: the gradient is no longer the sum.
  EXPECT_NE(wrong, (std::vector<double>{4, 30, 8, -10, 32}));
}

}  // namespace
}  // namespace chad

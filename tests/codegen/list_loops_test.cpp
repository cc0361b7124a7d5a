// Folds and readers over list-like types compile to loops (codegen/emit_fold_spine.cpp), trees
// keep their recursion; and a reverse gradient through those loops on a long list is the closed
// form. Horner's rule p(x) = sum_k c_k x^k at x = 1 with every c_k = 1 gives, by hand:
// p = n, dp/dc_k = 1, dp/dx = sum_k k = n(n - 1) / 2 (all exact in double).
#include <gtest/gtest.h>

#include <regex>

#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_call.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// The bodies of the generated function templates whose names start with `prefix` (fold_,
// rev_fold_, read_), by name.
std::map<std::string, std::string> helper_bodies(const std::string& source, const std::string& prefix) {
  std::map<std::string, std::string> bodies;
  const std::regex head("\n[^\n]* (" + prefix + "[0-9]+)\\([^\n]*\\) \\{\n");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), head); it != std::sregex_iterator(); ++it) {
    const std::size_t start = it->position() + it->length();
    bodies[(*it)[1]] = source.substr(start, source.find("\n}\n", start) - start);
  }
  return bodies;
}

// Whether any helper named `prefix`N calls itself.
bool some_helper_recurses(const std::string& source, const std::string& prefix) {
  for (const auto& [name, body] : helper_bodies(source, prefix))
    if (body.find(name + "<S>(") != std::string::npos) return true;
  return false;
}

std::string kernel_source(const std::string& example, KernelMode mode, SumsStrategy sums) {
  KernelOptions options;
  options.mode = mode;
  options.sums = sums;
  return generate_kernel_source(testing::load_example(example), options);
}

TEST(ListLoops, FoldsAndReadersOfListsAreLoopsInEveryModeAndSumsStrategy) {
  for (KernelMode mode : {KernelMode::Primal, KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(kernel_mode_name(mode)) + " " + sums_strategy_name(sums));
      const std::string source = kernel_source("horner.chad", mode, sums);
      const std::string fold = mode == KernelMode::Primal ? "fold_" : mode == KernelMode::Reverse ? "rev_fold_" : "fwd_fold_";
      ASSERT_FALSE(helper_bodies(source, fold).empty()) << "no " << fold << " helper found";
      EXPECT_FALSE(some_helper_recurses(source, fold));
      ASSERT_FALSE(helper_bodies(source, "read_").empty());
      EXPECT_FALSE(some_helper_recurses(source, "read_"));
      // read_ helpers may still call each other in a cycle; the list's own reader is the loop.
      EXPECT_NE(source.find("hole = child_slot_"), std::string::npos);
    }
}

TEST(ListLoops, AReverseFoldsBackpropagatorDoesNotCallItsChilds) {
  // The recursive form's backpropagator calls the child's: `.snd.snd(` on the children's
  // (w, back) pair. The loop form reads the nodes' records instead, each node's backpropagator
  // adding into the loop's accumulator.
  const std::string source = kernel_source("horner.chad", KernelMode::Reverse, SumsStrategy::Biproduct);
  const auto bodies = helper_bodies(source, "rev_fold_");
  ASSERT_EQ(bodies.size(), 1u);
  const std::string& body = bodies.begin()->second;
  EXPECT_NE(body.find("records[j].snd.add_into(cot, q)"), std::string::npos);
  EXPECT_EQ(body.find(".snd.snd("), std::string::npos);
}

TEST(ListLoops, TreeFoldsStillRecurse) {
  // tree.chad: Node : t * real * t has two children, so no single spine.
  EXPECT_TRUE(some_helper_recurses(kernel_source("tree.chad", KernelMode::Primal, SumsStrategy::Biproduct), "fold_"));
  EXPECT_TRUE(
      some_helper_recurses(kernel_source("tree.chad", KernelMode::Reverse, SumsStrategy::Biproduct), "rev_fold_"));
}

TEST(ListLoops, AGradientOverTwoHundredThousandCoefficientsIsTheClosedForm) {
  const CheckedProgram program = testing::load_example("horner.chad");
  std::vector<ProgramToCompile> batch;
  for (SumsStrategy sums : kAllSumsStrategies) {
    KernelOptions k;
    k.name = std::string("horner_rev_") + sums_strategy_name(sums);
    for (char& c : k.name)
      if (c == '-') c = '_';
    k.mode = KernelMode::Reverse;
    k.sums = sums;
    batch.push_back({&program, k});
  }
  std::vector<CompiledProgram> compiled;
  ASSERT_NO_THROW(compiled = compile_programs(batch, testing::test_kernel_compiler()));
  const std::size_t n = 200000;
  run_with_deep_stack([&] {  // the index's destructor recurses as deep as the list
    std::vector<int> tags(n - 1, 1);  // Cons n - 1 times, then Last
    tags.push_back(0);
    NormalForm<double> input{index_from_tags(program.input_type, tags), std::vector<double>(n + 1, 1.0)};
    for (std::size_t k = 0; k < compiled.size(); ++k) {
      SCOPED_TRACE(sums_strategy_name(batch[k].options.sums));
      const JacobianResult got = jacobian_by_compiled_kernel(program, compiled[k], input);
      ASSERT_EQ(got.jacobian.size(), 1u);
      ASSERT_EQ(got.jacobian[0].size(), n + 1);
      EXPECT_EQ(got.jacobian[0][0], double(n) * double(n - 1) / 2);  // dp/dx
      std::size_t wrong = 0;
      for (std::size_t i = 1; i <= n; ++i) wrong += got.jacobian[0][i] != 1.0;
      EXPECT_EQ(wrong, 0u) << "of the " << n << " entries dp/dc_k, all 1";
    }
  });
}

}  // namespace
}  // namespace chad

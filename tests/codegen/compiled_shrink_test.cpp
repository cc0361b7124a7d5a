// Shrinking the compiled path's failures (triage/shrink_compiled.hpp): a fault of the code
// generator alone is shrunk by the compiled check in rounds of batched kernels, to the very
// program and input the one-at-a-time shrinker reaches with the same budget, for far fewer
// compiler runs than kernels; a CHAD mutant compiled into the kernel is shrunk by the
// interpreter and the result confirmed compiled. Kernels compile at -O0.
#include <gtest/gtest.h>

#include "codegen/kernel_compiler.hpp"
#include "mutants/mutants.hpp"
#include "triage/blame_compiled.hpp"
#include "judge/case.hpp"
#include "oracle/compiled_check.hpp"
#include "triage/shrink_compiled.hpp"
#include "syntax/deep_stack.hpp"
#include "../support/test_kernel_compiler.hpp"

namespace chad {
namespace {

CampaignOptions compiled_reverse(CodegenFault fault, int budget) {
  auto compiled = std::make_shared<CompiledCampaignOptions>();
  compiled->compiler = testing::test_kernel_compiler();
  compiled->fault = fault;
  compiled->shrink_budget = budget;
  compiled->batch = 16;
  CampaignOptions options;
  options.implementation = Implementation::ChadCompiled;
  options.compiled = compiled;
  options.modes = {ChadMode::Reverse};
  options.sums = {SumsStrategy::Biproduct};
  options.seed = 20261123;
  options.measure_coverage = false;
  return options;
}

// The first of the campaign's programs that fails, with the choices that generate it.
std::optional<std::pair<std::vector<std::uint32_t>, Verdict>> first_failure(const CampaignOptions& options) {
  for (std::size_t i = 0; i < 12; ++i) {
    ChoiceSource source(program_seed(options.seed, i));
    const GeneratedCase g = generate_case(source, options.features, options.max_size);
    const Verdict v = check_case(options, g).verdict;
    if (v == Verdict::Fail) return std::pair{source.recording(), v};
  }
  return std::nullopt;
}

TEST(CompiledShrink, ACodegenFaultIsShrunkInBatchesToWhatTheOneAtATimeShrinkerFinds) {
  const CampaignOptions options = compiled_reverse(CodegenFault::DropLinearAddRight, 200);
  std::optional<std::pair<std::vector<std::uint32_t>, Verdict>> failing;
  run_with_deep_stack([&] { failing = first_failure(options); });
  ASSERT_TRUE(failing) << "the planted codegen fault went unnoticed";
  const auto& [choices, verdict] = *failing;
  CompiledShrinkCost cost;
  ShrinkResult batched;
  const std::size_t runs_before = kernel_compiler_runs();
  run_with_deep_stack([&] { batched = shrink_compiled_failure(options, choices, verdict, &cost); });
  const std::size_t runs = kernel_compiler_runs() - runs_before;
  EXPECT_FALSE(cost.by_interpreter) << "interpreted CHAD has no fault here";
  EXPECT_LT(batched.size, batched.original_size);
  EXPECT_EQ(check_case(options, batched.shrunk).verdict, verdict) << batched.shrunk.program;
  EXPECT_GT(cost.kernels_compiled, 0);
  EXPECT_LT(runs, std::size_t(cost.kernels_compiled)) << "kernels were compiled one by one, not in batches";
  // The one-at-a-time shrinker with the compiled check (every kernel it needs is compiled now).
  ShrinkResult alone;
  run_with_deep_stack([&] {
    alone = shrink_case(choices, options.features, options.max_size,
                        std::function<bool(Case&)>([&](Case& k) { return check_case(options, k).verdict == verdict; }),
                        200);
  });
  EXPECT_EQ(batched.shrunk.program, alone.shrunk.program);
  EXPECT_EQ(batched.shrunk.input, alone.shrunk.input);
  EXPECT_EQ(batched.candidates, alone.candidates);
}

TEST(CompiledShrink, AChadMutantOnTheCompiledPathIsShrunkByTheInterpreterAndConfirmedCompiled) {
  CampaignOptions options = compiled_reverse(CodegenFault::None, 3000);
  use_mutant(options, *find_mutant("rev-let-drops-bound"));
  std::optional<std::pair<std::vector<std::uint32_t>, Verdict>> failing;
  run_with_deep_stack([&] { failing = first_failure(options); });
  ASSERT_TRUE(failing) << "the mutant went unnoticed compiled";
  const auto& [choices, verdict] = *failing;
  CompiledShrinkCost cost;
  ShrinkResult shrunk;
  run_with_deep_stack([&] { shrunk = shrink_compiled_failure(options, choices, verdict, &cost); });
  EXPECT_TRUE(cost.by_interpreter);
  EXPECT_EQ(cost.kernels_compiled, 0);
  EXPECT_EQ(check_case(options, shrunk.shrunk).verdict, verdict) << shrunk.shrunk.program;  // compiled
  // The interpreter's own shrinking of the same failure reaches the same program.
  const CampaignOptions interpreted = interpreted_counterpart(options, ChadMode::Reverse, SumsStrategy::Biproduct);
  ShrinkResult by_interpreter;
  run_with_deep_stack([&] {
    by_interpreter = shrink_case(choices, options.features, options.max_size,
                                 std::function<bool(Case&)>([&](Case& k) {
                                   return is_data_type(k.program().output_type) &&
                                          check_case(interpreted, k).verdict == verdict;
                                 }),
                                 3000);
  });
  EXPECT_EQ(shrunk.shrunk.program, by_interpreter.shrunk.program);
  EXPECT_LE(shrunk.size, 8u) << shrunk.shrunk.program;
}

}  // namespace
}  // namespace chad

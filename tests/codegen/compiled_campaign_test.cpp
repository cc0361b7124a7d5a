// Campaigns of the compiled path (--implementation chad-compiled) on generated programs: with
// the correct code generator nothing fails, over programs that use every type former; with a
// fault injected into the code generator (codegen/codegen_fault.hpp) the campaign finds a
// failing program and shrinks it. Kernels compile at -O0 (the generated code is what is tested).
#include <gtest/gtest.h>

#include <algorithm>

#include "judge/campaign_program.hpp"
#include "oracle/campaign.hpp"
#include "oracle/campaign_log.hpp"
#include "oracle/compiled_check.hpp"
#include "oracle/program_shapes.hpp"
#include "syntax/parser.hpp"
#include "triage/shrink.hpp"
#include "../support/test_kernel_compiler.hpp"

namespace chad {
namespace {

CampaignOptions compiled_campaign(CodegenFault fault, std::vector<ChadMode> modes, std::vector<SumsStrategy> sums) {
  auto compiled = std::make_shared<CompiledCampaignOptions>();
  compiled->compiler = testing::test_kernel_compiler();
  compiled->fault = fault;
  compiled->shrink_budget = 40;
  CampaignOptions options;
  options.implementation = Implementation::ChadCompiled;
  options.compiled = compiled;
  options.modes = std::move(modes);
  options.sums = std::move(sums);
  options.seed = 20261123;
  return options;
}

TEST(CompiledCampaign, GeneratedProgramsOfEveryTypeFormerPass) {
  CampaignOptions options = compiled_campaign(CodegenFault::None, {ChadMode::Forward, ChadMode::Reverse},
                                              {SumsStrategy::Biproduct, SumsStrategy::Lifted});
  options.count = 24;
  std::vector<std::size_t> all(options.count);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  prefetch_compiled_kernels(options, all);  // one translation unit
  std::map<std::string, std::size_t> checked_formers;  // over programs with compiled checks
  std::size_t checked = 0;
  const CampaignSummary summary = run_campaign(options, [&](const ProgramOutcome& o) {
    EXPECT_FALSE(is_failure(o.verdict)) << "program " << o.index << ": " << verdict_name(o.verdict) << "\n"
                                        << o.generated.program << "\n"
                                        << (o.checks.empty() ? o.detail : o.checks.front().detail);
    if (o.checks.empty() || o.verdict == Verdict::Skip) return;
    ++checked;
    for (const auto& f : o.features) ++checked_formers[f];
  });
  EXPECT_GE(checked, options.count / 2) << "too many programs skipped to say anything";
  for (const char* former : {"type sum", "type mu", "type nu", "type ->", "type real[..]", "fold", "unfold", "case", "fun"})
    EXPECT_GT(checked_formers[former], 0u) << "no compiled check of a program with " << former;
}

TEST(CompiledCampaign, AFaultInjectedIntoTheCodeGeneratorIsFoundAndShrunk) {
  CampaignOptions options =
      compiled_campaign(CodegenFault::DropLinearAddRight, {ChadMode::Reverse}, {SumsStrategy::Biproduct});
  options.count = 12;
  std::vector<std::size_t> all(options.count);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  prefetch_compiled_kernels(options, all);
  std::optional<std::size_t> failing;
  run_campaign(options, [&](const ProgramOutcome& o) {
    if (!failing && is_failure(o.verdict)) failing = o.index;
  });
  ASSERT_TRUE(failing.has_value()) << "dropping the right operand of every (co)tangent sum went unnoticed";
  const CampaignFailure f = shrink_campaign_failure(options, *failing);
  EXPECT_LT(f.shrunk.size, f.shrunk.original_size);
  EXPECT_TRUE(is_failure(check_case(options, f.shrunk.shrunk).verdict)) << f.shrunk.shrunk.program;
  // The same shrunk program passes with the correct code generator.
  CampaignOptions correct = compiled_campaign(CodegenFault::None, {ChadMode::Reverse}, {SumsStrategy::Biproduct});
  EXPECT_EQ(check_case(correct, f.shrunk.shrunk).verdict, Verdict::Pass) << f.shrunk.shrunk.program;
}

// The kept applications of a fold's body (codegen/fold_body_memos.cpp) are judged by campaigns:
// the generator's feature shapes makes applications the same at every node of a fold
// (generators/shape_idioms.cpp), and a code generator that keeps an application whose argument
// is the node's own is caught on them. Before that shape, a 1,000-program compiled campaign
// judged no kept application and missed this fault (bench/RESULTS.md, stop 51).
TEST(CompiledCampaign, AKeptApplicationThatDependsOnTheNodeIsFoundOnTheShapesThatMakeThem) {
  const std::vector<ChadMode> modes = {ChadMode::Forward, ChadMode::Reverse};
  CampaignOptions faulty = compiled_campaign(CodegenFault::KeptApplicationIgnoresArgument, modes, {SumsStrategy::Biproduct});
  CampaignOptions correct = compiled_campaign(CodegenFault::None, modes, {SumsStrategy::Biproduct});
  for (CampaignOptions* o : {&faulty, &correct}) {
    o->features.force_shapes(true);
    o->features.higher_order = false;  // outputs the kernels judge (not functions or streams)
  }
  std::size_t judged = 0, caught = 0;  // over the first 4 judged programs with the shape
  for (std::size_t i = 0; i < 400 && judged < 4; ++i) {
    const GeneratedCase g = generate_program_at(faulty, i);
    const auto shapes = program_shapes(check_program(parse_program(g.program, "<generated>")));
    if (!std::count(shapes.begin(), shapes.end(), "application invariant in a fold")) continue;
    const Verdict verdict = check_case(correct, g).verdict;
    if (verdict == Verdict::Skip) continue;
    ++judged;
    EXPECT_EQ(verdict, Verdict::Pass) << g.program;
    caught += is_failure(check_case(faulty, g).verdict);
  }
  ASSERT_EQ(judged, 4u) << "the shapes feature made fewer than 4 judged kept applications in 400 programs";
  EXPECT_GE(caught, 2u) << "a kept application that reads the node went unnoticed";
}

}  // namespace
}  // namespace chad

namespace chad {
namespace {

// The programs the prefetch parsed and checked are handed on to their check (not parsed again),
// with the same outcome as a check from the text, fault and all.
TEST(CompiledCampaign, APrefetchedProgramIsCheckedAsItsText) {
  CampaignOptions options =
      compiled_campaign(CodegenFault::DropLinearAddRight, {ChadMode::Reverse}, {SumsStrategy::Biproduct});
  options.seed = 7;
  options.count = 6;
  std::vector<std::size_t> all(options.count);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  prefetch_compiled_kernels(options, all);
  for (std::size_t i : all) {
    const GeneratedCase generated = generate_program_at(options, i);
    const ProgramOutcome handed_on = check_case_prefetched(options, generated);
    const ProgramOutcome from_text = check_case(options, generated);
    EXPECT_EQ(outcome_json(handed_on).dump(), outcome_json(from_text).dump()) << generated.program;
  }
}

}  // namespace
}  // namespace chad

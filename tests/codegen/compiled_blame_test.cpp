// Blame of the compiled path's failures (triage/blame_compiled.hpp): a CHAD mutant compiled into
// the kernel fails in the interpreter too and is blamed on its rule, by the interpreter; a fault
// planted in the code generator alone (--codegen-fault) fails only compiled, and is blamed on the
// code generator's side, no CHAD rule named. Kernels compile at -O0.
#include <gtest/gtest.h>

#include "mutants/mutants.hpp"
#include "triage/blame_compiled.hpp"
#include "judge/case.hpp"
#include "oracle/compiled_check.hpp"
#include "syntax/deep_stack.hpp"
#include "../support/test_kernel_compiler.hpp"

namespace chad {
namespace {

CampaignOptions compiled_reverse(CodegenFault fault) {
  auto compiled = std::make_shared<CompiledCampaignOptions>();
  compiled->compiler = testing::test_kernel_compiler();
  compiled->fault = fault;
  CampaignOptions options;
  options.implementation = Implementation::ChadCompiled;
  options.compiled = compiled;
  options.modes = {ChadMode::Reverse};
  options.sums = {SumsStrategy::Biproduct};
  return options;
}

Blame blame_of(const CampaignOptions& options, const GeneratedCase& failing) {
  Blame b;
  run_with_deep_stack([&] { b = blame_campaign_failure(options, failing, ChadMode::Reverse, SumsStrategy::Biproduct); });
  return b;
}

TEST(CompiledBlame, AChadMutantCompiledIntoTheKernelIsBlamedOnItsRuleByTheInterpreter) {
  CampaignOptions options = compiled_reverse(CodegenFault::None);
  const Mutant* mutant = find_mutant("rev-let-drops-bound");
  ASSERT_NE(mutant, nullptr);
  use_mutant(options, *mutant);
  const GeneratedCase failing{"def main (x : real) : real = let y = x * x in sin(y) + y;", "0.5"};
  ASSERT_EQ(check_case(options, failing).verdict, Verdict::Fail) << "the compiled kernel should carry the mutant";
  const Blame b = blame_of(options, failing);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_FALSE(b.codegen);
  EXPECT_EQ(b.rule, "reverse let");
  EXPECT_TRUE(blame_names_mutant(*mutant, b));
  EXPECT_NE(b.reason.find("interpreted CHAD fails this check too"), std::string::npos) << b.reason;
}

TEST(CompiledBlame, AFaultOfTheCodeGeneratorAloneIsBlamedOnTheCodeGeneratorNotOnARule) {
  const CampaignOptions options = compiled_reverse(CodegenFault::DropLinearAddRight);
  // x is used three times: its cotangent is a sum, whose right operand the fault drops.
  const GeneratedCase failing{"def main (x : real) : real = x * x + x;", "0.5"};
  ASSERT_EQ(check_case(options, failing).verdict, Verdict::Fail) << "the planted codegen fault went unnoticed";
  const Blame b = blame_of(options, failing);
  EXPECT_FALSE(b.found) << b.rule;  // no CHAD rule (and no subterm) is named
  EXPECT_TRUE(b.codegen) << b.reason;
  EXPECT_NE(b.reason.find("interpreted CHAD passes this check"), std::string::npos) << b.reason;
  EXPECT_NE(b.reason.find("code generator"), std::string::npos) << b.reason;
  // Without the planted fault the same program passes compiled: the blame was not of a real fault.
  EXPECT_EQ(check_case(compiled_reverse(CodegenFault::None), failing).verdict, Verdict::Pass);
}

// The interpreted path is unchanged: blame_campaign_failure is blame_failure there.
TEST(CompiledBlame, TheInterpretersFailuresAreBlamedAsBefore) {
  CampaignOptions options;
  options.rules = &find_mutant("rev-let-drops-bound")->rules;
  const GeneratedCase failing{"def main (x : real) : real = let y = x * x in sin(y) + y;", "0.5"};
  const Blame b = blame_of(options, failing);
  ASSERT_TRUE(b.found) << b.reason;
  EXPECT_EQ(b.rule, "reverse let");
  EXPECT_EQ(b.reason.find("interpreted CHAD"), std::string::npos) << b.reason;
}

}  // namespace
}  // namespace chad

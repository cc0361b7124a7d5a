// The one interface for the thing under test (judge/implementation_under_test.hpp), its registry
// (oracle/implementation_registry.hpp) and the case built once (judge/case.hpp): each
// implementation says its name, its fragment and its checks; a case computes its reference once
// and shares it (and the certified one) with every check that follows.
#include <gtest/gtest.h>

#include "oracle/campaign.hpp"
#include "judge/case.hpp"
#include "judge/verify_case.hpp"
#include "oracle/implementation_registry.hpp"
#include "references/jacobian.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

constexpr const char* kSquare = "def main (x : real) : real = x * x;";
constexpr const char* kReturnsAFunction = "def main (x : real) : real -> real = fun (y : real) -> x * sin(y);";

CampaignOptions options_for(Implementation i) {
  CampaignOptions o;
  o.implementation = i;
  return o;
}

TEST(ImplementationUnderTest, CHADMakesOneCheckPerModeAndSumsStrategy) {
  CampaignOptions o = options_for(Implementation::Chad);
  o.modes = {ChadMode::Reverse};
  o.sums = {SumsStrategy::Lifted, SumsStrategy::ZeroFunctions};
  const auto chad = implementation_under_test(o);
  EXPECT_EQ(chad->name(), "CHAD");
  const std::vector<CheckPlan> plans = chad->checks();
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_EQ(plans[0].mode, ChadMode::Reverse);
  EXPECT_EQ(plans[0].sums, SumsStrategy::Lifted);
  EXPECT_EQ(plans[1].sums, SumsStrategy::ZeroFunctions);
  EXPECT_EQ(chad->cost_checks().size(), 2u);  // it has the (counted) cost check
}

TEST(ImplementationUnderTest, StringDiagramsMakeOneReverseCheckOfTheirFragment) {
  const CampaignOptions o = options_for(Implementation::StringDiagram);
  const auto sd = implementation_under_test(o);
  EXPECT_EQ(sd->name(), "sd-rev");
  ASSERT_EQ(sd->checks().size(), 1u);
  EXPECT_EQ(sd->checks()[0].mode, ChadMode::Reverse);
  EXPECT_TRUE(sd->cost_checks().empty());
  run_with_deep_stack([&] {
    EXPECT_FALSE(sd->outside_fragment(Case(GeneratedCase{kSquare, "3"}).program()).has_value());
    EXPECT_TRUE(sd->outside_fragment(Case(GeneratedCase{kReturnsAFunction, "3"}).program()).has_value());
  });
}

TEST(ImplementationUnderTest, OnlyInterpretedCHADJudgesFunctionOutputs) {
  run_with_deep_stack([&] {
    const Case higher_order(GeneratedCase{kReturnsAFunction, "0.5"});
    for (Implementation i : {Implementation::ChadCompiled, Implementation::StringDiagram}) {
      const CampaignOptions o = options_for(i);
      EXPECT_TRUE(implementation_under_test(o)->outside_fragment(higher_order.program()).has_value())
          << implementation_name(i);
    }
    const CampaignOptions chad = options_for(Implementation::Chad);
    EXPECT_FALSE(implementation_under_test(chad)->outside_fragment(higher_order.program()).has_value());
  });
}

TEST(ImplementationUnderTest, TheCompiledPathChecksEveryModeAndSumsStrategy) {
  const CampaignOptions o = options_for(Implementation::ChadCompiled);
  const auto compiled = implementation_under_test(o);
  EXPECT_EQ(compiled->checks().size(), o.modes.size() * o.sums.size());
  EXPECT_TRUE(compiled->cost_checks().empty());
}

TEST(ImplementationUnderTest, OnlyInterpretedCHADAnswersVerifysCaseInIntervals) {
  // enclose_at: CHAD's Jacobian of x * x at 3, in intervals, against the certified reference
  // (2x = 6) and the program's own output (9); an implementation computing in double has none.
  run_with_deep_stack([&] {
    Case k(GeneratedCase{kSquare, "3"});
    const JacobianResult certified = jacobian_by_interval(k.program(), k.input());
    const std::vector<Enclosure> output = {{9.0, 9.0}};
    const CheckPlan plan{ChadMode::Reverse, SumsStrategy::Biproduct};
    for (Implementation i : {Implementation::ChadCompiled, Implementation::StringDiagram}) {
      const CampaignOptions o = options_for(i);
      EXPECT_FALSE(implementation_under_test(o)->enclose_at(k.program(), k.input(), plan, certified, output))
          << implementation_name(i);
    }
    const CampaignOptions o = options_for(Implementation::Chad);
    const auto chad = implementation_under_test(o);
    const std::optional<VerifyCase> c = chad->enclose_at(k.program(), k.input(), plan, certified, output);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->verdict, Verdict::Pass) << c->detail;
    ASSERT_EQ(c->enclosure.size(), 1u);
    EXPECT_LE(c->enclosure[0][0].lo, 6.0);
    EXPECT_GE(c->enclosure[0][0].hi, 6.0);
    EXPECT_EQ(c->gap, 0.0);
    // Against a reference that says 7, the gap is 1 and the case fails at entry [0][0].
    JacobianResult wrong = certified;
    wrong.enclosure[0][0] = {7.0, 7.0};
    const std::optional<VerifyCase> failed = chad->enclose_at(k.program(), k.input(), plan, wrong, output);
    ASSERT_TRUE(failed.has_value());
    EXPECT_EQ(failed->verdict, Verdict::Fail);
    EXPECT_NEAR(failed->gap, 1.0, 1e-9);
    ASSERT_TRUE(failed->first_discrepancy.has_value());
    // And a primal output that differs from the program's fails too.
    const std::vector<Enclosure> other_output = {{10.0, 10.0}};
    EXPECT_EQ(chad->enclose_at(k.program(), k.input(), plan, certified, other_output)->verdict, Verdict::Fail);
  });
}

TEST(ImplementationRegistry, NamesEachImplementationOnceAndBack) {
  for (Implementation i : {Implementation::Chad, Implementation::ChadCompiled, Implementation::StringDiagram,
                           Implementation::Adapter}) {
    const std::string name = implementation_name(i);
    EXPECT_EQ(implementation_named(name), i) << name;
    EXPECT_NE(implementation_names().find(name), std::string::npos) << name;
  }
  EXPECT_EQ(implementation_name(Implementation::StringDiagram), std::string("sd-rev"));  // the log's word
  EXPECT_FALSE(implementation_named("CHAD").has_value());  // the detail's name is not the option's
  EXPECT_FALSE(implementation_named("").has_value());
}

TEST(Case, ComputesItsReferenceOnceAndKeepsIt) {
  run_with_deep_stack([&] {
    Case k(GeneratedCase{kSquare, "3"});
    EXPECT_FALSE(k.certified().has_value());
    const JacobianResult& first = k.reference();
    EXPECT_EQ(&first, &k.reference());
    ASSERT_EQ(first.jacobian.size(), 1u);
    EXPECT_EQ(first.jacobian[0][0], 6.0);  // d(x*x)/dx at 3
  });
}

TEST(Case, ABadProgramOrInputIsASourceError) {
  run_with_deep_stack([&] {
    EXPECT_THROW(Case(GeneratedCase{"def main (x : real) : real = x *;", "3"}), SourceError);
    EXPECT_THROW(Case(GeneratedCase{kSquare, "(1, 2)"}), SourceError);
  });
}

TEST(Case, CheckingACaseKeepsWhatItsChecksComputed) {
  // With fd cross-checking every program, the certified reference is made once, for the case,
  // and stays there for whoever gets the case next; the verdicts are those of the text's check.
  CampaignOptions o;
  o.cross_check_fd_rate = 1;
  run_with_deep_stack([&] {
    Case k(GeneratedCase{kSquare, "3"});
    const ProgramOutcome by_case = check_case(o, k);
    const ProgramOutcome by_text = check_case(o, GeneratedCase{kSquare, "3"});
    EXPECT_EQ(by_case.verdict, Verdict::Pass);
    EXPECT_EQ(by_case.verdict, by_text.verdict);
    EXPECT_EQ(by_case.checks.size(), by_text.checks.size());
    EXPECT_EQ(by_case.cross_check, CrossCheck::Agreed);
    ASSERT_TRUE(k.certified().has_value());
    const Enclosure e = k.certified()->enclosure[0][0];
    EXPECT_LE(e.lo, 6.0);
    EXPECT_GE(e.hi, 6.0);
  });
}

}  // namespace
}  // namespace chad

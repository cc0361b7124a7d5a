// `--implementation chad-reverse-only` (oracle/chad_reverse_only_under_test.cpp), the
// implementation under test added by one file and one line of registration: it is registered by
// its name, makes one reverse check per sums strategy whatever the modes asked, and judges like
// CHAD in that mode: a fault in CHAD's forward multiplication rule goes unseen by it (and is seen
// by `chad`), one in the reverse rule is a fail.
#include <gtest/gtest.h>

#include "mutants/mutants.hpp"
#include "oracle/campaign.hpp"
#include "oracle/implementation_registry.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

const GeneratedCase kSquare{"def main (x : real) : real = x * x;", "1.5"};

CampaignOptions options_for(const std::string& name) {
  CampaignOptions o;
  o.implementation = implementation_named(name).value();
  return o;
}

TEST(ChadReverseOnly, IsRegisteredByItsName) {
  ASSERT_TRUE(implementation_named("chad-reverse-only").has_value());
  EXPECT_EQ(implementation_name(*implementation_named("chad-reverse-only")), "chad-reverse-only");
  EXPECT_NE(implementation_names().find("chad-reverse-only"), std::string::npos);
}

TEST(ChadReverseOnly, MakesOneReverseCheckPerSumsStrategyWhateverTheModes) {
  CampaignOptions o = options_for("chad-reverse-only");
  o.modes = {ChadMode::Forward};
  o.sums = {SumsStrategy::Biproduct, SumsStrategy::ZeroFunctions};
  const auto tested = implementation_under_test(o);
  EXPECT_EQ(tested->name(), "CHAD");
  ASSERT_EQ(tested->checks().size(), 2u);
  for (const CheckPlan& plan : tested->checks()) EXPECT_EQ(plan.mode, ChadMode::Reverse);
  EXPECT_EQ(tested->checks()[1].sums, SumsStrategy::ZeroFunctions);
  EXPECT_EQ(tested->cost_checks().size(), 2u);
  EXPECT_TRUE(tested->blamed_by_chad_rules());  // its reports blame CHAD's rules, as chad's do
}

TEST(ChadReverseOnly, JudgesOnlyCHADsReverseMode) {
  run_with_deep_stack([&] {
    CampaignOptions o = options_for("chad-reverse-only");
    const ProgramOutcome clean = check_case(o, kSquare);
    EXPECT_EQ(clean.verdict, Verdict::Pass);
    ASSERT_EQ(clean.checks.size(), o.sums.size());
    for (const CheckOutcome& c : clean.checks) {
      EXPECT_EQ(c.mode, ChadMode::Reverse);
      EXPECT_EQ(implementation_name(c.implementation), "chad-reverse-only");  // the log's word
    }

    o.rules = &find_mutant("fwd-mul-drops-term")->rules;
    EXPECT_EQ(check_case(o, kSquare).verdict, Verdict::Pass);  // a forward fault: not its mode
    CampaignOptions chad = options_for("chad");
    chad.rules = o.rules;
    EXPECT_EQ(check_case(chad, kSquare).verdict, Verdict::Fail);  // (the fault is there)

    o.rules = &find_mutant("rev-mul-drops-term")->rules;
    EXPECT_EQ(check_case(o, kSquare).verdict, Verdict::Fail);
  });
}

}  // namespace
}  // namespace chad

// --cross-check fd:RATE (judge/fd_cross_check.hpp): the sample is deterministic and about
// RATE of the programs; fd agreeing with the certified reference passes; a reference that is
// wrong (a hand-made enclosure away from the true derivative) is a disagreement; fd's
// "cannot certify" is not.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "oracle/campaign.hpp"
#include "judge/fd_cross_check.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

TEST(FdCrossCheck, SampleIsDeterministicAndNearTheRate) {
  std::size_t sampled = 0;
  const std::size_t n = 4000;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string text = "def main (x : real) : real = x * " + std::to_string(i) + ";";
    const bool in = cross_check_sampled(text, 0.1);
    EXPECT_EQ(in, cross_check_sampled(text, 0.1));  // the same program, the same decision
    sampled += in;
    EXPECT_FALSE(cross_check_sampled(text, 0));
    EXPECT_TRUE(cross_check_sampled(text, 1));
  }
  // Binomial(4000, 0.1): mean 400, standard deviation 19; 5 deviations either side.
  EXPECT_GT(sampled, 305u);
  EXPECT_LT(sampled, 495u);
}

CrossCheckOutcome cross_check(const std::string& source, const std::string& at, double lo, double hi) {
  CrossCheckOutcome out;
  run_with_deep_stack([&] {
    CheckedProgram program = testing::load_source(source);
    NormalForm<double> input = read_input_point(program, at);
    JacobianResult certified = jacobian_by_interval(program, input);
    certified.enclosure[0][0] = {lo, hi};  // what a (possibly wrong) reference says
    out = cross_check_with_fd(program, input, certified);
  });
  return out;
}

TEST(FdCrossCheck, AgreesWithATrueEnclosureAndCatchesAWrongOne) {
  // d/dx sigmoid(x) at 0 is 1/4 (sigmoid' = e^-x / (1 + e^-x)^2 = 1/4 at 0).
  const std::string program = "def main (x : real) : real = sigmoid(x);";
  EXPECT_EQ(cross_check(program, "0", 0.25, 0.25).result, CrossCheck::Agreed);
  CrossCheckOutcome wrong = cross_check(program, "0", 0.3, 0.3);
  EXPECT_EQ(wrong.result, CrossCheck::Disagreed);
  EXPECT_NE(wrong.detail.find("cross-check"), std::string::npos) << wrong.detail;
  // 1e100 + x: fd cannot certify, whatever the reference says; that is not a disagreement.
  CrossCheckOutcome lost = cross_check("def main (x : real) : real = 1e100 + x;", "0", 7, 7);
  EXPECT_EQ(lost.result, CrossCheck::CannotCertify);
}

TEST(FdCrossCheck, CampaignCountsAndReplaysTheSample) {
  CampaignOptions options;
  options.count = 40;
  options.cross_check_fd_rate = 1;
  CampaignSummary all;
  run_with_deep_stack([&] { all = run_campaign(options, nullptr); });
  EXPECT_GT(all.cross_check.checked, 0u);
  EXPECT_EQ(all.cross_check.disagreements, 0u);
  EXPECT_EQ(all.verdicts["fail"], 0u);
  options.cross_check_fd_rate = 0;
  CampaignSummary none;
  run_with_deep_stack([&] { none = run_campaign(options, nullptr); });
  EXPECT_EQ(none.cross_check.checked, 0u);
  // A replay of one program decides the same.
  options.cross_check_fd_rate = 0.5;
  for (std::size_t i = 0; i < 10; ++i) {
    ProgramOutcome a, b;
    run_with_deep_stack([&] {
      a = check_program_at(options, i);
      b = check_program_at(options, i);
    });
    EXPECT_EQ(a.cross_check, b.cross_check);
  }
}

}  // namespace
}  // namespace chad

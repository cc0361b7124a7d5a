// The informative-check predicate (judge/informative.hpp) on hand-made Jacobians and on the
// campaign's checks of hand-written programs, with the expected derivatives derived by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "oracle/campaign.hpp"
#include "judge/informative.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

JacobianResult jacobian(std::vector<std::vector<double>> entries) {
  JacobianResult r;
  r.method = JacobianMethod::Dual;
  r.input_coords.assign(entries.empty() ? 1 : entries[0].size(), 0.5);
  r.output_coords.assign(entries.size(), 0.5);
  r.jacobian = std::move(entries);
  return r;
}

TEST(Informative, EntriesOtherThanZeroAndUnitAreInformative) {
  EXPECT_TRUE(informative_entry(0.5));
  EXPECT_TRUE(informative_entry(-2));
  EXPECT_TRUE(informative_entry(1e-300));
  for (double trivial : std::vector<double>{0.0, -0.0, 1.0, -1.0, double(INFINITY), std::nan("")}) EXPECT_FALSE(informative_entry(trivial)) << trivial;
}

TEST(Informative, JacobianNeedsOneNonTrivialEntry) {
  EXPECT_FALSE(informative_jacobian(jacobian({{0, 0}, {0, 0}})));    // all zero
  EXPECT_FALSE(informative_jacobian(jacobian({{1, 0}, {-1, 1}})));   // a signed permutation-like map
  EXPECT_TRUE(informative_jacobian(jacobian({{1, 0}, {0, 0.75}})));  // one entry 0.75
  JacobianResult empty_input = jacobian({{2}});
  empty_input.input_coords.clear();
  EXPECT_FALSE(informative_jacobian(empty_input));
  JacobianResult empty_output = jacobian({{2}});
  empty_output.output_coords.clear();
  EXPECT_FALSE(informative_jacobian(empty_output));
  JacobianResult nondifferentiable = jacobian({{2}});
  nondifferentiable.differentiable = false;
  EXPECT_FALSE(informative_jacobian(nondifferentiable));
}

TEST(Informative, RelationNeedsAnInputAndOneNonTrivialDerivative) {
  RelationInformativeness trivial(2);
  for (double d : {0.0, 1.0, -1.0}) trivial.observe(d);
  EXPECT_FALSE(trivial.informative());
  RelationInformativeness found(2);
  found.observe(1);
  found.observe(-0.5);
  EXPECT_TRUE(found.informative());
  RelationInformativeness no_input(0);
  no_input.observe(3);
  EXPECT_FALSE(no_input.informative());
}

bool all_informative(const std::string& program, const std::string& input, bool expected) {
  ProgramOutcome o;
  run_with_deep_stack([&] { o = check_case(CampaignOptions{}, GeneratedCase{program, input}); });
  EXPECT_EQ(o.verdict, Verdict::Pass) << o.detail;
  EXPECT_FALSE(o.checks.empty());
  for (const CheckOutcome& c : o.checks) EXPECT_EQ(c.informative, expected) << program;
  return true;
}

TEST(Informative, CampaignChecksOfHandWrittenPrograms) {
  // d sin(x)/dx = cos(0.5) ~ 0.8776: informative.
  all_informative("def main (x : real) : real = sin(x);", "0.5", true);
  // d fst(x)/dx = [1, 0]: only 0 and 1.
  all_informative("def main (x : real * real) : real = fst x;", "(0.5, 2)", false);
  // d (x + y)/d(x, y) = [1, 1]; d 3/dx = 0 (a constant output): neither is informative.
  all_informative("def main (x : real * real) : real = fst x + snd x;", "(0.5, 2)", false);
  all_informative("def main (x : real) : real = 3;", "0.5", false);
  // An empty input: no coordinate to differentiate by.
  all_informative("def main (x : unit) : real = 2.5;", "()", false);
  // Stream outputs, judged by the relation along the curve x = 0.5 + r (relation_direction
  // of one coordinate is [1]): every element of unfold x with s -> (s, s) is x, derivative 1
  // (trivial); every element of unfold x with s -> (2.5 * s, s) is 2.5 x, derivative 2.5.
  all_informative("def main (x : real) : nu s. real * s = unfold x with s -> (s, s);", "0.5", false);
  all_informative("def main (x : real) : nu s. real * s = unfold x with s -> (2.5 * s, s);", "0.5", true);
}

}  // namespace
}  // namespace chad

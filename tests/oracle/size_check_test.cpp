// The size check (oracle/size_check.hpp): inputs grown past 65,536 nodes with each node's reals
// its own (cost/input_growth.hpp, GrowthContents::Varied), CHAD judged there on one directional
// derivative per mode; the planted fault of a tape index kept in 16 bits (mutant
// tape-index-wraps-16) is invisible below 65,536 nodes and caught above; a program with nothing
// to grow gets no size check, and --size-share 0 none at all.
#include <gtest/gtest.h>

#include <set>

#include "cost/input_growth.hpp"
#include "judge/case.hpp"
#include "mutants/mutants.hpp"
#include "oracle/campaign.hpp"
#include "oracle/size_check.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "../support/example_programs.hpp"

namespace chad {
namespace {

// sum of x sin x over a non-empty list: every entry's derivative sin x + x cos x is its own.
const GeneratedCase kListProgram{
    "type NEList = mu l. < Last : real | Cons : real * l >;\n"
    "def main (xs : NEList) : real =\n"
    "  fold xs with node -> case node of { Last a -> a * sin a | Cons p -> fst p * sin (fst p) + snd p };\n",
    "roll Cons (1.5, roll Cons (-0.75, roll Cons (0, roll Last 1.25)))"};

CampaignOptions size_options(std::size_t nodes, const char* mutant = nullptr) {
  CampaignOptions o;
  o.size_share = 1;
  o.size_nodes = nodes;
  o.measure_coverage = false;
  if (mutant) use_mutant(o, *find_mutant(mutant));
  return o;
}

std::vector<CheckOutcome> size_checks_of(const ProgramOutcome& out, std::size_t nodes) {
  std::vector<CheckOutcome> checks;
  for (const CheckOutcome& c : out.checks)
    if (c.mode_name.ends_with(size_check_suffix(nodes))) checks.push_back(c);
  return checks;
}

TEST(SizeCheck, VariedGrowthGivesEveryNodeItsOwnRealsKeepingZerosAndSigns) {
  const Case k(kListProgram);
  const NormalForm<double> grown = [&] {
    NormalForm<double> g;
    run_with_deep_stack([&] { g = grow_input(k.program().input_type, k.input(), 1000, GrowthContents::Varied); });
    return g;
  }();
  ASSERT_EQ(grown.coords.size(), 1000u);
  std::set<double> seen;
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < grown.coords.size(); ++i) {
    // The nodes are the input's, cycled: the three Cons nodes' reals, then the Last node's.
    const double original = i + 1 < grown.coords.size() ? k.input().coords[i % 3] : k.input().coords[3];
    const double x = grown.coords[i];
    if (original == 0) {
      EXPECT_EQ(x, 0) << i;
      ++zeros;
      continue;
    }
    EXPECT_EQ(x > 0, original > 0) << i;
    EXPECT_GE(std::fabs(x), std::fabs(original) * 15 / 16) << i;
    EXPECT_LE(std::fabs(x), std::fabs(original) * 17 / 16) << i;
    EXPECT_TRUE(seen.insert(x).second) << "entry " << i << " repeats " << x;
  }
  EXPECT_EQ(zeros, 333u);
}

const SumsStrategy kEverySums[] = {SumsStrategy::Biproduct, SumsStrategy::Lifted, SumsStrategy::ZeroFunctions};

// Right CHAD passes at 70,000 nodes in both modes and every sums strategy, informatively; one size
// check per mode.
TEST(SizeCheck, ChadPassesPastSixtyFiveThousandNodes) {
  for (SumsStrategy sums : kEverySums) {
    CampaignOptions o = size_options(70'000);
    o.sums = {sums};
    const ProgramOutcome out = check_case(o, kListProgram);
    const std::vector<CheckOutcome> checks = size_checks_of(out, 70'000);
    ASSERT_EQ(checks.size(), 2u) << out.detail;
    EXPECT_EQ(checks[0].mode, ChadMode::Forward);
    EXPECT_EQ(checks[1].mode, ChadMode::Reverse);
    for (const CheckOutcome& c : checks) {
      EXPECT_EQ(c.sums, sums);
      EXPECT_EQ(c.verdict, Verdict::Pass) << check_mode_name(c) << ": " << c.detail;
      EXPECT_TRUE(c.informative) << check_mode_name(c);
    }
    EXPECT_EQ(out.verdict, Verdict::Pass);
  }
}

// The wrapped tape index reads the wrong records only past 65,536 nodes: at 60,000 every check
// passes, at 70,000 the reverse size check fails (its fold is by tape) and the forward one passes.
TEST(SizeCheck, CatchesATapeIndexThatWrapsOnlyPastSixtyFiveThousandNodes) {
  for (SumsStrategy sums : kEverySums) {
    CampaignOptions below_options = size_options(60'000, "tape-index-wraps-16");
    below_options.sums = {sums};
    const ProgramOutcome below = check_case(below_options, kListProgram);
    ASSERT_EQ(size_checks_of(below, 60'000).size(), 2u);
    EXPECT_EQ(below.verdict, Verdict::Pass) << below.detail;
    CampaignOptions above_options = size_options(70'000, "tape-index-wraps-16");
    above_options.sums = {sums};
    const ProgramOutcome above = check_case(above_options, kListProgram);
    const std::vector<CheckOutcome> checks = size_checks_of(above, 70'000);
    ASSERT_EQ(checks.size(), 2u);
    EXPECT_EQ(checks[0].verdict, Verdict::Pass) << checks[0].detail;
    EXPECT_TRUE(checks[1].verdict == Verdict::Fail || checks[1].verdict == Verdict::Fault)
        << verdict_name(checks[1].verdict) << ": " << checks[1].detail;
    EXPECT_NE(checks[1].detail.find("the size check"), std::string::npos) << checks[1].detail;
    EXPECT_TRUE(is_failure(above.verdict));
    // The program's own checks, at its own 4 nodes, all pass: only the size check sees the fault.
    for (const CheckOutcome& c : above.checks) {
      if (c.mode_name.empty()) {
        EXPECT_EQ(c.verdict, Verdict::Pass) << check_mode_name(c);
      }
    }
  }
}

// Over many programs each mode's size check draws every sums strategy.
TEST(SizeCheck, PlansDrawEverySumsStrategy) {
  CampaignOptions o;
  std::vector<CheckPlan> plans;
  for (ChadMode m : o.modes)
    for (SumsStrategy s : o.sums) plans.push_back({m, s});
  std::set<std::pair<int, int>> drawn;
  for (int i = 0; i < 200; ++i)
    for (const CheckPlan& p : size_check_plans(plans, "def main (x : real) : real = x * " + std::to_string(i) + ";"))
      drawn.insert({int(p.mode), int(p.sums)});
  EXPECT_EQ(drawn.size(), 6u);
}

// A binary tree of 100,000 nodes (the default size): balanced, depth 17; the fault is caught there too.
TEST(SizeCheck, CatchesTheWrapOnATreeAtTheDefaultSize) {
  GeneratedCase tree{testing::read_text_file(testing::example_path("tree.chad")),
                     "roll Node (roll Leaf 0.75, (1.125, roll Node (roll Leaf (-0.5), (0.875, roll Leaf 1.25))))"};
  CampaignOptions o = size_options(CampaignOptions{}.size_nodes, "tape-index-wraps-16");
  o.modes = {ChadMode::Reverse};
  o.sums = {SumsStrategy::Biproduct};
  const ProgramOutcome out = check_case(o, tree);
  const std::vector<CheckOutcome> checks = size_checks_of(out, 100'000);
  ASSERT_EQ(checks.size(), 1u) << out.detail;
  EXPECT_TRUE(is_failure(checks[0].verdict)) << checks[0].detail;
}

// The stream of powers of sin x, observed 100,000 unrolls deep (each power scaled back so none
// overflows): right CHAD passes in both modes; a forward unfold whose tangents stop past 65,536
// nodes (mutant fwd-unfold-wraps-16) fails the forward size check, and passes at 60,000.
const GeneratedCase kStreamProgram{
    "type Stream = nu s. real * s;\n"
    "def main (x : real) : Stream = unfold (sin x) with y -> (y, y * 0.5 + sin x * 0.25);\n",
    "0.75"};

TEST(SizeCheck, ObservesAStreamOutputDeepAndCatchesATangentLostPastSixtyFiveThousandNodes) {
  const ProgramOutcome right = check_case(size_options(70'000), kStreamProgram);
  const std::vector<CheckOutcome> checks = size_checks_of(right, 70'000);
  ASSERT_EQ(checks.size(), 2u) << right.detail;
  for (const CheckOutcome& c : checks) EXPECT_EQ(c.verdict, Verdict::Pass) << check_mode_name(c) << ": " << c.detail;
  EXPECT_EQ(right.verdict, Verdict::Pass);
  const ProgramOutcome below = check_case(size_options(60'000, "fwd-unfold-wraps-16"), kStreamProgram);
  EXPECT_EQ(below.verdict, Verdict::Pass) << below.detail;
  const ProgramOutcome above = check_case(size_options(70'000, "fwd-unfold-wraps-16"), kStreamProgram);
  const std::vector<CheckOutcome> faulty = size_checks_of(above, 70'000);
  ASSERT_EQ(faulty.size(), 2u);
  EXPECT_EQ(faulty[0].mode, ChadMode::Forward);
  EXPECT_EQ(faulty[0].verdict, Verdict::Fail) << faulty[0].detail;
  EXPECT_NE(faulty[0].detail.find("70000 unrolls deep (the size check)"), std::string::npos) << faulty[0].detail;
  EXPECT_EQ(faulty[1].verdict, Verdict::Pass) << faulty[1].detail;  // (reverse: no forward unfold)
  for (const CheckOutcome& c : above.checks) {
    if (c.mode_name.empty()) {
      EXPECT_EQ(c.verdict, Verdict::Pass) << check_mode_name(c);
    }
  }
}

// Nothing to grow (no list or tree in the input): no size check. --size-share 0: none at all.
TEST(SizeCheck, NoSizeCheckWithoutAListOrTreeOrAtShareZero) {
  const GeneratedCase scalar{"def main (x : real) : real = x * sin x;", "0.75"};
  EXPECT_TRUE(size_checks_of(check_case(size_options(70'000), scalar), 70'000).empty());
  CampaignOptions none = size_options(70'000);
  none.size_share = 0;
  EXPECT_TRUE(size_checks_of(check_case(none, kListProgram), 70'000).empty());
}

}  // namespace
}  // namespace chad

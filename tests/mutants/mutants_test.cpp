// The mutant catalogue's power: at the default seed every rule mutant is killed within 2,000
// programs, its counterexample shrinks to a small program, and blame names the mutated rule;
// the catalogue covers both modes and every source former; the unmodified CHAD passes the
// programs that kill them; names are unique; the kill totals' statistics. (The mutants outside
// the rule table are each killed by a hand-written program: fault_mutants_test.cpp; today's
// generator does not reach all of them, see mutants/fault_mutants.cpp.)
#include <gtest/gtest.h>

#include <set>

#include "mutants/kill_matrix.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

TEST(Mutants, TheCatalogueCoversBothModesAndEveryFormer) {
  std::set<std::pair<ChadMode, TermKind>> rules;
  std::set<PrimOp> primitives;
  for (const Mutant& m : mutant_catalogue()) {
    rules.insert({m.mode, m.kind});
    if (m.op) primitives.insert(*m.op);
    EXPECT_FALSE(m.description.empty()) << m.name;
    EXPECT_EQ(find_mutant(m.name), &m);
  }
  EXPECT_GE(mutant_catalogue().size(), 24u);
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    for (TermKind k : {TermKind::Let, TermKind::Pair, TermKind::Lambda, TermKind::App, TermKind::Inject,
                       TermKind::Case, TermKind::Roll, TermKind::Fold, TermKind::Unroll, TermKind::Unfold,
                       TermKind::Prim})
      EXPECT_TRUE(rules.count({mode, k})) << chad_mode_name(mode) << " " << former_name(k);
    EXPECT_TRUE(rules.count({mode, TermKind::Fst}) || rules.count({mode, TermKind::Snd})) << chad_mode_name(mode);
  }
  EXPECT_GE(primitives.size(), 3u);
}

TEST(Mutants, EveryMutantIsKilledShrunkAndBlamedAtTheDefaultSeed) {
  CampaignOptions base;  // seed 1, every mode and sums strategy
  base.count = 2000;
  std::vector<MutantKill> kills;
  run_with_deep_stack([&] {
    for (const Mutant& m : mutant_catalogue())
      if (m.is_rule_mutant()) kills.push_back(kill_mutant(m, base));
  });
  for (const MutantKill& k : kills) {
    EXPECT_TRUE(k.killed) << k.name;
    EXPECT_LE(k.counterexample_size, 20u) << k.name << "\n" << k.counterexample.program;
    // The shrunk program still fails: `fail`, or `fault` where the mutant breaks CHAD's output
    // (rev-inject-lifted-wrong-component raises the lifted-sum inconsistency).
    EXPECT_TRUE(k.outcome.verdict == Verdict::Fail || k.outcome.verdict == Verdict::Fault) << k.name;
    if (k.name == "rev-inject-lifted-wrong-component") {
      EXPECT_EQ(k.outcome.verdict, Verdict::Fault);
    }
  }
  const KillTotals t = kill_totals(kills);
  EXPECT_LE(t.median_counterexample_size, 12.0);
  EXPECT_GE(double(t.blame_correct), 0.9 * double(t.killed));
  // The unmodified CHAD passes every program up to the last one a kill needed.
  CampaignOptions clean = base;
  run_with_deep_stack([&] {
    for (std::size_t i = 0; i < t.max_programs; ++i) {
      const Verdict v = check_program_at(clean, i).verdict;
      EXPECT_TRUE(v != Verdict::Fail && v != Verdict::Fault) << "program " << i;
    }
  });
}

TEST(Mutants, NamesAreUnique) {
  std::set<std::string> names;
  for (const Mutant& m : mutant_catalogue()) EXPECT_TRUE(names.insert(m.name).second) << m.name;
  EXPECT_GE(names.size(), 45u);  // 35 rule mutants and at least 10 others
}

MutantKill kill_after(std::size_t programs, bool killed = true) {
  MutantKill k;
  k.killed = killed;
  k.programs = programs;
  return k;
}

TEST(Mutants, TotalsGiveTheMedianAndWorstProgramsToKill) {
  // Killed after 7, 300, 20, 301 programs: sorted 7, 20, 300, 301, median (20 + 300) / 2 = 160,
  // worst 301; 3 within 300 (7, 20 and 300 itself).
  KillTotals t = kill_totals({kill_after(7), kill_after(300), kill_after(20), kill_after(301)});
  ASSERT_TRUE(t.median_programs);
  EXPECT_EQ(*t.median_programs, 160.0);
  ASSERT_TRUE(t.worst_programs);
  EXPECT_EQ(*t.worst_programs, 301u);
  EXPECT_EQ(t.killed_within_target, 3u);
  // Odd count: 5, 9, 2 -> 2, 5, 9: median 5, worst 9.
  t = kill_totals({kill_after(5), kill_after(9), kill_after(2)});
  EXPECT_EQ(*t.median_programs, 5.0);
  EXPECT_EQ(*t.worst_programs, 9u);
  // An unkilled mutant counts as infinitely many: 4, 6, inf -> median 6, worst none;
  // 4, inf -> the median falls on the unkilled one: none.
  t = kill_totals({kill_after(4), kill_after(2000, false), kill_after(6)});
  EXPECT_EQ(*t.median_programs, 6.0);
  EXPECT_FALSE(t.worst_programs);
  EXPECT_EQ(t.max_programs, 6u);  // the most programs a kill needed
  t = kill_totals({kill_after(4), kill_after(2000, false)});
  EXPECT_FALSE(t.median_programs);
  EXPECT_FALSE(t.worst_programs);
  EXPECT_NE(describe_programs_to_kill(t, 2000).find("worst not killed within 2000"), std::string::npos);
  // No mutants: no median.
  EXPECT_FALSE(kill_totals({}).median_programs);
}

TEST(Mutants, AnUnkilledMutantIsReported) {
  // Two programs are not enough for the subtle copower mutant: the kill matrix says so.
  CampaignOptions base;
  base.count = 2;
  MutantKill k;
  run_with_deep_stack([&] { k = kill_mutant(*find_mutant("rev-fun-ignores-copower-primals"), base); });
  EXPECT_FALSE(k.killed);
  EXPECT_EQ(k.programs, 2u);
  EXPECT_EQ(kill_totals({k}).killed, 0u);
}

}  // namespace
}  // namespace chad

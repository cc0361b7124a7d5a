// Issue #30's default distribution, the per-program mix (`--features mix` names it): each program
// draws on its own whether it has the second set, inputs at the edges and the shapes
// (GeneratorFeatures::mix); `describe` names the mix and reads back; a list recorded before the
// mix reads back as the first default; the new primitives each appear in at least 3% of the
// programs of the mix.
#include <gtest/gtest.h>

#include <map>

#include "generators/program_generator.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

GeneratedCase generate(std::uint64_t seed, const GeneratorFeatures& f, int size = 20) {
  ChoiceSource choices(seed);
  return generate_case(choices, f, size);
}

// The first default's list, as describe() wrote it in every campaign.json before the mix.
constexpr const char* kRecordedBeforeTheMix = "functions,sums,inductive,coinductive,arrays,-comparisons,partial,higher-order";

// The default is the mix: its list names the three shares after the first default's eight, and each
// program spends its first three choices drawing them (one per feature).
TEST(DefaultMix, TheDefaultIsTheMix) {
  const GeneratorFeatures plain;
  EXPECT_TRUE(plain.mix == GeneratorFeatures::proposed_mix());
  EXPECT_TRUE((plain.mix == GeneratorFeatures::Mix{60, 15, 40}));
  EXPECT_FALSE(plain.second_set || plain.edges || plain.shapes);  // drawn per program, not forced
  EXPECT_EQ(plain.describe(), std::string(kRecordedBeforeTheMix) + ",second-set~60%,edges~15%,shapes~40%");
  EXPECT_EQ(GeneratorFeatures::parse("").describe(), plain.describe());
  ChoiceSource choices(3);
  features_of_one_program(choices, plain);
  EXPECT_EQ(choices.recording().size(), 3u);
  // A partial list (not all eight first features named) keeps the default's mix.
  EXPECT_TRUE(GeneratorFeatures::parse("-arrays,+comparisons").mix == plain.mix);
}

TEST(DefaultMix, DescribeNamesTheMixAndReadsBack) {
  const GeneratorFeatures plain = GeneratorFeatures::parse("mix");
  EXPECT_EQ(plain.describe(), std::string(kRecordedBeforeTheMix) + ",second-set~60%,edges~15%,shapes~40%");
  const GeneratorFeatures again = GeneratorFeatures::parse(plain.describe());
  EXPECT_EQ(again.describe(), plain.describe());
  EXPECT_TRUE(again.mix == plain.mix);
  // A percent of one's own, and + or - forcing one for every program.
  const GeneratorFeatures mine = GeneratorFeatures::parse("-arrays,second-set~25%,-edges,+shapes");
  EXPECT_EQ(mine.mix.second_set, 25);
  EXPECT_FALSE(mine.arrays);
  EXPECT_EQ(mine.mix.edges, 0);
  EXPECT_FALSE(mine.edges);
  EXPECT_EQ(mine.mix.shapes, 0);
  EXPECT_TRUE(mine.shapes);
  EXPECT_EQ(GeneratorFeatures::parse(mine.describe()).describe(), mine.describe());
  // A list that does not name all eight first features keeps the mix of what it does not name.
  EXPECT_TRUE(GeneratorFeatures::parse("mix,-arrays").mix == plain.mix);
  EXPECT_EQ(GeneratorFeatures::parse("mix,-edges").mix.edges, 0);
  for (const char* bad : {"edges~0%", "edges~100%", "edges~x%", "edges~15", "sums~50%"})
    EXPECT_THROW(GeneratorFeatures::parse(bad), std::invalid_argument) << bad;
}

// A campaign.json written before the mix reads back as what it drew: the three features off, the
// programs those of -second-set,-edges,-shapes (no choice spent on the mix), and a feature it
// named on stays on.
TEST(DefaultMix, AListRecordedBeforeTheMixReadsBackAsTheFirstDefault) {
  const GeneratorFeatures recorded = GeneratorFeatures::parse(kRecordedBeforeTheMix);
  EXPECT_TRUE(recorded.mix == GeneratorFeatures::Mix{});
  EXPECT_FALSE(recorded.second_set || recorded.edges || recorded.shapes);
  EXPECT_EQ(recorded.describe(), kRecordedBeforeTheMix);
  const GeneratorFeatures with_second = GeneratorFeatures::parse(std::string(kRecordedBeforeTheMix) + ",second-set");
  EXPECT_TRUE(with_second.second_set);
  EXPECT_TRUE(with_second.mix == GeneratorFeatures::Mix{});
  const GeneratorFeatures off = GeneratorFeatures::parse("-second-set,-edges,-shapes");
  run_with_deep_stack([&] {
    int differ_from_mix = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
      EXPECT_EQ(generate(seed, recorded).program, generate(seed, off).program);
      differ_from_mix += generate(seed, recorded).program != generate(seed, GeneratorFeatures::parse("mix")).program;
    }
    EXPECT_GT(differ_from_mix, 50);
  });
}

// Each program draws the mix as its first choices: about the stated share of programs has each;
// choice 0 is off, so a zeroed recording (the end of every shrink) draws none of them.
TEST(DefaultMix, EachProgramDrawsItsOwnFeatures) {
  const GeneratorFeatures plain = GeneratorFeatures::parse("mix");
  int second = 0, edges = 0, shapes = 0, none = 0;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    ChoiceSource choices(seed);
    const GeneratorFeatures one = features_of_one_program(choices, plain);
    EXPECT_TRUE(one.mix == GeneratorFeatures::Mix{});
    EXPECT_EQ(one.edges, one.edges_only);  // a mixed-in program's input is at the edges
    second += one.second_set, edges += one.edges, shapes += one.shapes;
    none += !one.second_set && !one.edges && !one.shapes;
  }
  // Binomial over 2000 programs: each bound is more than 4 standard deviations from the share.
  EXPECT_NEAR(second, 1200, 100);
  EXPECT_NEAR(edges, 300, 70);
  EXPECT_NEAR(shapes, 800, 100);
  EXPECT_NEAR(none, 2000 * 0.4 * 0.85 * 0.6, 90);  // the first default's programs: about 20%
  ChoiceSource zeros(std::vector<std::uint32_t>{});
  const GeneratorFeatures simplest = features_of_one_program(zeros, plain);
  EXPECT_FALSE(simplest.second_set || simplest.edges || simplest.shapes);
  // Forced features are not drawn: every program has them, and no choice is spent.
  const GeneratorFeatures forced = GeneratorFeatures::parse("+second-set,-edges,+shapes");
  ChoiceSource choices(7);
  const GeneratorFeatures one = features_of_one_program(choices, forced);
  EXPECT_TRUE(one.second_set && one.shapes && !one.edges);
  EXPECT_TRUE(choices.recording().empty());
}

// Issue #30: each new primitive in at least 3% of the mix's programs (counted in the programs'
// text, 10,000 of them), every tenth checked: well typed, with an input that fits.
TEST(DefaultMix, EveryNewPrimitiveInAtLeastThreePercentOfPrograms) {
  const char* const calls[] = {"log1p(", "expm1(",  "atan(",      "erf(",     "abs(",  " ^ ",    "pow(",
                               "atan2(", "hypot(",  "max(",       "min(",     "mean(", "prod(",  "logsumexp(",
                               "softmax(", "norm(", "cumsum(",    "matmul(",  "transpose(", "outer("};
  std::map<std::string, int> drawn;
  const GeneratorFeatures mix = GeneratorFeatures::parse("mix");
  run_with_deep_stack([&] {
    for (std::uint64_t seed = 0; seed < 10000; ++seed) {
      const GeneratedCase g = generate(seed, mix);
      if (seed % 10 == 0) {
        SCOPED_TRACE(g.program + "-- at: " + g.input);
        const CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
        EXPECT_NO_THROW(check_term({}, parse_term(g.input, "<--at>"), p.input_type));
      }
      for (const char* call : calls) drawn[call] += g.program.find(call) != std::string::npos;
    }
  });
  for (const char* call : calls) EXPECT_GE(drawn[call], 300) << call << " in fewer than 3% of 10,000 programs";
}

}  // namespace
}  // namespace chad

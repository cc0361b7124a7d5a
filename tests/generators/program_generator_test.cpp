// The program generator: every generated program parses and type-checks and its input fits;
// generation is deterministic given the seed, and replaying the recorded choices gives the
// same program; all-zero choices give the simplest program; feature switches are obeyed.
#include <gtest/gtest.h>

#include <regex>

#include "generators/program_generator.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

GeneratedCase generate(std::uint64_t seed, const GeneratorFeatures& f = {}, int size = 20) {
  ChoiceSource choices(seed);
  return generate_case(choices, f, size);
}

TEST(ProgramGenerator, ProgramsAreWellTypedAndInputsFit) {
  run_with_deep_stack([] {
    for (std::uint64_t seed = 0; seed < 400; ++seed) {
      GeneratedCase g = generate(seed, GeneratorFeatures::parse("all"), 30);
      SCOPED_TRACE(g.program + "-- at: " + g.input);
      CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
      EXPECT_NO_THROW(check_term({}, parse_term(g.input, "<--at>"), p.input_type));
    }
  });
}

TEST(ProgramGenerator, DeterministicAndReplayable) {
  for (std::uint64_t seed : {1u, 2u, 99u}) {
    ChoiceSource first(seed);
    GeneratedCase a = generate_case(first, {}, 25);
    EXPECT_EQ(a.program, generate(seed, {}, 25).program);
    ChoiceSource replay(first.recording());
    GeneratedCase b = generate_case(replay, {}, 25);
    EXPECT_EQ(a.program, b.program);
    EXPECT_EQ(a.input, b.input);
  }
}

TEST(ProgramGenerator, ZeroChoicesGiveTheSimplestProgram) {
  // Every choice 0: the first input and output type (real), the first option at each step (a
  // leaf, the default literal 1), and the real 0 as input.
  ChoiceSource zeros(std::vector<std::uint32_t>{});
  GeneratedCase g = generate_case(zeros, {}, 20);
  EXPECT_EQ(g.program, "def main (x : real) : real =\n  1;\n");
  EXPECT_EQ(g.input, "0");
}

TEST(ProgramGenerator, InputsStayAwayFromTrivialPoints) {
  // Reals of an input are 0, +-1 only on the small-integer draw (128 of 4096, then 3 of its
  // 7 values) or on the 2^-8 grid (1024 of 4096, then 3 of its 1535 values): about 1.4%; the
  // old generator drew them in about a quarter of the reals. (The ordinary draws: without the
  // inputs at the edges, which draw 0 and +-1 on purpose, and without the second set's exact
  // zeros, one real in eight.)
  const GeneratorFeatures ordinary = GeneratorFeatures::parse("-edges,-second-set");
  std::size_t reals = 0, trivial = 0;
  const std::regex number("-?[0-9]+(\\.[0-9]+)?(e-?[0-9]+)?");
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    const std::string input = generate(seed, ordinary).input;
    for (auto it = std::sregex_iterator(input.begin(), input.end(), number); it != std::sregex_iterator(); ++it) {
      const double value = std::stod(it->str());
      ++reals;
      trivial += value == 0 || value == 1 || value == -1;
    }
  }
  ASSERT_GT(reals, 600u);
  EXPECT_LT(double(trivial), 0.1 * double(reals)) << trivial << " of " << reals;
}

TEST(ProgramGenerator, FeatureSwitchesAreObeyed) {
  GeneratorFeatures plain = GeneratorFeatures::parse("none");
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    std::string text = generate(seed, plain, 30).program;
    for (const char* absent : {"fun", "case", "roll", "fold", "unfold", "[", "mu ", "<"})
      EXPECT_EQ(text.find(absent), std::string::npos) << absent << " in\n" << text;
  }
  EXPECT_THROW(GeneratorFeatures::parse("recursion"), std::invalid_argument);
  EXPECT_EQ(GeneratorFeatures::parse("-arrays,+comparisons").describe(),
            "functions,sums,inductive,coinductive,-arrays,comparisons,partial,higher-order,"
            "second-set~60%,edges~15%,shapes~40%");  // a partial list keeps the default's mix
}

}  // namespace
}  // namespace chad

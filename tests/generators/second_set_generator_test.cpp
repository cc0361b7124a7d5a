// The generator feature `second-set`: off when asked (no program draws the second set's
// elementwise primitives), on it draws each of them in well-typed programs whose inputs fit;
// `describe` names it when forced on. Its share of the default per-program mix: default_mix_test.cpp.
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

const char* const kCalls[] = {"log1p(", "expm1(", "atan(", "erf(", "abs(", " ^ ", "pow(", "atan2(", "hypot(", "max(", "min("};

TEST(SecondSetGenerator, OffWhenAskedOnWhenAsked) {
  const GeneratorFeatures plain = GeneratorFeatures::parse("-second-set");
  GeneratorFeatures second = plain;
  second.force_second_set(true);
  // Forced on, it is named without a share where the default's mix named one; the others keep theirs.
  EXPECT_EQ(GeneratorFeatures::parse("+second-set").describe(),
            "functions,sums,inductive,coinductive,arrays,-comparisons,partial,higher-order,second-set,edges~15%,shapes~40%");
  EXPECT_TRUE(GeneratorFeatures::parse("+second-set").second_set);
  EXPECT_FALSE(GeneratorFeatures::parse("all").second_set);  // `all` names the default-set features
  std::map<std::string, int> drawn;
  run_with_deep_stack([&] {
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      const GeneratedCase off = generate(seed, plain);
      for (const char* call : kCalls) EXPECT_EQ(off.program.find(call), std::string::npos) << call << " in\n" << off.program;
      const GeneratedCase on = generate(seed, second);
      SCOPED_TRACE(on.program + "-- at: " + on.input);
      const CheckedProgram p = check_program(parse_program(on.program, "<generated>"));
      EXPECT_NO_THROW(check_term({}, parse_term(on.input, "<--at>"), p.input_type));
      for (const char* call : kCalls) drawn[call] += on.program.find(call) != std::string::npos;
    }
  });
  for (const char* call : kCalls) EXPECT_GE(drawn[call], 30) << call << " in fewer than 3% of 1000 programs";
}

}  // namespace
}  // namespace chad

// The generator feature `second-set`: on by default since issue #30 (each of the second set's
// elementwise primitives in at least 3% of the default programs, well-typed, inputs that fit);
// "-second-set" draws none of them; `describe` names it only when off.
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

TEST(SecondSetGenerator, OnByDefaultOffWhenAsked) {
  const GeneratorFeatures plain;  // the defaults
  EXPECT_TRUE(plain.second_set);
  const GeneratorFeatures first = GeneratorFeatures::parse("-second-set");
  EXPECT_FALSE(first.second_set);
  EXPECT_EQ(first.describe(), plain.describe() + ",-second-set");
  EXPECT_TRUE(GeneratorFeatures::parse("all").second_set);
  EXPECT_FALSE(GeneratorFeatures::parse("none").second_set);
  std::map<std::string, int> drawn;
  run_with_deep_stack([&] {
    for (std::uint64_t seed = 0; seed < 2000; ++seed) {
      const GeneratedCase off = generate(seed, first);
      for (const char* call : kCalls) EXPECT_EQ(off.program.find(call), std::string::npos) << call << " in\n" << off.program;
      const GeneratedCase on = generate(seed, plain);
      SCOPED_TRACE(on.program + "-- at: " + on.input);
      const CheckedProgram p = check_program(parse_program(on.program, "<generated>"));
      EXPECT_NO_THROW(check_term({}, parse_term(on.input, "<--at>"), p.input_type));
      for (const char* call : kCalls) drawn[call] += on.program.find(call) != std::string::npos;
    }
  });
  // 2000 programs: each share is near 4% (1000 were within noise of 3%)
  for (const char* call : kCalls) EXPECT_GE(drawn[call], 60) << call << " in fewer than 3% of 2000 programs";
}

}  // namespace
}  // namespace chad

// The generator's contract with shrinking, as RapidCheck properties over arbitrary choice
// sequences (generators/rapidcheck_gen.hpp): every program type-checks and its input fits;
// replaying a prefix of a recording (the rest read as 0) still gives a well-typed program; and
// the all-zero replay gives the smallest program, `1` (one term node), whatever its length.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/rapidcheck_gen.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

std::size_t body_size(const GeneratedCase& c) {
  return term_size(parse_program(c.program, "<generated>").defs.back().body);
}

void expect_well_typed(const GeneratedCase& c) {
  CheckedProgram p = check_program(parse_program(c.program, "<generated>"));
  check_term({}, parse_term(c.input, "<--at>"), p.input_type);
}

RC_GTEST_PROP(ProgramGeneratorProperty, ProgramsAndTheirPrefixReplaysTypeCheck, ()) {
  const auto choices = *rc::gen::container<std::vector<std::uint32_t>>(rc::gen::inRange<std::uint32_t>(0, 1u << 16));
  const std::size_t cut = *rc::gen::inRange<std::size_t>(0, choices.size() + 1);
  run_with_deep_stack([&] {
    ChoiceSource full(choices);
    expect_well_typed(generate_case(full, GeneratorFeatures{}, 20));
    ChoiceSource prefix(std::vector<std::uint32_t>(choices.begin(), choices.begin() + long(cut)));
    expect_well_typed(generate_case(prefix, GeneratorFeatures{}, 20));
  });
}

RC_GTEST_PROP(ProgramGeneratorProperty, ZeroReplayGivesTheSmallestProgram, ()) {
  const auto choices = *rc::gen::container<std::vector<std::uint32_t>>(rc::gen::inRange<std::uint32_t>(0, 1u << 16));
  run_with_deep_stack([&] {
    ChoiceSource original(choices);
    const GeneratedCase generated = generate_case(original, GeneratorFeatures{}, 20);
    ChoiceSource zeros(std::vector<std::uint32_t>(choices.size(), 0));
    const GeneratedCase zeroed = generate_case(zeros, GeneratorFeatures{}, 20);
    RC_ASSERT(body_size(zeroed) == 1u);
    RC_ASSERT(body_size(zeroed) <= body_size(generated));
  });
}

}  // namespace
}  // namespace chad

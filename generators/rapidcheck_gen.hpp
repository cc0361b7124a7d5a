// RapidCheck generators over generators/, for properties: a well-typed program with its input
// (GeneratedCase) as an rc::Gen. RapidCheck draws the choice sequence the program generator
// reads (generators/choice_source.hpp) and shrinks it the way it shrinks any vector, dropping
// choices and moving them towards 0, which the generator reads as "the simplest option": every
// shrunk candidate is well-typed by construction, and RapidCheck's counterexample is a small
// program. Header-only: include it where RapidCheck is linked (the tests).
#pragma once
#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <vector>

#include "generators/program_generator.hpp"

namespace chad {

inline rc::Gen<GeneratedCase> arbitrary_case(GeneratorFeatures features, int max_size) {
  return rc::gen::map(rc::gen::container<std::vector<std::uint32_t>>(rc::gen::inRange<std::uint32_t>(0, 1u << 16)),
                      [features, max_size](std::vector<std::uint32_t> choices) {
                        ChoiceSource source(std::move(choices));
                        return generate_case(source, features, max_size);
                      });
}

// How RapidCheck prints a counterexample: the program and its input, ready for a file.
inline void showValue(const GeneratedCase& c, std::ostream& out) {
  out << "\n-- at: " << c.input << "\n" << c.program;
}

}  // namespace chad

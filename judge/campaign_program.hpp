// Program `index` of a campaign: its seed (from the campaign's seed and the index alone, so a
// campaign is deterministic and any program can be regenerated from its index), its generation,
// and the formers, primitives and type formers its generated body uses.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/campaign_options.hpp"

namespace chad {

// The seed of program `index` of a campaign with seed `seed`.
std::uint64_t program_seed(std::uint64_t seed, std::size_t index);

// The entry point's own body inside check_program's wrapper
// `fun input -> let x = ... in (body : B)`: what the generator wrote.
const TermP& user_body(const TermP& main_function);

// The formers, primitives and type formers the generated body of a checked program uses (sorted,
// as ProgramOutcome::features).
std::vector<std::string> program_features(const CheckedProgram& program);

// Generates program `index` (check_program_at's first step).
GeneratedCase generate_program_at(const CampaignOptions& options, std::size_t index,
                                  std::map<std::string, double>* seconds = nullptr);

}  // namespace chad

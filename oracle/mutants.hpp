// Faulty variants of CHAD's rules (each a replacement in the rule table), for measuring that
// the oracle finds and shrinks real AD bugs: `chad-oracle campaign --mutant NAME`. A small
// starting catalogue; the later mutants issue extends it.
#pragma once
#include <string>
#include <vector>

#include "chad/transformer.hpp"

namespace chad {

struct Mutant {
  std::string name;         // e.g. "rev-let-drops-bound"
  std::string description;  // what the fault is, in the spec's notation
  RuleTable rules;          // the standard table with the faulty rule in place
};

const std::vector<Mutant>& mutant_catalogue();
// Null when there is no mutant of that name.
const Mutant* find_mutant(const std::string& name);

}  // namespace chad

// Faulty variants of CHAD's rules, each a replacement of one entry of the rule table, for
// measuring that the oracle finds, shrinks and blames real AD bugs: `chad-oracle campaign
// --mutant NAME`, and `chad-oracle mutants` (oracle/kill_matrix.hpp) for all of them. They
// cover both modes, every source former, every sums strategy and primitive derivatives; their
// rules are in oracle/mutant_rules_*.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chad/transformer.hpp"

namespace chad {

struct Mutant {
  std::string name;         // e.g. "rev-let-drops-bound"
  std::string description;  // what the fault is, in the spec's notation
  ChadMode mode;            // the rule replaced: (mode, former)
  TermKind kind;
  std::optional<PrimOp> op;  // for a primitive's derivative: which primitive is wrong
  RuleTable rules;           // the standard table with the faulty rule in place
};

const std::vector<Mutant>& mutant_catalogue();
// Null when there is no mutant of that name.
const Mutant* find_mutant(const std::string& name);
// "reverse let", "forward primitive sin": the rule a mutant replaces.
std::string mutant_rule_name(const Mutant& m);

}  // namespace chad

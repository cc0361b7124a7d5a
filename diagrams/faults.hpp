// Faulty variants of the adjoint's rules (diagrams/adjoint.hpp), each a replacement in the
// rule table, for checking that the oracle catches a wrong string-diagram AD:
// `chad-oracle campaign --implementation sd-rev --mutant NAME`.
#pragma once
#include <string>
#include <vector>

#include "diagrams/adjoint.hpp"

namespace chad::diagrams {

struct SdFault {
  std::string name;
  std::string description;
  RuleTable rules;
};

const std::vector<SdFault>& sd_fault_catalogue();
const SdFault* find_sd_fault(const std::string& name);

}  // namespace chad::diagrams

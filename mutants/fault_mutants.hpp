// The mutants whose fault is outside CHAD's rule table (oracle/chad_faults.hpp): in a helper
// every rule shares, in the evaluator of CHAD's output, in CHAD's derivative table. Appended
// to the catalogue by mutants/mutants.cpp.
#pragma once
#include <vector>

#include "mutants/mutants.hpp"

namespace chad {

void add_fault_mutants(std::vector<Mutant>& catalogue);

}  // namespace chad

// Broken-output faults: CHAD rules whose output is not merely wrong but broken, so that
// evaluating or checking it cannot go on; with them the tests check that the oracle survives any
// fault of the AD under test (a `fault` verdict, never a crash). Not
// catalogued (`chad-oracle mutants` and the kill matrix do not run them); `campaign --mutant
// NAME` finds them by name, for the CLI tests of the `fault` verdict.
//   test-zero-of-wrong-shape  fst t: the derivative is a zero shaped like the whole pair (forward:
//                             zero_of(D(A), the pair); reverse: the pair's cotangent is a zero
//                             shaped like its first component): values of different shapes meet
//                             in the target evaluator (an EvaluationFault).
//   test-unbound-variable     reverse primitives: the backpropagator is a variable bound nowhere
//                             (CHAD's output does not type-check).
#pragma once
#include <string>
#include <vector>

#include "mutants/mutants.hpp"

namespace chad {

const std::vector<Mutant>& broken_output_fault_catalogue();
// Null when there is no broken-output fault of that name.
const Mutant* find_broken_output_fault(const std::string& name);

}  // namespace chad

// A planted breach of the trust boundary (tests/CMakeLists.txt, trust_boundary_catches_a_breach):
// a "reference" that includes CHAD's target evaluator. Never compiled.
#pragma once
#include "target_semantics/evaluate_target.hpp"

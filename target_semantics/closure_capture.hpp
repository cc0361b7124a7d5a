// What a linear lambda `\v. l` of CHAD's output keeps of its environment: only the values of
// l's free variables, not the whole let chain it was made in (the backpropagator of each node
// of a fold would otherwise keep every intermediate of that node alive). Per lambda term, a
// plan computed once per thread: the environment positions l reads, and a copy of l whose
// variables index the captured environment (0 = v, k + 1 = the k-th captured value).
#pragma once
#include <vector>

#include "syntax/term.hpp"

namespace chad {

struct CapturePlan {
  std::vector<int> captured;  // positions in the lambda's environment (0 = innermost), ascending
  TermP body;                 // l with its free variables renumbered
};

// The environment positions free in `body` under `binders` enclosing binders of its own
// (variables with index >= binders), ascending and without repeats; and `body` with the free
// variable at position captured[k] renumbered binders + k (bound ones as they are).
CapturePlan capture_plan(const TermP& body, int binders);

}  // namespace chad

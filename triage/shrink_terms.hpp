// The syntactic phase of shrinking, after the choice-sequence phase (triage/shrink.hpp): edits
// of the failing program's body and of its input, biggest win first, each candidate printed,
// parsed and type-checked, and kept when it still fails and is smaller. Edits of a subterm:
// replace it by one of its own subterms of the same type, by a variable of the same type, by
// a default value of its type; beta-reduce `(fun x -> b) a` to `let x = a in b`; inline a
// `let`; reduce a `case` of a known constructor. Edits of the input: replace a part by one of
// its parts of the same type (a shorter list, a smaller tree), move reals to 0, to integers,
// halve them; an input pair of which the body reads only one half becomes that half (no unused
// input is kept). Deterministic.
#pragma once
#include <functional>

#include "generators/program_generator.hpp"

namespace chad {

class Case;  // judge/case.hpp

struct TermShrinkResult {
  GeneratedCase shrunk;
  int candidates = 0;  // candidates tried
};

// Precondition: `failing` is a well-typed program and input for which still_fails holds.
TermShrinkResult shrink_terms(const GeneratedCase& failing,
                              const std::function<bool(const GeneratedCase&)>& still_fails, int budget = 1500);

// The same, with a predicate of a case: each candidate is parsed and checked once, here, and
// handed on built (a candidate whose input does not read at its type does not fail).
TermShrinkResult shrink_terms(const GeneratedCase& failing, const std::function<bool(Case&)>& still_fails,
                              int budget = 1500);

// The input's edits alone, the program fixed (`verify --inputs`, triage/input_shrink.hpp), with
// further edits of its reals: their sign (1, -1), the nearest integer, fewer decimal digits.
TermShrinkResult shrink_input_terms(const GeneratedCase& failing,
                                    const std::function<bool(const GeneratedCase&)>& still_fails, int budget = 1000);
TermShrinkResult shrink_input_terms(const GeneratedCase& failing, const std::function<bool(Case&)>& still_fails,
                                    int budget = 1000);

}  // namespace chad

// The relation checked for one term in a context, without the wrapper a whole program adds:
// for G |- t : T, CHAD's rule for t (and its subterms' rules) is applied in G itself, the
// term and its transformation are evaluated with a related sample for every variable of G
// (a curve through a captured value, or a sampled function), and the relation of
// logrel/relation.hpp is checked at T. This is the check blame runs on each subterm: it
// involves exactly the rules of the subterm's formers.
#pragma once
#include <optional>
#include <vector>

#include "chad/transformer.hpp"
#include "logrel/related_sample.hpp"

namespace chad {

// Preconditions: `term` is checked in `context` (innermost binder last); `values` holds one
// related sample per variable of `context`, in the same order. Throws as
// check_program_relation.
template <class S>
std::optional<RelationFailure> check_term_relation(const Context& context, const TermP& term,
                                                   const std::vector<RelatedSample<S>>& values,
                                                   const ChadOptions& chad, const RelationOptions& options);

}  // namespace chad

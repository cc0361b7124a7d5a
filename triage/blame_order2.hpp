// Blame at second order: a subterm's own check at order 2, for a failure `campaign --order 2`
// found (oracle/blame.hpp). The subterm, in the context of its free variables (each a
// parameter), becomes a program of its own, `def main (v1 : T1, ...) : B = subterm;`, at the
// values those variables hold when the failing program first evaluates it, and is judged as the
// failing check was: CHAD differentiated twice in the failing mode and sums (forward over its
// reverse derivative, or over its forward one) against the certified Hessian
// (oracle/order2_check.hpp). A fault that is right at first order and wrong at second (a
// primitive's derivative whose own derivative is wrong) shows first at the subterm of the former
// whose rule it is in. Only subterms of data type whose free variables are all of data type can
// be checked so (a function value has no Hessian).
#pragma once
#include <string>
#include <vector>

#include "oracle/campaign.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

struct Order2SubtermCheck {
  bool checked = false;  // false: not a data-typed subterm of data-typed variables, or no Hessian here
  bool fails = false;
  std::string detail;  // the failing entry: "d2 output[i] / d input[j] d input[k]: CHAD (...) gives ..."
};

// `term`: the subterm, checked in `context` (its free variables, data types); `values`: each
// variable's value at the point, in the `--at` syntax of its type.
Order2SubtermCheck check_subterm_at_order2(const Context& context, const TermP& term, const std::vector<std::string>& values,
                                           const CampaignOptions& options, ChadMode mode, SumsStrategy sums);

}  // namespace chad

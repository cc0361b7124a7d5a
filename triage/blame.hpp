// Blame: for a program that fails a check, the smallest subterm whose own check fails (the
// logical relation is compositional, so a wrong CHAD rule shows up first at a subterm of the
// former it transforms, while that subterm's own subterms pass). A subterm's own check
// transforms it alone, in the context of its free variables (logrel/term_relation.hpp), at the
// values those hold when the failing program first evaluates it, moving along a fixed
// direction; variables of function type get sampled related functions. Subterms the program
// never evaluates, or with a variable that cannot be sampled, are looked through. The wrapper
// check_program puts around the entry's body (its `fun` and the parameters' `let`s) is searched
// too: a fault in those rules shows even in a one-node body. For a failure found at order 2
// (options.order) where no subterm's first derivative fails, each subterm is checked at second
// order (oracle/blame_order2.hpp: CHAD twice on the subterm against its certified Hessian).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "oracle/campaign.hpp"

namespace chad {

struct Blame {
  bool found = false;
  TermKind kind = TermKind::Var;  // the blamed subterm's former
  PrimOp op{};                    // its primitive, when kind == Prim
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  std::string subterm;   // the blamed subterm, printed
  bool in_body = true;   // false: a node of check_program's wrapper
  std::size_t node = 0;  // in the body: its position, numbered in pre-order from 0
  std::size_t function_node = 0;  // its position in the main function (wrapper and body), pre-order from 0
  std::string rule;      // the CHAD rule responsible, e.g. "reverse let", "forward op sin"
  std::string reason;    // what its own check found (or why nothing could be blamed)
  // A compiled kernel's failure that interpreted CHAD does not share (triage/blame_compiled.hpp):
  // blamed on the code generator's side, not on a CHAD rule (found stays false: no subterm).
  bool codegen = false;
};

// The subterms of `term` in pre-order (node, arguments, branches), the numbering of Blame::node
// and Blame::function_node (and of reports' pictures).
std::vector<TermP> subterms_in_preorder(const TermP& term);

// The name of the CHAD rule that transforms `t` in `mode`: "reverse let", "forward primitive sin".
std::string chad_rule_name(ChadMode mode, const Term& t);

// Precondition: `failing` fails check_case(options, failing) in (mode, sums).
// The same for a case already built (its program is not parsed again).
Blame blame_failure(const CampaignOptions& options, const Case& failing, ChadMode mode, SumsStrategy sums);
Blame blame_failure(const CampaignOptions& options, const GeneratedCase& failing, ChadMode mode,
                    SumsStrategy sums);

}  // namespace chad

// Blame: for a program that fails a check, the smallest subterm whose own check fails while
// the checks of its subterms pass (the logical relation is compositional, so a wrong CHAD rule
// shows up first at a subterm of the former it transforms). A subterm's own check runs it as a
// program of its free variables, at the values they hold when the failing program first
// evaluates it, along the tangent those values carry (dual numbers), with the logical-relation
// predicates of logrel/ at its result type. Subterms whose free variables are not of data type,
// or that the program never evaluates, cannot be checked on their own and are looked through.
#pragma once
#include <cstddef>
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

struct Blame {
  bool found = false;
  TermKind kind = TermKind::Var;  // the blamed subterm's former
  PrimOp op{};                    // its primitive, when kind == Prim
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  std::string subterm;   // the blamed subterm, printed
  std::size_t node = 0;  // its position in the entry's body, numbered in pre-order from 0
  std::string rule;      // the CHAD rule responsible, e.g. "reverse let", "forward op sin"
  std::string reason;    // what its own check found (or why nothing could be blamed)
};

// Precondition: `failing` fails check_case(options, failing) in (mode, sums).
Blame blame_failure(const CampaignOptions& options, const GeneratedCase& failing, ChadMode mode,
                    SumsStrategy sums);

}  // namespace chad

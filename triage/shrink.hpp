// Shrinking a failing generated program to a minimal one that still fails, by editing the
// choice sequence it was generated from (generators/choice_source.hpp) and regenerating:
// every candidate is well-typed by construction. Biggest wins first: delete blocks of choices
// (8, 4, 2, 1), then make single choices 0 (the simplest option), halve or decrement them;
// keep a candidate when it still fails and its program is smaller (fewer term nodes), or as
// small with simpler choices. Then the syntactic phase (triage/shrink_terms.hpp) edits the
// program's terms and its input directly, with at least a third of the budget. Deterministic;
// stops when no edit helps or after `budget` candidates in all.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "generators/program_generator.hpp"
#include "oracle/campaign.hpp"

namespace chad {

struct ShrinkResult {
  GeneratedCase shrunk;
  std::vector<std::uint32_t> choices;  // what the choice phase ended with (the syntactic phase
                                       // may have shrunk the program further)
  std::size_t size = 0;           // term nodes of the shrunk program's body
  std::size_t original_size = 0;
  int candidates = 0;             // candidates tried
};

// The number of term nodes in the body of the program's entry point.
std::size_t program_size(const GeneratedCase& c);

ShrinkResult shrink_case(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                         int max_size, const std::function<bool(const GeneratedCase&)>& still_fails,
                         int budget = 3000);
// The same, with a predicate of a case (judge/case.hpp): each candidate is parsed once (for its
// size, and then checked only when it is simpler) and handed on built, so that the predicate
// (check_case of a Case) parses nothing again; a candidate that does not check does not fail.
ShrinkResult shrink_case(const std::vector<std::uint32_t>& choices, const GeneratorFeatures& features,
                         int max_size, const std::function<bool(Case&)>& still_fails, int budget = 3000);

// How a compiled failure was shrunk (triage/shrink_compiled.hpp), beside ShrinkResult's candidates.
struct CompiledShrinkCost {
  bool by_interpreter = false;  // step 1 gave the result
  int rounds = 0;               // step 2's rounds
  int kernels_compiled = 0;     // candidates' kernels compiled by the rounds (speculation included)
};

// Program `index` of a campaign, which failed, shrunk against its first failing check (whose
// mode and sums strategy are returned, with the unshrunk program's outcome). A candidate is kept
// only when it fails in the same class: the same verdict, and for a fault the same cause, a
// timeout (an adapter's answer that did not come in time) or not. A program that no longer fails
// when checked again (a flaky timeout on a loaded machine) is not shrunk: `reproduced` is false
// and `shrunk` holds the original program. The compiled path's failures: triage/shrink_compiled.hpp.
struct CampaignFailure {
  ProgramOutcome original;  // checked again, here
  bool reproduced = true;   // whether `original` fails
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  ShrinkResult shrunk;
  std::optional<CompiledShrinkCost> compiled;  // the compiled path's failures
  // The first failing check is the size check's (oracle/size_check.hpp): the candidates were judged
  // with every program size-checked, and so must the shrunk program and its report be.
  bool size_check = false;
};
CampaignFailure shrink_campaign_failure(const CampaignOptions& options, std::size_t index);

// Whether the outcome is a fault by a timeout: its first check of the program's verdict is a fault
// whose detail says "timed out".
bool fault_by_timeout(const ProgramOutcome& outcome);

// Whether `candidate` fails in the same class as `original`: the same verdict (a failing one),
// and a fault by a timeout exactly when the original's is.
bool fails_alike(const ProgramOutcome& candidate, const ProgramOutcome& original);

}  // namespace chad

// Blame for a failure of CHAD compiled to native code (`--implementation chad-compiled`). The
// compiled kernel is CHAD's target program compiled by codegen/, so the failing check is first
// made again by interpreted CHAD in the same mode and sums strategy, at the same input:
//  - interpreted CHAD fails it too: CHAD's fault, carried into the kernel; blamed rule by rule
//    as the interpreter's failures are (triage/blame.hpp), the reason saying so;
//  - interpreted CHAD passes: only the kernel fails, so no CHAD rule is to blame: the blame
//    names the code generator's side (the emitted C++ and its runtime, codegen/), Blame::codegen.
// For every other implementation this is blame_failure itself.
#pragma once
#include "triage/blame.hpp"

namespace chad {

class Case;

// Precondition: `failing` fails check_case(options, failing) in (mode, sums).
Blame blame_campaign_failure(const CampaignOptions& options, const Case& failing, ChadMode mode, SumsStrategy sums);
Blame blame_campaign_failure(const CampaignOptions& options, const GeneratedCase& failing, ChadMode mode,
                             SumsStrategy sums);

// The options of interpreted CHAD checking what a compiled campaign checks (its rules, faults,
// functions strategy), in one (mode, sums), verdicts only.
CampaignOptions interpreted_counterpart(const CampaignOptions& options, ChadMode mode, SumsStrategy sums);

}  // namespace chad

// `--mutant NAME`, shared by campaign and verify: injects a catalogued fault (mutants/) into the
// options an implementation is judged with.
#pragma once
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

// Puts the mutant `name` into `options`: with `string_diagrams`, a string-diagram fault
// (diagrams/faults.hpp); otherwise a mutant of CHAD's catalogue (or one of the test faults of
// the `fault` verdict). Nothing when `name` is empty. Throws SourceError (located on the command
// line, listing the known names) for an unknown name.
void use_mutant_option(CampaignOptions& options, const std::string& name, bool string_diagrams);

}  // namespace chad

#include "mutant_option.hpp"

#include "command_context.hpp"
#include "diagrams/faults.hpp"
#include "mutants/mutants.hpp"
#include "mutants/broken_output_faults.hpp"

namespace chad {

void use_mutant_option(CampaignOptions& o, const std::string& name, bool string_diagrams) {
  if (!name.empty() && string_diagrams) {
    const diagrams::SdFault* f = diagrams::find_sd_fault(name);
    if (!f) {
      std::string known;
      for (const diagrams::SdFault& k : diagrams::sd_fault_catalogue()) known += (known.empty() ? "" : ", ") + k.name;
      throw SourceError(command_line_loc(), "--mutant: unknown string-diagram fault `" + name + "` (known: " + known + ")");
    }
    o.sd_rules = &f->rules;
  } else if (!name.empty()) {
    const Mutant* m = find_mutant(name);
    if (!m) m = find_broken_output_fault(name);  // not catalogued: for the tests of the `fault` verdict
    if (!m) {
      std::string known;
      for (const Mutant& k : mutant_catalogue()) known += (known.empty() ? "" : ", ") + k.name;
      throw SourceError(command_line_loc(), "--mutant: unknown mutant `" + name + "` (known: " + known + ")");
    }
    use_mutant(o, *m);
  }
}

}  // namespace chad

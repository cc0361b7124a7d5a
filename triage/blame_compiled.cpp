#include "triage/blame_compiled.hpp"

#include "judge/case.hpp"

namespace chad {

CampaignOptions interpreted_counterpart(const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  CampaignOptions interpreted = options;
  interpreted.implementation = Implementation::Chad;
  interpreted.compiled = nullptr;
  interpreted.modes = {mode};
  interpreted.sums = {sums};
  interpreted.measure_coverage = false;
  interpreted.cross_check_fd_rate = 0;
  interpreted.cost = nullptr;
  interpreted.check_derivatives = true;
  return interpreted;
}

Blame blame_campaign_failure(const CampaignOptions& options, const Case& failing, ChadMode mode, SumsStrategy sums) {
  if (options.implementation != Implementation::ChadCompiled) return blame_failure(options, failing, mode, sums);
  const CampaignOptions interpreted = interpreted_counterpart(options, mode, sums);
  Case again(failing.text(), failing.shared_program());  // (its references are computed afresh)
  const ProgramOutcome by_interpreter = check_case(interpreted, again);
  const std::string where = chad_mode_name(mode) + std::string(", sums ") + sums_strategy_name(sums);
  if (is_failure(by_interpreter.verdict)) {
    Blame blame = blame_failure(interpreted, failing, mode, sums);
    const std::string why = "interpreted CHAD fails this check too (" + where + ": " +
                            verdict_name(by_interpreter.verdict) +
                            "), so the compiled kernel carries CHAD's own fault, blamed rule by rule in the "
                            "interpreter";
    blame.reason = why + (blame.reason.empty() ? "" : ": " + blame.reason);
    return blame;
  }
  Blame blame;
  blame.mode = mode;
  blame.sums = sums;
  blame.codegen = true;
  blame.reason = "interpreted CHAD passes this check (" + where + ", verdict " + verdict_name(by_interpreter.verdict) +
                 ") at the same program and input; only the compiled kernel fails, so the fault is on the code "
                 "generator's side (the C++ codegen/ emits for CHAD's output, or the kernel runtime), not in a "
                 "CHAD rule";
  return blame;
}

Blame blame_campaign_failure(const CampaignOptions& options, const GeneratedCase& failing, ChadMode mode,
                             SumsStrategy sums) {
  std::optional<Case> built;
  try {
    built.emplace(failing, "<blamed>");
  } catch (const SourceError&) {
    return blame_failure(options, failing, mode, sums);  // (says the program does not check)
  }
  return blame_campaign_failure(options, *built, mode, sums);
}

}  // namespace chad

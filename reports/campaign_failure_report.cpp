#include "reports/campaign_failure_report.hpp"

#include "triage/shrink.hpp"
#include "reports/counterexample.hpp"

namespace chad {
namespace {

// What the campaign logged of a failing program: "`fault` (DETAIL)", the detail being its first
// check of that verdict's, or the program's own.
std::string logged_failure(const nlohmann::json& logged) {
  const std::string verdict = logged.value("verdict", std::string("?"));
  std::string detail = logged.value("detail", std::string());
  if (logged.contains("checks") && logged["checks"].is_array())
    for (const auto& check : logged["checks"])
      if (check.value("verdict", std::string()) == verdict) {
        detail = check.value("detail", std::string());
        break;
      }
  for (const char* tail : {"\n", "; its last stderr lines"})  // (the adapter's stderr: in the log)
    if (const std::size_t at = detail.find(tail); at != std::string::npos) detail = detail.substr(0, at);
  return "`" + verdict + "`" + (detail.empty() ? "" : " (" + detail + ")");
}

}  // namespace

std::string report_campaign_failure(const CampaignOptions& options, const std::string& mutant, std::size_t index,
                                    const std::string& dir, const nlohmann::json& logged) {
  const std::uint64_t seed = program_seed(options.seed, index);
  const CampaignFailure failure = shrink_campaign_failure(options, index);
  const ShrinkResult& shrunk = failure.shrunk;
  CampaignOptions judged = options;  // a size check's failure: the shrunk program is size-checked too
  if (failure.size_check) judged.size_share = 1;
  std::string how;  // the compiled path: how its candidates were judged
  if (failure.compiled)
    how = failure.compiled->by_interpreter
              ? ", by interpreted CHAD, confirmed compiled"
              : ", " + std::to_string(failure.compiled->kernels_compiled) + " kernels compiled in " +
                    std::to_string(failure.compiled->rounds - 1) + " batches";
  Counterexample c{options.seed, index, mutant, judged, failure.original, shrunk.original_size, shrunk.size};
  std::string line;
  if (!failure.reproduced) {  // never a passing program called a counterexample
    c.not_reproduced = "the campaign logged " + logged_failure(logged) + "; checked again, the program's verdict is `" +
                       verdict_name(failure.original.verdict) +
                       "` (a flaky failure, such as an answer that timed out on a loaded machine); the original "
                       "program is kept, not shrunk";
    line = "program " + std::to_string(index) + ": did not reproduce on replay (logged " + logged_failure(logged) +
           ", now " + verdict_name(failure.original.verdict) + "): not shrunk";
  } else {
    ProgramOutcome checked = check_case(judged, shrunk.shrunk);
    if (fails_alike(checked, failure.original)) {
      c.outcome = std::move(checked);
      line = "program " + std::to_string(index) + ": " + shrunk_text(shrunk.original_size, shrunk.size) + " (" +
             std::to_string(shrunk.candidates) + " candidates" + how + ")";
    } else {  // the shrunk program failed while shrinking, not now: the original (which failed again) is reported
      c.shrunk_size = shrunk.original_size;
      c.size_note = "not shrunk (" + std::to_string(shrunk.original_size) + " term nodes: the shrunk program of " +
                    std::to_string(shrunk.size) + " did not fail again when checked for the report, a flaky failure)";
      line = "program " + std::to_string(index) + ": not shrunk (the shrunk program of " + std::to_string(shrunk.size) +
             " term nodes did not fail again when checked for the report: a flaky failure; the original is reported)";
    }
  }
  c.outcome.index = index;
  c.outcome.seed = seed;
  write_report(dir, c);
  return line + "; report in " + dir + "/";
}

}  // namespace chad

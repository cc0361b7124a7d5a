#include "reports/campaign_failure_report.hpp"

#include "triage/shrink.hpp"
#include "reports/counterexample.hpp"

namespace chad {

std::string report_campaign_failure(const CampaignOptions& options, const std::string& mutant, std::size_t index,
                                    const std::string& dir) {
  const std::uint64_t seed = program_seed(options.seed, index);
  const CampaignFailure failure = shrink_campaign_failure(options, index);
  const ShrinkResult& shrunk = failure.shrunk;
  std::string how;  // the compiled path: how its candidates were judged
  if (failure.compiled)
    how = failure.compiled->by_interpreter
              ? ", by interpreted CHAD, confirmed compiled"
              : ", " + std::to_string(failure.compiled->kernels_compiled) + " kernels compiled in " +
                    std::to_string(failure.compiled->rounds - 1) + " batches";
  Counterexample c{options.seed, index, mutant, options, check_case(options, shrunk.shrunk), shrunk.original_size,
                   shrunk.size};
  c.outcome.index = index;
  c.outcome.seed = seed;
  write_report(dir, c);
  return "program " + std::to_string(index) + ": " + shrunk_text(shrunk.original_size, shrunk.size) + " (" +
         std::to_string(shrunk.candidates) +
         " candidates" + how + "); report in " + dir + "/";
}

}  // namespace chad

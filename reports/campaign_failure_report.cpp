#include "reports/campaign_failure_report.hpp"

#include "oracle/shrink.hpp"
#include "reports/counterexample.hpp"

namespace chad {

std::string report_campaign_failure(const CampaignOptions& options, const std::string& mutant, std::size_t index,
                                    const std::string& dir) {
  const std::uint64_t seed = program_seed(options.seed, index);
  const ShrinkResult shrunk = shrink_campaign_failure(options, index).shrunk;
  Counterexample c{options.seed, index, mutant, options, check_case(options, shrunk.shrunk), shrunk.original_size,
                   shrunk.size};
  c.outcome.index = index;
  c.outcome.seed = seed;
  write_report(dir, c);
  return "program " + std::to_string(index) + ": " + shrunk_text(shrunk.original_size, shrunk.size) + " (" +
         std::to_string(shrunk.candidates) +
         " candidates); report in " + dir + "/";
}

}  // namespace chad

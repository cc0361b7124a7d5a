#include "campaigns/compiled_prefetch.hpp"

#include "oracle/compiled_check.hpp"

namespace chad {

void prefetch_compiled_batch(const CampaignOptions& options, const WorkerPlan& plan, int worker, std::size_t index,
                             std::size_t position, std::map<std::string, double>* stage_seconds) {
  if (options.implementation != Implementation::ChadCompiled || !options.compiled) return;
  prefetch_compiled_kernels(options, plan.upcoming(worker, index, position, options.compiled->batch), stage_seconds);
}

}  // namespace chad

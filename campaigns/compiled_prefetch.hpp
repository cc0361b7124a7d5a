// With --implementation chad-compiled, a worker compiles the kernels of its next batch of
// programs together, once per batch (one translation unit; oracle/compiled_check.hpp), before
// checking the first of them. Nothing for the other implementations.
#pragma once
#include <cstddef>
#include <map>
#include <string>

#include "campaigns/worker_plan.hpp"
#include "oracle/campaign.hpp"

namespace chad {

// Before `worker` checks program `index` (at `position` in its shard): compiles the kernels of
// its next `options.compiled->batch` programs, adding the time to `stage_seconds`.
void prefetch_compiled_batch(const CampaignOptions& options, const WorkerPlan& plan, int worker, std::size_t index,
                             std::size_t position, std::map<std::string, double>* stage_seconds);

}  // namespace chad

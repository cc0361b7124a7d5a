#include "campaigns/worker_plan.hpp"

namespace chad {

std::vector<std::size_t> WorkerPlan::upcoming(int worker, std::size_t index, std::size_t position,
                                              std::size_t batch) const {
  std::vector<std::size_t> next;
  for (std::size_t i = index, p = position; i < limit && next.size() < batch; i += shards, ++p)
    if (assigned(worker, p, i, index)) next.push_back(i);
  return next;
}

}  // namespace chad

// Which programs of a campaign run each worker process checks: this shard's programs (shard,
// shard + shards, ...; below `limit`), dealt out in turn by their position in the shard (worker
// k takes positions k, k + jobs, ...), skipping those already logged (a resume) and, after a
// crash, those up to the crashed program (the new worker starts after it).
#pragma once
#include <cstddef>
#include <set>
#include <vector>

namespace chad {

struct WorkerPlan {
  std::size_t shard = 0, shards = 1;
  std::size_t limit = 0;  // programs below this index (std::size_t(-1): until the deadline)
  int jobs = 1;
  std::set<std::size_t> done;  // indices already in the logs

  // Whether `worker`, (re)started at index `first`, checks the program `index`, the shard's
  // program number `position` (index = shard + position * shards).
  bool assigned(int worker, std::size_t position, std::size_t index, std::size_t first) const {
    return int(position % std::size_t(jobs)) == worker && index >= first && !done.count(index);
  }
  // The next (at most `batch`) programs `worker` checks from `index` (at `position`) on.
  std::vector<std::size_t> upcoming(int worker, std::size_t index, std::size_t position, std::size_t batch) const;
};

}  // namespace chad

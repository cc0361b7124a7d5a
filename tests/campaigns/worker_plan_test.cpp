// The worker plan deals a shard's programs out to the workers: each program not yet logged to
// exactly one worker, none below a restarted worker's first index; a compiled batch is the
// worker's own next programs.
#include <gtest/gtest.h>

#include <map>

#include "campaigns/worker_plan.hpp"

namespace chad {
namespace {

TEST(WorkerPlan, EveryProgramNotLoggedGoesToExactlyOneWorker) {
  WorkerPlan plan;
  plan.shard = 1;
  plan.shards = 3;
  plan.limit = 40;
  plan.jobs = 4;
  plan.done = {4, 13};
  std::map<std::size_t, int> owners;
  for (int worker = 0; worker < plan.jobs; ++worker) {
    std::size_t position = 0;
    for (std::size_t index = plan.shard; index < plan.limit; index += plan.shards, ++position)
      if (plan.assigned(worker, position, index, 0)) ++owners[index];
  }
  for (std::size_t index = 0; index < plan.limit; ++index) {
    const bool expected = index % 3 == 1 && index != 4 && index != 13;
    EXPECT_EQ(owners.count(index) ? owners[index] : 0, expected ? 1 : 0) << index;
  }
}

TEST(WorkerPlan, ARestartedWorkerGoesOnAfterItsFirstIndex) {
  WorkerPlan plan;
  plan.limit = 10;
  plan.jobs = 2;
  // Worker 1 takes positions 1, 3, 5, ... (indices 1, 3, 5, ...); restarted after 3 crashed:
  EXPECT_FALSE(plan.assigned(1, 3, 3, 4));
  EXPECT_TRUE(plan.assigned(1, 5, 5, 4));
  EXPECT_FALSE(plan.assigned(0, 5, 5, 4));  // another worker's
}

TEST(WorkerPlan, AWorkersBatchIsItsOwnNextPrograms) {
  WorkerPlan plan;
  plan.shard = 0;
  plan.shards = 2;
  plan.limit = 30;
  plan.jobs = 3;
  plan.done = {12};
  // Worker 0 takes positions 0, 3, 6, ...: indices 0, 6, 12, 18, 24; 12 is logged already.
  EXPECT_EQ(plan.upcoming(0, 6, 3, 10), (std::vector<std::size_t>{6, 18, 24}));
  EXPECT_EQ(plan.upcoming(0, 6, 3, 2), (std::vector<std::size_t>{6, 18}));
  EXPECT_TRUE(plan.upcoming(0, 30, 15, 4).empty());
}

}  // namespace
}  // namespace chad

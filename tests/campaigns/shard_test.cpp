// Shard arithmetic: the shards of a campaign partition its programs; each shard's count is what
// its run checks; `--shard` text and a scheduler's environment name one shard or are refused.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "campaigns/shard.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

TEST(Shard, ShardsPartitionTheProgramsAndCountThem) {
  for (std::size_t count : {0, 1, 7, 10, 31}) {
    for (std::size_t shards : {1, 2, 3, 8}) {
      std::size_t total = 0;
      for (std::size_t shard = 0; shard < shards; ++shard) {
        std::size_t members = 0;
        for (std::size_t index = 0; index < count; ++index) members += in_shard(index, shard, shards);
        EXPECT_EQ(programs_in_shard(count, shard, shards), members) << count << " " << shard << "/" << shards;
        total += members;
      }
      EXPECT_EQ(total, count);
      for (std::size_t index = 0; index < count; ++index) {
        int owners = 0;
        for (std::size_t shard = 0; shard < shards; ++shard) owners += in_shard(index, shard, shards);
        EXPECT_EQ(owners, 1) << index;
      }
    }
  }
  EXPECT_EQ(programs_in_shard(10, 1, 4), 3u);  // 1, 5, 9
  EXPECT_EQ(programs_in_shard(3, 5, 8), 0u);   // a shard past the last program holds none
}

EnvironmentLookup environment(std::map<std::string, std::string> variables) {
  auto held = std::make_shared<std::map<std::string, std::string>>(std::move(variables));
  return [held](const char* name) -> const char* {
    auto it = held->find(name);
    return it == held->end() ? nullptr : it->second.c_str();
  };
}

TEST(Shard, TextAndSchedulersNameOneShard) {
  const ShardChoice given = parse_shard("2/5", environment({}));
  EXPECT_EQ(given.index, 2u);
  EXPECT_EQ(given.count, 5u);
  const ShardChoice slurm = parse_shard("auto", environment({{"SLURM_ARRAY_TASK_ID", "7"},
                                                             {"SLURM_ARRAY_TASK_MIN", "1"},
                                                             {"SLURM_ARRAY_TASK_STEP", "2"},
                                                             {"SLURM_ARRAY_TASK_COUNT", "4"}}));
  EXPECT_EQ(slurm.index, 3u);  // 1, 3, 5, 7: the fourth task
  EXPECT_EQ(slurm.count, 4u);
  const ShardChoice kubernetes = parse_shard("auto/6", environment({{"JOB_COMPLETION_INDEX", "5"}}));
  EXPECT_EQ(kubernetes.index, 5u);
  EXPECT_EQ(kubernetes.count, 6u);
}

TEST(Shard, MalformedShardsAreRefusedWithTheReason) {
  for (const std::string text : {"5/5", "1/0", "a/2", "1", "auto/0", "auto/x"}) {
    try {
      parse_shard(text, environment({}));
      ADD_FAILURE() << text << " was accepted";
    } catch (const SourceError& e) {
      EXPECT_NE(std::string(e.what()).find("--shard"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse_shard("auto", environment({})), SourceError);  // no scheduler
  EXPECT_THROW(parse_shard("auto/3", environment({{"JOB_COMPLETION_INDEX", "3"}})), SourceError);  // outside 0 .. 2
}

}  // namespace
}  // namespace chad

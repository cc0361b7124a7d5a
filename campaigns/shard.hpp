// Shards: disjoint, deterministic parts of one campaign. Shard I of N holds programs I, I + N,
// I + 2N, ... `campaign --shard` names it as `I/N`, or `auto` takes it from a batch scheduler's
// environment (a Slurm job array, a Kubernetes Indexed Job), so one script runs every part of
// a campaign on many machines.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace chad {

struct ShardChoice {
  std::size_t index = 0;  // 0 <= index < count
  std::size_t count = 1;
  std::string source;  // where index and count came from, for messages ("--shard", "SLURM_ARRAY_TASK_ID ...")
};

// Whether program `index` belongs to shard `shard` of `shards`.
bool in_shard(std::size_t index, std::size_t shard, std::size_t shards);
// How many of the programs 0 .. count - 1 shard `shard` of `shards` holds.
std::size_t programs_in_shard(std::size_t count, std::size_t shard, std::size_t shards);

// Reads an environment variable (std::getenv by default; tests pass their own).
using EnvironmentLookup = std::function<const char*(const char*)>;

// `text` is one of:
//   I/N          this run checks programs I, I + N, I + 2N, ...
//   auto         a Slurm job array: index SLURM_ARRAY_TASK_ID (counted from SLURM_ARRAY_TASK_MIN
//                in steps of SLURM_ARRAY_TASK_STEP, so `--array=1-100` works), count
//                SLURM_ARRAY_TASK_COUNT; else a Kubernetes Indexed Job's JOB_COMPLETION_INDEX
//                with the count in CHAD_SHARD_COUNT
//   auto/N       the index from the environment as above, the count N (a Kubernetes Indexed
//                Job's `completions`); with Slurm, N must equal SLURM_ARRAY_TASK_COUNT
// Anything else, a missing or malformed variable, or an index outside 0 .. N - 1 is a
// SourceError naming the variables read.
ShardChoice parse_shard(const std::string& text, const EnvironmentLookup& environment = {});

}  // namespace chad

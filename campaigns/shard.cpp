#include "campaigns/shard.hpp"

#include <cstdlib>
#include <optional>

#include "campaigns/command_line_location.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

[[noreturn]] void refuse(const std::string& why) { throw SourceError(command_line_loc(), "--shard: " + why); }

// A non-negative decimal integer, all of `text`.
std::optional<std::size_t> whole_number(const std::string& text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::size_t n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + std::size_t(c - '0');
  }
  return n;
}

// The variable `name` as a number; nullopt when it is not set, an error when it is malformed.
std::optional<std::size_t> number_variable(const EnvironmentLookup& environment, const char* name) {
  const char* value = environment(name);
  if (value == nullptr) return std::nullopt;
  std::optional<std::size_t> n = whole_number(value);
  if (!n) refuse(std::string(name) + "=`" + value + "` is not a non-negative integer");
  return n;
}

ShardChoice checked(ShardChoice choice) {
  if (choice.count == 0) refuse("a count of 0 shards (" + choice.source + ")");
  if (choice.index >= choice.count)
    refuse("shard " + std::to_string(choice.index) + " is outside 0 .. " + std::to_string(choice.count - 1) + " (" +
           choice.source + ")");
  return choice;
}

// Slurm job arrays: `sbatch --array=MIN-MAX[:STEP]` sets the task's id and the array's size.
std::optional<ShardChoice> from_slurm(const EnvironmentLookup& environment, std::optional<std::size_t> given_count) {
  std::optional<std::size_t> id = number_variable(environment, "SLURM_ARRAY_TASK_ID");
  if (!id) return std::nullopt;
  std::optional<std::size_t> count = number_variable(environment, "SLURM_ARRAY_TASK_COUNT");
  if (!count) refuse("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not");
  const std::size_t min = number_variable(environment, "SLURM_ARRAY_TASK_MIN").value_or(0);
  const std::size_t step = number_variable(environment, "SLURM_ARRAY_TASK_STEP").value_or(1);
  if (step == 0) refuse("SLURM_ARRAY_TASK_STEP=0");
  if (*id < min || (*id - min) % step != 0)
    refuse("SLURM_ARRAY_TASK_ID=" + std::to_string(*id) + " is not SLURM_ARRAY_TASK_MIN=" + std::to_string(min) +
           " plus a multiple of SLURM_ARRAY_TASK_STEP=" + std::to_string(step));
  if (given_count && *given_count != *count)
    refuse("auto/" + std::to_string(*given_count) + " but the Slurm array has SLURM_ARRAY_TASK_COUNT=" +
           std::to_string(*count) + " tasks");
  return checked({(*id - min) / step, *count,
                  "SLURM_ARRAY_TASK_ID=" + std::to_string(*id) + " of SLURM_ARRAY_TASK_COUNT=" + std::to_string(*count)});
}

// Kubernetes Indexed Jobs: each pod's JOB_COMPLETION_INDEX is 0 .. completions - 1; the count is
// not in the pod's environment, so it is given (auto/N or CHAD_SHARD_COUNT).
std::optional<ShardChoice> from_kubernetes(const EnvironmentLookup& environment,
                                           std::optional<std::size_t> given_count) {
  std::optional<std::size_t> index = number_variable(environment, "JOB_COMPLETION_INDEX");
  if (!index) return std::nullopt;
  std::string source = "JOB_COMPLETION_INDEX=" + std::to_string(*index);
  std::optional<std::size_t> count = given_count;
  if (count) {
    source += " of auto/" + std::to_string(*count);
  } else {
    count = number_variable(environment, "CHAD_SHARD_COUNT");
    if (!count) refuse("JOB_COMPLETION_INDEX is set but no count: use --shard auto/N (N = the Job's completions)");
    source += " of CHAD_SHARD_COUNT=" + std::to_string(*count);
  }
  return checked({*index, *count, source});
}

}  // namespace

bool in_shard(std::size_t index, std::size_t shard, std::size_t shards) { return index % shards == shard; }

std::size_t programs_in_shard(std::size_t count, std::size_t shard, std::size_t shards) {
  return shard < count ? (count - shard + shards - 1) / shards : 0;
}

ShardChoice parse_shard(const std::string& text, const EnvironmentLookup& lookup) {
  const EnvironmentLookup environment = lookup ? lookup : [](const char* name) -> const char* { return std::getenv(name); };
  if (text == "auto" || text.rfind("auto/", 0) == 0) {
    std::optional<std::size_t> given_count;
    if (text != "auto") {
      given_count = whole_number(text.substr(5));
      if (!given_count || *given_count == 0) refuse("expected auto/N with N a positive integer, found `" + text + "`");
    }
    if (std::optional<ShardChoice> slurm = from_slurm(environment, given_count)) return *slurm;
    if (std::optional<ShardChoice> kubernetes = from_kubernetes(environment, given_count)) return *kubernetes;
    refuse("`" + text +
           "` found no scheduler in the environment (SLURM_ARRAY_TASK_ID for a Slurm job array, "
           "JOB_COMPLETION_INDEX for a Kubernetes Indexed Job)");
  }
  const std::size_t slash = text.find('/');
  std::optional<std::size_t> index = whole_number(text.substr(0, slash));
  std::optional<std::size_t> count = slash == std::string::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!index || !count || *count == 0 || *index >= *count)
    refuse("expected I/N with 0 <= I < N, or auto, or auto/N, found `" + text + "`");
  return {*index, *count, "--shard " + text};
}

}  // namespace chad

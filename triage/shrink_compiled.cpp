#include "triage/shrink_compiled.hpp"

#include <map>
#include <set>
#include <utility>

#include "triage/blame_compiled.hpp"
#include "judge/case.hpp"
#include "oracle/compiled_check.hpp"

namespace chad {
namespace {

// Thrown to end a round once it has met `batch` candidates without a kernel.
struct RoundFull {};

ShrinkResult shrink_by_rounds(const CampaignOptions& narrowed, const std::vector<std::uint32_t>& choices,
                              Verdict verdict, int budget, CompiledShrinkCost& cost) {
  const ChadMode mode = narrowed.modes.front();
  const SumsStrategy sums = narrowed.sums.front();
  const std::size_t batch = std::max<std::size_t>(1, narrowed.compiled->batch);
  std::map<std::pair<std::string, std::string>, bool> answered;  // (program, input) -> still fails
  std::vector<std::pair<std::string, std::shared_ptr<const CheckedProgram>>> wanted;
  std::set<std::string> wanted_texts;
  bool compile_more = true;  // false once the budget's kernels are compiled: unknown ones pass
  const std::function<bool(Case&)> still_fails = [&](Case& k) {
    const auto key = std::make_pair(k.text().program, k.text().input);
    if (const auto it = answered.find(key); it != answered.end()) return it->second;
    if (compiled_kernel_missing(narrowed, k.text().program, k.program(), mode, sums)) {
      if (!compile_more) return false;
      if (wanted_texts.insert(k.text().program).second) wanted.emplace_back(k.text().program, k.shared_program());
      if (wanted.size() >= batch) throw RoundFull{};
      return false;  // for this round: the candidates after it are those tried if it passes
    }
    return answered[key] = check_case(narrowed, k).verdict == verdict;
  };
  for (;;) {
    ++cost.rounds;
    wanted.clear();
    wanted_texts.clear();
    std::optional<ShrinkResult> result;
    try {
      result = shrink_case(choices, narrowed.features, narrowed.max_size, still_fails, budget);
    } catch (const RoundFull&) {
    }
    if (wanted.empty() && result) return *result;  // every candidate answered by its compiled check
    cost.kernels_compiled += int(wanted.size());
    prefetch_compiled_programs(narrowed, wanted);
    if (cost.kernels_compiled >= budget) compile_more = false;  // (then one more round, compiling nothing)
  }
}

}  // namespace

ShrinkResult shrink_compiled_failure(const CampaignOptions& narrowed, const std::vector<std::uint32_t>& choices,
                                     Verdict verdict, CompiledShrinkCost* cost_out) {
  CompiledShrinkCost cost;
  const int budget = narrowed.compiled ? narrowed.compiled->shrink_budget : 3000;
  CampaignOptions interpreted = interpreted_counterpart(narrowed, narrowed.modes.front(), narrowed.sums.front());
  interpreted.cross_check_fd_rate = narrowed.cross_check_fd_rate;  // (a failure found by --cross-check)
  ChoiceSource source(choices);
  const GeneratedCase original = generate_case(source, narrowed.features, narrowed.max_size);
  ShrinkResult result;
  if (check_case(interpreted, original).verdict == verdict) {
    // (in the compiled path's fragment only: a program whose output is not a data type is skipped there)
    const std::function<bool(Case&)> interpreter_fails = [&](Case& k) {
      return is_data_type(k.program().output_type) && check_case(interpreted, k).verdict == verdict;
    };
    result = shrink_case(choices, narrowed.features, narrowed.max_size, interpreter_fails, budget);
    cost.by_interpreter = check_case(narrowed, result.shrunk).verdict == verdict;  // confirmed compiled
  }
  if (!cost.by_interpreter) {
    const int tried = result.candidates;
    result = shrink_by_rounds(narrowed, choices, verdict, budget, cost);
    result.candidates += tried;
  }
  if (cost_out) *cost_out = cost;
  return result;
}

}  // namespace chad

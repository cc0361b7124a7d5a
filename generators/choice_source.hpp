// Where a generator's random choices come from: a sequence of small integers, drawn from a
// seeded PRNG and recorded, or replayed from a recording. Replaying a recording gives the same
// program; shrinking edits the recording (fewer, smaller choices) and regenerates, so every
// shrunk candidate is well-typed by construction. When a replayed sequence runs out, every
// further choice is 0, which generators treat as "the simplest option".
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <vector>

namespace chad {

class ChoiceSource {
 public:
  // Draws fresh choices from a PRNG seeded with `seed`.
  explicit ChoiceSource(std::uint64_t seed) : rng_(seed) {}
  // Replays `choices` (each taken modulo the range asked for), then 0s.
  explicit ChoiceSource(std::vector<std::uint32_t> choices) : choices_(std::move(choices)) {}

  // A choice in [0, n), n >= 1.
  int pick(int n) {
    std::uint32_t c;
    if (next_ < choices_.size()) {
      c = choices_[next_] % std::uint32_t(n);
      choices_[next_] = c;  // what was used (keeps recordings canonical)
    } else if (rng_) {
      c = std::uint32_t(std::uniform_int_distribution<int>(0, n - 1)(*rng_));
      choices_.push_back(c);
    } else {
      c = 0;
      choices_.push_back(0);
    }
    ++next_;
    return int(c);
  }
  // True with probability about percent / 100.
  bool chance(int percent) { return pick(100) < percent; }

  const std::vector<std::uint32_t>& recording() const { return choices_; }

 private:
  std::optional<std::mt19937_64> rng_;
  std::vector<std::uint32_t> choices_;
  std::size_t next_ = 0;
};

}  // namespace chad

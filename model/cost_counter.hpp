// The cost model: a deterministic, machine-independent count of the work an evaluation does,
// for source and target programs alike (issue 17, "cost as a verdict"). Three counters, each
// kept per thread and bumped by one add on the hot path:
//   steps        one per term node evaluated (semantics/evaluate.cpp, including the variables
//                and projections read in place), per closure applied and lazy value run
//                (model/value.hpp), and per node a fold or unfold visits in the recursion
//                machinery (semantics/evaluate.cpp, recursion_target.cpp, reverse_fold_tape.cpp);
//   scalar_ops   real arithmetic: a primitive, or its forward or transposed derivative, on
//                operands of n entries counts n (a comparison 1, sum and dot of n entries n,
//                matvec of an m x n matrix m*n, get and vec 0); adding two (co)tangents of n
//                reals counts n;
//   allocations  one per value made by the makers of model/value.hpp and the copowers of
//                model/linear_values.hpp (the shared zero and unit constants are not made anew).
// The total is cost = steps + scalar_ops + allocations.
// A CostScope measures what happens on its thread between its construction and `counts()`;
// scopes nest (each reads the difference of the running totals).
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace chad {

struct CostCounts {
  std::uint64_t steps = 0;
  std::uint64_t scalar_ops = 0;
  std::uint64_t allocations = 0;

  std::uint64_t total() const { return steps + scalar_ops + allocations; }
  CostCounts operator-(const CostCounts& o) const {
    return {steps - o.steps, scalar_ops - o.scalar_ops, allocations - o.allocations};
  }
  CostCounts operator+(const CostCounts& o) const {
    return {steps + o.steps, scalar_ops + o.scalar_ops, allocations + o.allocations};
  }
  bool operator==(const CostCounts&) const = default;
};

// This thread's running totals since it started (never reset: read differences, via CostScope).
inline thread_local constinit CostCounts cost_counts{};

// A bound on this thread's running step count (a CostLimit sets it): past it, count_step throws
// CostLimitExceeded, so that a program whose cost explodes as its input grows (a closure applied
// twice per list node is exponential) stops instead of hanging the cost check.
inline thread_local constinit std::uint64_t cost_step_limit = std::numeric_limits<std::uint64_t>::max();

class CostLimitExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_cost_limit_exceeded() {
  throw CostLimitExceeded("the evaluation passed its step limit (cost_step_limit)");
}

inline void count_step() {
  if (++cost_counts.steps > cost_step_limit) [[unlikely]]
    throw_cost_limit_exceeded();
}
inline void count_scalar_ops(std::uint64_t n) { cost_counts.scalar_ops += n; }
inline void count_allocation() { ++cost_counts.allocations; }

// Runs f without counting it (the values made once per thread for constants, so that a
// measurement does not depend on whether it is the first on its thread).
template <class F>
auto uncounted(const F& f) {
  const CostCounts saved = cost_counts;
  auto result = f();
  cost_counts = saved;
  return result;
}

// Allows at most `steps` more steps on this thread while it lives (limits nest: the tighter wins).
class CostLimit {
 public:
  explicit CostLimit(std::uint64_t steps)
      : saved_(cost_step_limit),
        limit_(std::min(saved_, cost_counts.steps + std::min(steps, saved_ - cost_counts.steps))) {
    cost_step_limit = limit_;
  }
  ~CostLimit() { cost_step_limit = saved_; }
  CostLimit(const CostLimit&) = delete;
  CostLimit& operator=(const CostLimit&) = delete;

 private:
  std::uint64_t saved_, limit_;
};

class CostScope {
 public:
  CostScope() : start_(cost_counts) {}
  // What this thread counted since the scope began.
  CostCounts counts() const { return cost_counts - start_; }

 private:
  CostCounts start_;
};

}  // namespace chad

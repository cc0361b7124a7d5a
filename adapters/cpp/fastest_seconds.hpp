// How an adapter times its answers to a request with "timing" (docs/adapter-protocol.md,
// "Timing"): the fastest of repeated runs. Header-only and standard C++ only, so that any adapter
// (and the golden one, `chad-oracle serve-adapter`) can use it.
#pragma once
#include <algorithm>
#include <chrono>

namespace chad_adapter {

// The fastest of repeated runs of `work`, in seconds: at least 3 runs and 5 ms in all, at most
// 1,000 runs; a single run past 1 s is not repeated.
template <class Work>
double fastest_seconds(Work&& work) {
  using Clock = std::chrono::steady_clock;
  double fastest = 0, total = 0;
  for (int runs = 1; runs <= 1000; ++runs) {
    const Clock::time_point start = Clock::now();
    work();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    fastest = runs == 1 ? seconds : std::min(fastest, seconds);
    total += seconds;
    if ((runs >= 3 && total >= 0.005) || (runs == 1 && seconds > 1)) break;
  }
  return fastest;
}

}  // namespace chad_adapter

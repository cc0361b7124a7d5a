// Peak memory of one call, for the issue-13 benchmarks: the growth of the process's resident
// set during the call (Linux: the peak is reset through /proc/self/clear_refs, and freed heap
// is handed back with malloc_trim first). Process-level and approximate: memory the allocator
// kept from earlier calls is reused without growth. 0 where /proc cannot be used.
#pragma once
#include <malloc.h>

#include <cstddef>
#include <fstream>
#include <string>

namespace chad::bench {

// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"); -1 if unreadable.
inline long long status_bytes(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1)) * 1024;
  return -1;
}

template <class F>
std::size_t peak_rss_growth(F&& call) {
  malloc_trim(0);
  {
    std::ofstream reset("/proc/self/clear_refs");
    reset << "5";
    if (!reset) return 0;
  }
  const long long before = status_bytes("VmRSS");
  call();
  const long long peak = status_bytes("VmHWM");
  return before < 0 || peak < before ? 0 : std::size_t(peak - before);
}

}  // namespace chad::bench

// A pool for the small, short-lived objects of evaluation (values, environment nodes): per
// thread free lists by 16-byte size class, refilled from 64 KiB chunks that are never returned
// to the system. A thread's free objects go to a shared list when it ends, so an object freed on
// another thread than the one that made it is still fine. Objects of more than 256 bytes use
// operator new. The fast paths are inline: an evaluation allocates several objects per node.
#pragma once
#include <cstddef>
#include <new>

namespace chad {
namespace pool_detail {

inline constexpr std::size_t kGranule = 16;
inline constexpr std::size_t kClasses = 17;  // 16 .. 256 bytes

struct FreeNode {
  FreeNode* next;
};

// This thread's free lists. Trivially destructible, so that reaching them needs no guard; the
// hand-over at thread exit is registered by refill, the first time a thread needs memory.
inline constinit thread_local FreeNode* heads[kClasses] = {};

// A list of free objects of this class (from the shared lists or a new chunk).
FreeNode* refill(std::size_t size_class);

constexpr std::size_t size_class(std::size_t bytes) { return (bytes + kGranule - 1) / kGranule; }

}  // namespace pool_detail

inline void* pool_allocate(std::size_t bytes) {
  using namespace pool_detail;
  const std::size_t c = size_class(bytes);
  if (c >= kClasses || c == 0) return ::operator new(bytes);
  FreeNode* node = heads[c];
  if (!node) [[unlikely]] node = refill(c);
  heads[c] = node->next;
  return node;
}

inline void pool_deallocate(void* p, std::size_t bytes) {
  using namespace pool_detail;
  const std::size_t c = size_class(bytes);
  if (c >= kClasses || c == 0) {
    ::operator delete(p);
    return;
  }
  auto* node = static_cast<FreeNode*>(p);
  node->next = heads[c];
  heads[c] = node;
}

}  // namespace chad

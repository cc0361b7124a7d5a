#include "model/small_object_pool.hpp"

#include <mutex>

namespace chad {
namespace {

constexpr std::size_t kGranule = 16;
constexpr std::size_t kClasses = 17;  // 16 .. 256 bytes
constexpr std::size_t kChunkBytes = 64 * 1024;

struct FreeNode {
  FreeNode* next;
};

// Free objects handed over by threads that ended, by size class.
struct SharedLists {
  std::mutex mutex;
  FreeNode* heads[kClasses] = {};
};
SharedLists& shared_lists() {
  static SharedLists* lists = new SharedLists;  // never destroyed: threads may end after main
  return *lists;
}

struct ThreadLists {
  FreeNode* heads[kClasses] = {};
  ~ThreadLists() {
    SharedLists& shared = shared_lists();
    std::lock_guard<std::mutex> lock(shared.mutex);
    for (std::size_t c = 0; c < kClasses; ++c)
      while (FreeNode* node = heads[c]) {
        heads[c] = node->next;
        node->next = shared.heads[c];
        shared.heads[c] = node;
      }
  }
};
thread_local ThreadLists lists;

FreeNode* refill(std::size_t size_class) {
  {
    SharedLists& shared = shared_lists();
    std::lock_guard<std::mutex> lock(shared.mutex);
    if (FreeNode* taken = shared.heads[size_class]) {
      shared.heads[size_class] = nullptr;
      return taken;
    }
  }
  const std::size_t bytes = size_class * kGranule;
  char* chunk = static_cast<char*>(::operator new(kChunkBytes));
  FreeNode* head = nullptr;
  for (std::size_t offset = 0; offset + bytes <= kChunkBytes; offset += bytes) {
    auto* node = reinterpret_cast<FreeNode*>(chunk + offset);
    node->next = head;
    head = node;
  }
  return head;
}

}  // namespace

void* pool_allocate(std::size_t bytes) {
  const std::size_t size_class = (bytes + kGranule - 1) / kGranule;
  if (size_class >= kClasses || size_class == 0) return ::operator new(bytes);
  FreeNode*& head = lists.heads[size_class];
  if (!head) head = refill(size_class);
  FreeNode* node = head;
  head = node->next;
  return node;
}

void pool_deallocate(void* p, std::size_t bytes) {
  const std::size_t size_class = (bytes + kGranule - 1) / kGranule;
  if (size_class >= kClasses || size_class == 0) {
    ::operator delete(p);
    return;
  }
  auto* node = static_cast<FreeNode*>(p);
  node->next = lists.heads[size_class];
  lists.heads[size_class] = node;
}

}  // namespace chad

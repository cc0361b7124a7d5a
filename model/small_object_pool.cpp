#include "model/small_object_pool.hpp"

#include <mutex>

namespace chad::pool_detail {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

// Free objects handed over by threads that ended, by size class.
struct SharedLists {
  std::mutex mutex;
  FreeNode* heads[kClasses] = {};
};
SharedLists& shared_lists() {
  static SharedLists* lists = new SharedLists;  // never destroyed: threads may end after main
  return *lists;
}

// Hands this thread's free lists over to the shared ones when the thread ends.
struct HandOverAtExit {
  bool registered = false;
  ~HandOverAtExit() {
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
thread_local HandOverAtExit hand_over;

}  // namespace

FreeNode* refill(std::size_t size_class) {
  hand_over.registered = true;  // the first use constructs it, which registers its destructor
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
  // Linked in address order, so that objects allocated one after another lie side by side.
  FreeNode* head = nullptr;
  for (std::size_t offset = (kChunkBytes / bytes - 1) * bytes;; offset -= bytes) {
    auto* node = reinterpret_cast<FreeNode*>(chunk + offset);
    node->next = head;
    head = node;
    if (offset == 0) break;
  }
  return head;
}

}  // namespace chad::pool_detail

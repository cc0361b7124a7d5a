// The kernel runtime's arena (part of chad_runtime.hpp): a bump allocator for one kernel call,
// with its chunks kept per thread between calls; ArenaScope installs one for a call, make<T>,
// arena_array<T> and `new (chad_rt::in_arena)` build in it. Nothing in an arena is ever destroyed.
#ifndef CHAD_RT_ARENA_HPP
#define CHAD_RT_ARENA_HPP

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

namespace chad_rt {

namespace detail {
// Chunks alive in all arenas (for tests that check that a scope releases its memory).
inline std::atomic<long> live_chunks{0};

struct Chunk {
  Chunk* previous;
  std::size_t bytes;
  std::max_align_t padding;  // keeps the data after the header aligned
};

// Chunks of finished arenas, kept (up to 256 MiB per thread) for the next ones: a kernel called
// again and again would otherwise fault its arena's pages in afresh at every call.
struct ChunkCache {
  static constexpr std::size_t kKeptBytes = std::size_t(256) << 20;
  Chunk* head = nullptr;
  std::size_t bytes = 0;
  ChunkCache() = default;
  ChunkCache(const ChunkCache&) = delete;
  ChunkCache& operator=(const ChunkCache&) = delete;
  ~ChunkCache() {
    while (head) {
      Chunk* next = head->previous;
      std::free(head);
      head = next;
    }
  }
  // A kept chunk of at least `needed` bytes, or null.
  Chunk* take(std::size_t needed) {
    for (Chunk** at = &head; *at; at = &(*at)->previous)
      if ((*at)->bytes >= needed) {
        Chunk* c = *at;
        *at = c->previous;
        bytes -= c->bytes;
        return c;
      }
    return nullptr;
  }
  void give(Chunk* c) {
    if (bytes + c->bytes > kKeptBytes) {
      std::free(c);
      return;
    }
    c->previous = head;
    head = c;
    bytes += c->bytes;
  }
};
inline thread_local ChunkCache chunk_cache;
}  // namespace detail

// A bump allocator over a list of chunks (the first 64 KiB, each next one twice as large, up to
// 16 MiB; a larger request gets a chunk of its own). Nothing is freed before the arena is; no
// destructor of an object in it ever runs. Its chunks go back to the thread's ChunkCache.
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    while (head_) {
      Chunk* previous = head_->previous;
      detail::chunk_cache.give(head_);
      detail::live_chunks.fetch_sub(1, std::memory_order_relaxed);
      head_ = previous;
    }
  }

  void* allocate(std::size_t size, std::size_t align) {
    const std::uintptr_t start = (cursor_ + (align - 1)) & ~std::uintptr_t(align - 1);
    if (start + size <= end_ && end_ != 0) [[likely]] {
      cursor_ = start + size;
      return reinterpret_cast<void*>(start);
    }
    return allocate_in_new_chunk(size, align);
  }

  std::size_t chunk_count() const {
    std::size_t count = 0;
    for (const Chunk* c = head_; c; c = c->previous) ++count;
    return count;
  }

 private:
  using Chunk = detail::Chunk;
  static constexpr std::size_t kFirstChunk = std::size_t(64) << 10;
  static constexpr std::size_t kLargestChunk = std::size_t(16) << 20;

  void* allocate_in_new_chunk(std::size_t size, std::size_t align) {
    std::size_t bytes = next_chunk_;
    if (next_chunk_ < kLargestChunk) next_chunk_ *= 2;
    if (bytes < size + align + sizeof(Chunk)) bytes = size + align + sizeof(Chunk);
    Chunk* chunk = detail::chunk_cache.take(bytes);
    if (!chunk) {
      chunk = static_cast<Chunk*>(std::malloc(bytes));
      if (!chunk) throw std::bad_alloc();
      chunk->bytes = bytes;
    }
    detail::live_chunks.fetch_add(1, std::memory_order_relaxed);
    chunk->previous = head_;
    head_ = chunk;
    cursor_ = reinterpret_cast<std::uintptr_t>(chunk) + sizeof(Chunk);
    end_ = reinterpret_cast<std::uintptr_t>(chunk) + chunk->bytes;
    return allocate(size, align);
  }

  Chunk* head_ = nullptr;
  std::uintptr_t cursor_ = 0, end_ = 0;
  std::size_t next_chunk_ = kFirstChunk;
};

namespace detail {
inline thread_local Arena* current_arena = nullptr;
}  // namespace detail

// The current thread's arena: the innermost ArenaScope's, or (outside every scope) one that lives
// as long as the thread.
inline Arena& arena() {
  if (Arena* a = detail::current_arena) [[likely]]
    return *a;
  // The thread's chunk cache is touched first, so that it is destroyed last (thread-locals die in
  // the reverse order of their first use): the arena below gives its chunks back to it at the
  // thread's exit, and they are freed there instead of lost.
  (void)detail::chunk_cache.bytes;
  static thread_local Arena outside_every_scope;
  return outside_every_scope;
}

// Installs a fresh arena for one kernel call; frees it and restores the previous one at exit.
struct ArenaScope {
  ArenaScope() : previous(detail::current_arena) { detail::current_arena = &own; }
  ~ArenaScope() { detail::current_arena = previous; }
  ArenaScope(const ArenaScope&) = delete;
  ArenaScope& operator=(const ArenaScope&) = delete;
  Arena own;
  Arena* previous;
};

// A T built in the current arena (braces for aggregates); its destructor never runs.
template <class T, class... A>
T* make(A&&... args) {
  void* memory = arena().allocate(sizeof(T), alignof(T));
  if constexpr (std::is_aggregate_v<T>)
    return ::new (memory) T{std::forward<A>(args)...};
  else
    return ::new (memory) T(std::forward<A>(args)...);
}

// Room for n values of T in the current arena, not yet built (placement new builds each): the
// loops of folds over lists keep their spine and records here, in chunks kept between calls.
template <class T>
T* arena_array(std::size_t n) {
  return static_cast<T*>(arena().allocate(sizeof(T) * n, alignof(T)));
}

}  // namespace chad_rt

namespace chad_rt {
// `::new (chad_rt::in_arena) auto(lambda)`: a generated closure's lambda built in the current
// arena, its captures copied there straight from the locals they capture. It is an expression,
// not a function template: a campaign's unit holds thousands of lambdas, and each instantiation
// was one more function to compile. Built first on the stack and then copied (as before), a
// closure that captures arrays copied them twice: the GMM's backpropagators capture kilobytes per
// data point (bench/RESULTS.md, issue #33). Its destructor never runs.
struct InArena {};
inline constexpr InArena in_arena{};
}  // namespace chad_rt

inline void* operator new(std::size_t size, chad_rt::InArena) {
  return ::chad_rt::arena().allocate(size, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}
inline void* operator new(std::size_t size, std::align_val_t align, chad_rt::InArena) {
  return ::chad_rt::arena().allocate(size, std::size_t(align));
}
// Called only if a construction in the arena throws: the memory goes with the arena.
inline void operator delete(void*, chad_rt::InArena) noexcept {}
inline void operator delete(void*, std::align_val_t, chad_rt::InArena) noexcept {}

#endif  // CHAD_RT_ARENA_HPP

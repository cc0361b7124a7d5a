// A pool for the small, short-lived objects of evaluation (values, environment nodes): per
// thread free lists by 16-byte size class, refilled from 64 KiB chunks that are never returned
// to the system. A thread's free objects go to a shared list when it ends, so an object freed on
// another thread than the one that made it is still fine. Objects of more than 256 bytes use
// operator new.
#pragma once
#include <cstddef>
#include <new>

namespace chad {

void* pool_allocate(std::size_t bytes);
void pool_deallocate(void* p, std::size_t bytes);

// A standard allocator over the pool (for std::__allocate_shared).
template <class T>
struct PoolAllocator {
  using value_type = T;
  PoolAllocator() = default;
  template <class U>
  PoolAllocator(const PoolAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(pool_allocate(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { pool_deallocate(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const PoolAllocator<U>&) const { return true; }
  template <class U>
  bool operator!=(const PoolAllocator<U>&) const { return false; }
};

}  // namespace chad

// LocalP<T>: the shared handle of the model's values and environments. One word: a pointer to a
// pool-allocated block holding a plain (non-atomic) reference count beside the object, with no
// weak count and no virtual deleter, so copying, dropping and freeing a handle are a few inline
// instructions. An evaluation makes and drops several per node of a value a million nodes long.
// Single-threaded by design: values are built, shared and dropped by one evaluating thread
// (never share a value between threads that use it at the same time).
#pragma once
#include <cstddef>
#include <type_traits>
#include <utility>

#include "model/small_object_pool.hpp"

namespace chad {

// The block a LocalP points to (keyed by the object's type without const, so that a
// LocalP<T> converts to a LocalP<const T>).
template <class M>
struct LocalBlock {
  std::size_t count = 1;
  M object;
  template <class... Args>
  explicit LocalBlock(Args&&... args) : object(std::forward<Args>(args)...) {}
};

template <class T>
class LocalP {
  using Mutable = std::remove_const_t<T>;
  using Block = LocalBlock<Mutable>;
  template <class U>
  friend class LocalP;
  template <class U, class... Args>
  friend LocalP<U> make_local(Args&&... args);

 public:
  LocalP() = default;
  LocalP(std::nullptr_t) {}
  LocalP(const LocalP& other) : block_(other.block_) { retain(); }
  LocalP(LocalP&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  // LocalP<T> to LocalP<const T>.
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, Mutable> &&
                                              std::is_const_v<T> && !std::is_const_v<U>>>
  LocalP(const LocalP<U>& other) : block_(other.block_) {
    retain();
  }
  template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<U>, Mutable> &&
                                              std::is_const_v<T> && !std::is_const_v<U>>>
  LocalP(LocalP<U>&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
  ~LocalP() { release(); }

  LocalP& operator=(const LocalP& other) {
    LocalP(other).swap(*this);
    return *this;
  }
  LocalP& operator=(LocalP&& other) noexcept {
    LocalP(std::move(other)).swap(*this);
    return *this;
  }
  LocalP& operator=(std::nullptr_t) {
    reset();
    return *this;
  }

  void reset() { LocalP().swap(*this); }
  void swap(LocalP& other) noexcept { std::swap(block_, other.block_); }

  T* get() const { return block_ ? &block_->object : nullptr; }
  T& operator*() const { return block_->object; }
  T* operator->() const { return &block_->object; }
  explicit operator bool() const { return block_ != nullptr; }

  friend bool operator==(const LocalP& a, const LocalP& b) { return a.block_ == b.block_; }
  friend bool operator!=(const LocalP& a, const LocalP& b) { return a.block_ != b.block_; }
  friend bool operator==(const LocalP& a, std::nullptr_t) { return a.block_ == nullptr; }
  friend bool operator!=(const LocalP& a, std::nullptr_t) { return a.block_ != nullptr; }

 private:
  explicit LocalP(Block* block) : block_(block) {}
  void retain() const {
    if (block_) ++block_->count;
  }
  void release() {
    if (block_ && --block_->count == 0) destroy(block_);
  }
  [[gnu::noinline]] static void destroy(Block* block) {
    block->~Block();
    pool_deallocate(block, sizeof(Block));
  }

  Block* block_ = nullptr;
};

template <class T, class... Args>
LocalP<T> make_local(Args&&... args) {
  using Block = LocalBlock<std::remove_const_t<T>>;
  void* memory = pool_allocate(sizeof(Block));
  try {
    return LocalP<T>(new (memory) Block(std::forward<Args>(args)...));
  } catch (...) {
    pool_deallocate(memory, sizeof(Block));
    throw;
  }
}

}  // namespace chad

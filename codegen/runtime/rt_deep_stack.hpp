// The kernel runtime's deep stack (part of chad_runtime.hpp): run_on_deep_stack runs work on a
// 4 GiB stack (on the same thread, swapcontext) when the current one has less than 256 MiB left.
// The same technique as syntax/deep_stack.cpp, written again because a kernel is one standalone
// C++ text (standard library only) that cannot link the core's syntax library; the two
// also differ in use: the core's takes a std::function for any stack size, this one a template
// callable with a process-wide pool of stacks kept between kernel calls.
#ifndef CHAD_RT_DEEP_STACK_HPP
#define CHAD_RT_DEEP_STACK_HPP

#include <sys/mman.h>
#include <pthread.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <exception>
#include <memory>
#include <type_traits>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define CHAD_RT_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHAD_RT_ASAN_FIBERS 1
#endif
#endif
#ifdef CHAD_RT_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace chad_rt {

// A fold over a tree, or a forward fold's tangent over a list, recurses once per node (folds over
// lists are loops: codegen/emit_fold_spine.cpp). A body runs on a 4 GiB stack
// (reserved, committed as it is touched) when the current one has less than 256 MiB left. The
// deep stack is switched to on the same thread (swapcontext), not a new thread: starting a thread
// would make every shared_ptr count of the calling process atomic from then on
// (syntax/deep_stack.hpp does the same for the same reason).

constexpr std::size_t kDeepStackBytes = std::size_t(4) << 30;
constexpr std::size_t kDeepStackThreshold = std::size_t(256) << 20;

namespace detail {
inline thread_local char* deep_stack_low = nullptr;  // the deep stack's low end, while on it

// Bytes left below the caller's frame on the current stack (0 when unknown).
inline std::size_t stack_room() {
  char* here = static_cast<char*>(__builtin_frame_address(0));
  char* low = deep_stack_low;
  if (!low) {
    static thread_local char* thread_low = nullptr;
    static thread_local bool known = false;
    if (!known) {  // once per thread: for the main thread glibc reads /proc/self/maps
      pthread_attr_t attributes;
      if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
        void* address = nullptr;
        std::size_t size = 0;
        if (pthread_attr_getstack(&attributes, &address, &size) == 0) thread_low = static_cast<char*>(address);
        pthread_attr_destroy(&attributes);
      }
      known = true;
    }
    low = thread_low;
  }
  return low && here > low ? std::size_t(here - low) : 0;
}

struct DeepJob {
  void (*run)(void*);
  void* argument;
  char* low;
  std::exception_ptr error;
  ucontext_t caller, deep;
  const void* caller_stack_bottom = nullptr;
  std::size_t caller_stack_size = 0;
};
inline thread_local DeepJob* starting_job = nullptr;  // makecontext passes no pointer portably

inline void deep_entry() {
  DeepJob* job = starting_job;
#ifdef CHAD_RT_ASAN_FIBERS
  __sanitizer_finish_switch_fiber(nullptr, &job->caller_stack_bottom, &job->caller_stack_size);
#endif
  deep_stack_low = job->low;
  try {
    job->run(job->argument);
  } catch (...) {  // never unwind across the switch: the caller re-throws it
    job->error = std::current_exception();
  }
#ifdef CHAD_RT_ASAN_FIBERS
  __sanitizer_start_switch_fiber(nullptr, job->caller_stack_bottom, job->caller_stack_size);
#endif
}  // returns to job->caller (uc_link)

// Deep stacks are reserved once and kept for reuse (a process-wide free list: mapping and
// unmapping 4 GiB costs tens of microseconds a call). After a use that went below the top
// 1 GiB (the page just below is resident: the stack grows down page by page), the pages below
// are given back (MADV_DONTNEED), so a very deep call leaves at most 1 GiB committed.
struct DeepStackPool {
  std::atomic_flag busy = ATOMIC_FLAG_INIT;
  std::vector<void*> free;
  // (not inlined into run_on_new_deep_stack: its `memory` would then live across getcontext,
  // which GCC's -Wclobbered reads as a setjmp)
  [[gnu::noinline]] void* take() {
    void* memory = nullptr;
    while (busy.test_and_set(std::memory_order_acquire)) {}
    if (!free.empty()) memory = free.back(), free.pop_back();
    busy.clear(std::memory_order_release);
    if (memory) return memory;
    memory = mmap(nullptr, kDeepStackBytes, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    mprotect(memory, std::size_t(sysconf(_SC_PAGESIZE)), PROT_NONE);  // an overflow faults
    return memory;
  }
  void give_back(void* memory) {
    // Up to 1 GiB stays committed for the next call (a benchmark's loop would otherwise fault a
    // deep fold's frames in afresh at every call); below that, the pages are given back.
    const std::size_t kept = std::size_t(1) << 30, page = std::size_t(sysconf(_SC_PAGESIZE));
    unsigned char resident = 0;
    char* below_kept = static_cast<char*>(memory) + kDeepStackBytes - kept - page;
    if (mincore(below_kept, page, &resident) != 0 || (resident & 1))
      madvise(memory, kDeepStackBytes - kept, MADV_DONTNEED);
    while (busy.test_and_set(std::memory_order_acquire)) {}
    free.push_back(memory);
    busy.clear(std::memory_order_release);
  }
};
inline DeepStackPool deep_stack_pool;

// Runs run(argument) on a deep stack; false when none could be made (nothing ran).
inline bool run_on_new_deep_stack(void (*run)(void*), void* argument) {
  void* memory = deep_stack_pool.take();
  if (!memory) return false;
  const std::size_t guard = std::size_t(sysconf(_SC_PAGESIZE));
  DeepJob job{run, argument, static_cast<char*>(memory) + guard, nullptr, {}, {}};
  char* const saved_low = deep_stack_low;
  DeepJob* const saved_job = starting_job;
  bool ran = false;
  if (getcontext(&job.deep) == 0) {
    job.deep.uc_stack.ss_sp = job.low;
    job.deep.uc_stack.ss_size = kDeepStackBytes - guard;
    job.deep.uc_link = &job.caller;
    makecontext(&job.deep, &deep_entry, 0);
    starting_job = &job;
#ifdef CHAD_RT_ASAN_FIBERS
    void* fake_stack = nullptr;
    __sanitizer_start_switch_fiber(&fake_stack, job.low, kDeepStackBytes - guard);
#endif
    ran = swapcontext(&job.caller, &job.deep) == 0;
#ifdef CHAD_RT_ASAN_FIBERS
    __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#endif
  }
  starting_job = saved_job;
  deep_stack_low = saved_low;
  deep_stack_pool.give_back(memory);
  if (job.error) std::rethrow_exception(job.error);
  return ran;
}
}  // namespace detail

// Runs work() to completion with at least kDeepStackThreshold bytes of stack: here when there is
// that much room (or when no deep stack can be reserved), else on a fresh 4 GiB stack. The work's
// exception is re-thrown here. A caller that runs many kernels (a benchmark loop) can wrap the
// whole loop in it, so that each run_kernel inside runs directly.
template <class F>
void run_on_deep_stack(F&& work) {
  if (detail::stack_room() >= kDeepStackThreshold) {
    work();
    return;
  }
  using W = std::remove_reference_t<F>;
  auto run = [](void* w) { (*static_cast<W*>(w))(); };
  if (!detail::run_on_new_deep_stack(run, static_cast<void*>(std::addressof(work)))) work();
}

}  // namespace chad_rt

#endif  // CHAD_RT_DEEP_STACK_HPP

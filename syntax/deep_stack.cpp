#include "syntax/deep_stack.hpp"

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

// AddressSanitizer keeps its own idea of where the current stack is; a switch it is not told
// about makes it report the deep stack's frames as wild accesses. Announce each switch.
#if defined(__SANITIZE_ADDRESS__)
#define CHAD_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHAD_ASAN_FIBERS 1
#endif
#endif
#ifdef CHAD_ASAN_FIBERS
#include <sanitizer/common_interface_defs.h>
#endif

namespace chad {
namespace {

#ifdef CHAD_ASAN_FIBERS
void announce_switch_start(void** fake_stack_save, const void* bottom, std::size_t size) {
  __sanitizer_start_switch_fiber(fake_stack_save, bottom, size);
}
void announce_switch_finish(void* fake_stack_save, const void** old_bottom,
                            std::size_t* old_size) {
  __sanitizer_finish_switch_fiber(fake_stack_save, old_bottom, old_size);
}
#else
void announce_switch_start(void**, const void*, std::size_t) {}
void announce_switch_finish(void*, const void**, std::size_t*) {}
#endif

// The size of the deep stack this thread is running on (0: its ordinary stack).
thread_local std::size_t current_deep_stack = 0;

std::size_t page_bytes() { return std::size_t(sysconf(_SC_PAGESIZE)); }

// A stack's memory: reserved, committed page by page as it is touched, with a guard page at its
// low end (an overflow faults instead of writing past it).
struct StackMemory {
  void* memory = nullptr;  // null: not mapped
  std::size_t bytes = 0;

  char* usable_bottom() const { return static_cast<char*>(memory) + page_bytes(); }
  std::size_t usable_bytes() const { return bytes - page_bytes(); }
};

StackMemory map_stack(std::size_t bytes) {
  void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (memory == MAP_FAILED) return {};  // could not reserve it (e.g. a tight ulimit -v)
  mprotect(memory, page_bytes(), PROT_NONE);
  return {memory, bytes};
}

void unmap_stack(StackMemory& stack) {
  if (stack.memory != nullptr) munmap(stack.memory, stack.bytes);
  stack = {};
}

// The pages of a kept stack that stay committed between calls: the top 32 MiB (far more than
// a command on an ordinary program touches). What a deeper call touched below that is given back
// after it, so the memory a thread keeps is bounded whatever it ran.
constexpr std::size_t kKeptCommittedBytes = std::size_t(32) << 20;

void release_pages_below_kept_top(const StackMemory& stack) {
  if (stack.usable_bytes() <= kKeptCommittedBytes) return;
  madvise(stack.usable_bottom(), stack.usable_bytes() - kKeptCommittedBytes, MADV_DONTNEED);
}

// The thread's kept stack: mapped by its first call and reused by each later call it is large
// enough for, so a campaign or a fuzzer calling thousands of times does not map, fault in and
// unmap a fresh stack each time. A nested call that needs more while it is in use gets a stack of
// its own for that call.
struct KeptStack {
  StackMemory stack;
  bool in_use = false;
  // Under AddressSanitizer: the fake stack (detect_stack_use_after_return) of the work run on it,
  // kept with it rather than re-created at every switch.
  void* fake_stack = nullptr;
  ~KeptStack() { unmap_stack(stack); }
};
thread_local KeptStack kept;

struct Job {
  const std::function<void()>* work;
  std::size_t stack_bytes;
  void** fake_stack_save;  // where the deep side's fake stack goes when it is left (null: dropped)
  std::exception_ptr error;
  ucontext_t caller, deep;
  const void* caller_stack_bottom = nullptr;  // for the switch back (AddressSanitizer)
  std::size_t caller_stack_size = 0;
};
// The job being started (makecontext passes no pointer portably).
thread_local Job* starting_job = nullptr;

void run_job() {
  Job* job = starting_job;
  announce_switch_finish(job->fake_stack_save != nullptr ? *job->fake_stack_save : nullptr,
                         &job->caller_stack_bottom, &job->caller_stack_size);
  current_deep_stack = job->stack_bytes;
  try {
    (*job->work)();
  } catch (...) {  // never unwind across the switch: hand the exception to the caller
    job->error = std::current_exception();
  }
  announce_switch_start(job->fake_stack_save, job->caller_stack_bottom, job->caller_stack_size);
}  // returns to job->caller (uc_link)

// Runs work on `stack` (from its top: whatever an earlier call left on it is dead) and re-throws
// its exception here.
void run_on(const StackMemory& stack, const std::function<void()>& work, void** fake_stack_save) {
  Job job{&work, stack.bytes, fake_stack_save, nullptr, {}, {}};
  getcontext(&job.deep);
  job.deep.uc_stack.ss_sp = stack.usable_bottom();
  job.deep.uc_stack.ss_size = stack.usable_bytes();
  job.deep.uc_link = &job.caller;
  makecontext(&job.deep, run_job, 0);
  const std::size_t outer = current_deep_stack;
  starting_job = &job;
  void* caller_fake_stack = nullptr;
  announce_switch_start(&caller_fake_stack, job.deep.uc_stack.ss_sp, job.deep.uc_stack.ss_size);
  swapcontext(&job.caller, &job.deep);
  announce_switch_finish(caller_fake_stack, nullptr, nullptr);
  current_deep_stack = outer;
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace

void run_with_deep_stack(const std::function<void()>& work, std::size_t stack_bytes) {
  if (current_deep_stack >= stack_bytes) {  // already deep enough (a campaign parses thousands)
    work();
    return;
  }
  if (!kept.in_use) {
    if (kept.stack.bytes < stack_bytes) {
      unmap_stack(kept.stack);
      kept.fake_stack = nullptr;  // (AddressSanitizer) its fake stack leaks: at most once per size
      kept.stack = map_stack(stack_bytes);
    }
    if (kept.stack.memory == nullptr) {  // could not reserve it: run here
      work();
      return;
    }
    struct Release {
      ~Release() {
        release_pages_below_kept_top(kept.stack);
        kept.in_use = false;
      }
    } release;
    kept.in_use = true;
    run_on(kept.stack, work, &kept.fake_stack);
    return;
  }
  StackMemory own = map_stack(stack_bytes);
  if (own.memory == nullptr) {
    work();
    return;
  }
  struct Unmap {
    StackMemory& stack;
    ~Unmap() { unmap_stack(stack); }
  } unmap{own};
  run_on(own, work, nullptr);  // this stack is left for good: no fake stack to keep
}

}  // namespace chad

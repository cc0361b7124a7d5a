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

struct Job {
  const std::function<void()>* work;
  std::size_t stack_bytes;
  std::exception_ptr error;
  ucontext_t caller, deep;
  const void* caller_stack_bottom = nullptr;  // for the switch back (AddressSanitizer)
  std::size_t caller_stack_size = 0;
};
// The job being started (makecontext passes no pointer portably).
thread_local Job* starting_job = nullptr;

void run_job() {
  Job* job = starting_job;
  announce_switch_finish(nullptr, &job->caller_stack_bottom, &job->caller_stack_size);
  current_deep_stack = job->stack_bytes;
  try {
    (*job->work)();
  } catch (...) {  // never unwind across the switch: hand the exception to the caller
    job->error = std::current_exception();
  }
  // This stack is left for good: no fake stack to save.
  announce_switch_start(nullptr, job->caller_stack_bottom, job->caller_stack_size);
}  // returns to job->caller (uc_link)

}  // namespace

void run_with_deep_stack(const std::function<void()>& work, std::size_t stack_bytes) {
  if (current_deep_stack >= stack_bytes) {  // already deep enough (a campaign parses thousands)
    work();
    return;
  }
  void* memory = mmap(nullptr, stack_bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (memory == MAP_FAILED) {  // could not reserve it (e.g. a tight ulimit -v): run here
    work();
    return;
  }
  const std::size_t guard = std::size_t(sysconf(_SC_PAGESIZE));
  mprotect(memory, guard, PROT_NONE);  // an overflow faults instead of writing past the stack
  Job job{&work, stack_bytes, nullptr, {}, {}};
  getcontext(&job.deep);
  job.deep.uc_stack.ss_sp = static_cast<char*>(memory) + guard;
  job.deep.uc_stack.ss_size = stack_bytes - guard;
  job.deep.uc_link = &job.caller;
  makecontext(&job.deep, run_job, 0);
  const std::size_t outer = current_deep_stack;
  starting_job = &job;
  void* caller_fake_stack = nullptr;
  announce_switch_start(&caller_fake_stack, job.deep.uc_stack.ss_sp, job.deep.uc_stack.ss_size);
  swapcontext(&job.caller, &job.deep);
  announce_switch_finish(caller_fake_stack, nullptr, nullptr);
  current_deep_stack = outer;
  munmap(memory, stack_bytes);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace chad

#include "syntax/deep_stack.hpp"

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

namespace chad {
namespace {

// The size of the deep stack this thread is running on (0: its ordinary stack).
thread_local std::size_t current_deep_stack = 0;

struct Job {
  const std::function<void()>* work;
  std::size_t stack_bytes;
  std::exception_ptr error;
  ucontext_t caller, deep;
};
// The job being started (makecontext passes no pointer portably).
thread_local Job* starting_job = nullptr;

void run_job() {
  Job* job = starting_job;
  current_deep_stack = job->stack_bytes;
  try {
    (*job->work)();
  } catch (...) {  // never unwind across the switch: hand the exception to the caller
    job->error = std::current_exception();
  }
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
  swapcontext(&job.caller, &job.deep);
  current_deep_stack = outer;
  munmap(memory, stack_bytes);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace chad

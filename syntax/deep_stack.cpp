#include "syntax/deep_stack.hpp"

#include <pthread.h>

#include <stdexcept>
#include <string>

namespace chad {
namespace {

// The stack size of the deep-stack thread this thread is (0: an ordinary thread).
thread_local std::size_t current_deep_stack = 0;

struct Job {
  const std::function<void()>* work;
  std::size_t stack_bytes;
  std::exception_ptr error;
};

void* run_job(void* raw) {
  auto* job = static_cast<Job*>(raw);
  current_deep_stack = job->stack_bytes;
  try {
    (*job->work)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_with_deep_stack(const std::function<void()>& work, std::size_t stack_bytes) {
  if (current_deep_stack >= stack_bytes) {  // already deep enough (a campaign parses thousands)
    work();
    return;
  }
  Job job{&work, stack_bytes, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                 pthread_create(&thread, &attr, run_job, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    // Could not reserve the stack (e.g. a tight ulimit -v): run here, on the normal stack.
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace chad

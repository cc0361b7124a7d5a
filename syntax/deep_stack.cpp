#include "syntax/deep_stack.hpp"

#include <pthread.h>

#include <stdexcept>
#include <string>

namespace chad {
namespace {

struct Job {
  const std::function<void()>* work;
  std::exception_ptr error;
};

void* run_job(void* raw) {
  auto* job = static_cast<Job*>(raw);
  try {
    (*job->work)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_with_deep_stack(const std::function<void()>& work, std::size_t stack_bytes) {
  Job job{&work, nullptr};
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

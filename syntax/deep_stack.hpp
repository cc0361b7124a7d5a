// Runs work on a deep stack. Programs and values nest deeply (a list of a million elements is a
// million nested rolls), and the parser, checker, evaluator, printers and destructors recurse
// over them; the main thread's 8 MiB stack is not enough. The deep stack is a separate stack on
// the same thread (switched to and back with swapcontext), not a new thread: a process that
// never starts a thread keeps libstdc++'s shared_ptr reference counts non-atomic, which makes
// every copy of a term or type handle cheaper. Exceptions thrown by the work are re-thrown in
// the caller.
#pragma once
#include <cstddef>
#include <exception>
#include <functional>

namespace chad {

constexpr std::size_t kDeepStackBytes = std::size_t(4) << 30;  // reserved, committed lazily

// Runs `work` to completion on a stack `stack_bytes` long (on the current one when it is already
// such a stack with at least that much room, or when the memory cannot be reserved).
void run_with_deep_stack(const std::function<void()>& work,
                         std::size_t stack_bytes = kDeepStackBytes);

}  // namespace chad

// Runs work on a thread with a deep stack. Programs and values nest deeply (a list of a
// million elements is a million nested rolls), and the parser, checker, evaluator, printers
// and destructors recurse over them; the main thread's 8 MiB stack is not enough. Exceptions
// thrown by the work are re-thrown in the caller.
#pragma once
#include <cstddef>
#include <exception>
#include <functional>

namespace chad {

constexpr std::size_t kDeepStackBytes = std::size_t(4) << 30;  // reserved, committed lazily

// Runs `work` to completion on a thread whose stack is `stack_bytes` long (on this thread when
// it is already such a thread with at least that much stack).
void run_with_deep_stack(const std::function<void()>& work,
                         std::size_t stack_bytes = kDeepStackBytes);

}  // namespace chad

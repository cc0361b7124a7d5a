// Test support: whether the tests are built with AddressSanitizer (CHAD_SANITIZE=address,...),
// and a skip for what it cannot check. An exception thrown from more than 64 MiB of stack
// (deep recursion on syntax/deep_stack.hpp's stack) is beyond it: it declines to clear so deep
// a stack's shadow while unwinding ("ASan is ignoring requested __asan_handle_no_return") and
// then reports false stack-buffer-overflows.
#pragma once
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace chad::testing {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAddressSanitizer = true;
#else
constexpr bool kUnderAddressSanitizer = false;
#endif
#else
constexpr bool kUnderAddressSanitizer = false;
#endif

// Removes from a tool's output the line AddressSanitizer prints at the deep stack's first
// switch ("WARNING: ASan doesn't fully support makecontext/swapcontext functions ..."), so
// that outputs compare as in an ordinary build.
inline void drop_swapcontext_warning(std::string& output) {
  if (!kUnderAddressSanitizer) return;
  const std::size_t at = output.find("WARNING: ASan doesn't fully support makecontext/swapcontext");
  if (at == std::string::npos) return;
  const std::size_t start = output.rfind('\n', at);
  const std::size_t from = start == std::string::npos ? 0 : start + 1;
  const std::size_t end = output.find('\n', at);
  output.erase(from, end == std::string::npos ? std::string::npos : end + 1 - from);
}

// While it lives, the processes a test starts die of SIGSEGV as in an ordinary build: under
// AddressSanitizer its own SIGSEGV handler would catch a deliberate crash, print a report and
// exit with status 1, so it is turned off for them (ASAN_OPTIONS handle_segv=0, kept with the
// options already there). Does nothing in an ordinary build.
class DefaultSegvInChildren {
 public:
  DefaultSegvInChildren() {
    if (!kUnderAddressSanitizer) return;
    const char* options = std::getenv("ASAN_OPTIONS");
    if (options) saved_ = options;
    const std::string before = saved_ && !saved_->empty() ? *saved_ + ":" : "";
    setenv("ASAN_OPTIONS", (before + "handle_segv=0").c_str(), 1);
  }
  ~DefaultSegvInChildren() {
    if (!kUnderAddressSanitizer) return;
    if (saved_)
      setenv("ASAN_OPTIONS", saved_->c_str(), 1);
    else
      unsetenv("ASAN_OPTIONS");
  }
  DefaultSegvInChildren(const DefaultSegvInChildren&) = delete;
  DefaultSegvInChildren& operator=(const DefaultSegvInChildren&) = delete;

 private:
  std::optional<std::string> saved_;
};

}  // namespace chad::testing

// In a test that throws from more than 64 MiB of recursion: skips it under AddressSanitizer.
#define CHAD_SKIP_DEEP_THROW_UNDER_ASAN()                                                      \
  if (::chad::testing::kUnderAddressSanitizer)                                                \
  GTEST_SKIP() << "AddressSanitizer limitation: an exception thrown from more than 64 MiB of " \
                  "stack (it does not clear so deep a stack's shadow when unwinding)"

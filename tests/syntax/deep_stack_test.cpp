// run_with_deep_stack (syntax/deep_stack.hpp): recursion far deeper than an 8 MiB stack allows,
// exceptions handed back to the caller, nesting, no thread started, and the thread's stack kept
// from call to call with a bounded part of it committed.
#include "syntax/deep_stack.hpp"

#include <sys/resource.h>
#include <sys/single_threaded.h>

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "../support/address_sanitizer.hpp"

namespace chad {
namespace {

// Each frame holds 256 bytes and hands their address to the next call, so no frame can be
// dropped or turned into a loop: depth n needs over 256 n bytes of stack.
[[gnu::noinline]] int depth(int n, volatile char* parent = nullptr) {
  volatile char frame[256];
  frame[0] = char(n);
  if (n == 0) return parent && parent[0] != 1 ? -1 : 0;
  return depth(n - 1, frame) + 1;
}

TEST(DeepStack, RecursionFarDeeperThanAnOrdinaryStackRuns) {
  int result = -1;
  run_with_deep_stack([&] { result = depth(400000); });  // over 100 MiB of frames
  EXPECT_EQ(result, 400000);
}

TEST(DeepStack, AnExceptionReachesTheCaller) {
  EXPECT_THROW(run_with_deep_stack([] { throw std::invalid_argument("from the deep stack"); }),
               std::invalid_argument);
  // The stack can be used again afterwards.
  int result = -1;
  run_with_deep_stack([&] { result = depth(1000); });
  EXPECT_EQ(result, 1000);
}

TEST(DeepStack, NestedCallsRunAndPassExceptionsOutward) {
  int inner_ran = 0;
  EXPECT_THROW(run_with_deep_stack([&] {
                 run_with_deep_stack([&] { ++inner_ran; });  // deep enough already: runs here
                 run_with_deep_stack([&] {                   // a bigger stack: switched to
                   ++inner_ran;
                   throw std::runtime_error("inner");
                 }, kDeepStackBytes * 2);
               }),
               std::runtime_error);
  EXPECT_EQ(inner_ran, 2);
}

// Touches `bytes` of stack in one frame, a write every 4 KiB page.
[[gnu::noinline]] void touch_stack(std::size_t bytes) {
  constexpr std::size_t kMaxBytes = std::size_t(4) << 20;
  [[maybe_unused]] volatile char frame[kMaxBytes];
  for (std::size_t i = 0; i < bytes && i < kMaxBytes; i += 4096) frame[i] = 1;
}

long minor_page_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

TEST(DeepStack, LaterCallsReuseTheStackWithoutFaultingItInAgain) {
  run_with_deep_stack([] { touch_stack(std::size_t(4) << 20); });  // maps and touches it
  const long before = minor_page_faults();
  for (int call = 0; call < 100; ++call) run_with_deep_stack([] { touch_stack(std::size_t(4) << 20); });
  // A fresh stack per call faults in 4 MiB / 4 KiB = 1,024 pages each time: 102,400 in all.
  // The kept stack's pages stay mapped, so only what else the calls allocate may fault (and,
  // under AddressSanitizer, the stack's shadow, an eighth of it: 128 pages a call).
  EXPECT_LT(minor_page_faults() - before, 102400 / 4);
}

long resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string key;
  long kib = 0;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> kib;
      return kib;
    }
    status.ignore(1 << 20, '\n');
  }
  return -1;
}

TEST(DeepStack, TheKeptStackGivesBackWhatADeepCallTouched) {
  // The bound is on the stack's own pages. Under AddressSanitizer the resident size also holds
  // the shadow and fake frames of the 300 MiB the call touched, which the runtime owns (g++ 12's
  // libasan keeps them: 92 MiB measured); the ordinary build checks the bound.
  if (testing::kUnderAddressSanitizer)
    GTEST_SKIP() << "AddressSanitizer's shadow of the touched stack counts in the resident size";
  run_with_deep_stack([] {});
  const long before = resident_kib();
  ASSERT_GT(before, 0);
  int result = -1;
  run_with_deep_stack([&] { result = depth(1200000); });  // over 300 MiB of frames
  EXPECT_EQ(result, 1200000);
  // One more (shallow) call: under AddressSanitizer, the switch clears the deep stack's shadow.
  run_with_deep_stack([] {});
  // At most the top 32 MiB of the stack stays committed (deep_stack.cpp): the process keeps
  // that and a margin, not the 300 MiB the call touched.
  EXPECT_LT(resident_kib() - before, 64 * 1024);
}

TEST(DeepStack, AStackOfItsOwnForANestedCallThatNeedsMore) {
  int depth_reached = -1;
  run_with_deep_stack([&] {
    // The kept stack is in use here; the nested call cannot take it, and gets one of its own.
    run_with_deep_stack([&] { depth_reached = depth(400000); }, kDeepStackBytes * 2);
  });
  EXPECT_EQ(depth_reached, 400000);
  // A bigger request at the top level replaces the kept stack; a smaller one then reuses it.
  run_with_deep_stack([&] { depth_reached = depth(1000); }, kDeepStackBytes * 2);
  EXPECT_EQ(depth_reached, 1000);
  run_with_deep_stack([&] { depth_reached = depth(2000); });
  EXPECT_EQ(depth_reached, 2000);
}

TEST(DeepStack, StartsNoThread) {
  if (!__libc_single_threaded) GTEST_SKIP() << "this process already started a thread";
  run_with_deep_stack([] { depth(10); });
  // A process that never starts a thread keeps shared_ptr reference counts non-atomic.
  EXPECT_TRUE(__libc_single_threaded);
}

}  // namespace
}  // namespace chad

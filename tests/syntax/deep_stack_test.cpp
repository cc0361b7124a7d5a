// run_with_deep_stack (syntax/deep_stack.hpp): recursion far deeper than an 8 MiB stack allows,
// exceptions handed back to the caller, nesting, and no thread started.
#include "syntax/deep_stack.hpp"

#include <sys/single_threaded.h>

#include <gtest/gtest.h>

#include <stdexcept>

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

TEST(DeepStack, StartsNoThread) {
  if (!__libc_single_threaded) GTEST_SKIP() << "this process already started a thread";
  run_with_deep_stack([] { depth(10); });
  // A process that never starts a thread keeps shared_ptr reference counts non-atomic.
  EXPECT_TRUE(__libc_single_threaded);
}

}  // namespace
}  // namespace chad

// DeferredSum<Env>::call_lending and take_back (codegen/runtime/rt_linear.hpp), the runtime side
// of codegen/lent_cells.cpp: the sum over the calls is the same as adding each call's pack; from
// the second call on the cell owns its pack and the calls add into it in place (its address stays,
// and a pack the cell took from the first call is not changed); a call that throws leaves no cell
// lent; a plain function (no accumulating thunk) adds its value into the lent cell too.
#include "chad_runtime.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

using namespace chad_rt;

using Context = Pair<Unit, Arr<double, 3>>;
using Result = Pair<double, Env>;
constexpr int kContext = 5;

// A node's per-point backpropagator as the emitter writes one: x into its own part, and k x in
// every entry of its context cotangent, packed.
Fn<double, Result> packing(const double& k) {
  const auto* const adds = ::new (in_arena) auto([k](const double& x, Result& acc) {
    if (x < 0) throw DomainError("negative");
    accumulate<double>(acc.fst, x);
    accumulate_packed<Context>(acc.snd, Context{Unit{}, Arr<double, 3>::Constant(k * x)}, kContext);
  });
  return {nullptr, adds, &detail::accumulate_by_lambda<double, Result, decltype(adds)>};
}

Env& second(Result& r) { return r.snd; }

TEST(RuntimeLending, TheCellsSumIsEveryCallsAndTheCallsAddIntoItsOwnPack) {
  ArenaScope scope;
  DeferredSum<Env> cell;
  const Fn<double, Result> f = packing(2.0);
  Env first_pack;
  const void* owned = nullptr;
  double total = 0;
  for (double x : {1.0, 2.0, 3.0, 4.0, 5.0}) {
    const Result r = cell.call_lending(f, x, &second);
    EXPECT_EQ(r.fst, x);  // the result's other part is the call's own
    if (x > 2.0) {
      EXPECT_EQ(r.snd.value, owned) << "the call made a pack of its own at " << x;
    }
    cell.take_back(r.snd);
    total += x;
    if (x == 1.0) first_pack = r.snd;
    if (x == 2.0) owned = cell.sum.value;  // made by the second add: the cell's own
    if (x > 2.0) {
      EXPECT_EQ(cell.sum.value, owned);  // added into where it lies
    }
    EXPECT_EQ(detail::lent_env, nullptr);
  }
  EXPECT_EQ(env_view<Context>(cell.sum, kContext).snd(1), 2 * total);
  EXPECT_EQ(env_view<Context>(first_pack, kContext).snd(1), 2.0);  // the first call's pack is unchanged
  cell.reset();
  const Result again = cell.call_lending(f, 1.0, &second);  // not owned after a reset: a pack of its own
  EXPECT_NE(again.snd.value, owned);
}

TEST(RuntimeLending, ACallThatThrowsLeavesNoCellLent) {
  ArenaScope scope;
  DeferredSum<Env> cell;
  const Fn<double, Result> f = packing(1.0);
  for (double x : {1.0, 2.0}) cell.take_back(cell.call_lending(f, x, &second).snd);
  EXPECT_THROW(cell.call_lending(f, -1.0, &second), DomainError);
  EXPECT_EQ(detail::lent_env, nullptr);
}

TEST(RuntimeLending, APlainFunctionsValueIsAddedIntoTheLentCell) {
  ArenaScope scope;
  DeferredSum<Env> cell;
  const Fn<double, Result> f = fn<double, Result>([](const double& x) {
    return Result{x, env_pack<Context>(Context{Unit{}, Arr<double, 3>::Constant(x)}, kContext)};
  });
  for (double x : {1.0, 2.0, 3.0}) cell.take_back(cell.call_lending(f, x, &second).snd);
  EXPECT_EQ(env_view<Context>(cell.sum, kContext).snd(0), 6.0);
}

}  // namespace

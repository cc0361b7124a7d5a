// Values a backpropagator recomputes instead of copying (codegen/recomputed_captures.cpp): in a
// reverse fold over points (tests/support/scaled_points.hpp), each node's backpropagator reads
// s = m * (X - m) and X - m, 4 x 3 arrays, with X the point repeated; it recomputes them (and X)
// from the point and m, bound outside the body. Checked in the generated text (declared again in
// the closure, and not for a value an exp computes), against a Jacobian taken by hand in every
// mode, sums and functions strategy and list length, and with the injected fault
// RecomputedValueZeroed, which must show.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "../support/scaled_points.hpp"

namespace chad {
namespace {

// How many locals the source declares twice: once where they are bound, once in a closure that
// recomputes them (every other name the emitter makes is fresh).
std::size_t declared_twice(const std::string& source, const std::string& base) {
  const std::regex declaration("(?:const )?(?:chad_rt::Arr<S, [0-9]+>|S) (" + base + "_[0-9]+)(?: = |;)");
  std::map<std::string, int> seen;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), declaration); it != std::sregex_iterator(); ++it)
    ++seen[(*it)[1]];
  std::size_t twice = 0;
  for (const auto& [name, times] : seen) twice += times == 2 ? 1 : 0;
  return twice;
}

std::string reverse_source(const char* text, SumsStrategy sums) {
  return testing::reverse_kernel_source(testing::load_source(text), sums);
}

TEST(RecomputedCaptures, ANodesBackpropagatorRecomputesTheArraysItReadsFromThePoint) {
  for (const char* text : {testing::kScaledPointsInline, testing::kScaledPointsKept})
    for (SumsStrategy sums : kAllSumsStrategies) {
      SCOPED_TRACE(std::string(sums_strategy_name(sums)) + (text == testing::kScaledPointsKept ? ", kept" : ""));
      const std::string source = reverse_source(text, sums);
      EXPECT_EQ(declared_twice(source, "array"), 1u);  // the repeated point
      EXPECT_EQ(declared_twice(source, "sub"), 1u);    // X - m
      EXPECT_EQ(declared_twice(source, "mul"), 1u);    // s; s * s is read by no backpropagator
    }
}

TEST(RecomputedCaptures, AValueThatExpComputesIsCopiedNotRecomputed) {
  const char* const exp_points = R"(type L = mu l. < Nil : unit | Cons : real[3] * l >;
def main (m : real[4, 3], xs : L) : real =
  fold xs with node -> case node of {
      Nil u -> 0
    | Cons p -> let x = fst p in sum(exp(([x, x, x, x] : real[4, 3]) - m)) + snd p };
)";
  const std::string source = reverse_source(exp_points, SumsStrategy::Biproduct);
  EXPECT_EQ(declared_twice(source, "exp"), 0u);
  EXPECT_EQ(declared_twice(source, "sub"), 0u);  // exp's derivative reads exp's value, not its operand
}

TEST(RecomputedCaptures, TheJacobianIsTheClosedFormInEveryModeStrategyAndLength) {
  testing::expect_scaled_points_jacobians(testing::kScaledPointsInline, {{}, {{1, 2, -1}}, testing::kFivePoints});
}

TEST(RecomputedCaptures, ARecomputedValueThatIsZeroIsWrong) {
  EXPECT_EQ(testing::scaled_points_wrong_entries(testing::kScaledPointsInline, CodegenFault::None, "scaled_points_right"),
            0u);
  EXPECT_GT(testing::scaled_points_wrong_entries(testing::kScaledPointsInline, CodegenFault::RecomputedValueZeroed,
                                                 "scaled_points_zeroed"),
            0u);
}

}  // namespace
}  // namespace chad

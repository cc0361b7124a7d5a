// A deferred application's cell lent to the node's call that makes its argument
// (codegen/lent_cells.cpp): the curried `scaled m` of tests/support/scaled_points.hpp is kept,
// each node's backpropagator calls the per-point backpropagator, whose packed context cotangent
// is the deferred cell's argument and read nowhere else. Checked in the generated text (the call
// lends the cell, the cell takes the result back, the callee packs through accumulate_packed),
// against the Jacobian by hand at 0, 1 and 5 points (a cell owns its sum from the second node
// on, so five points lend it three times per seed) in every mode, sums and functions strategy,
// and with the injected fault LentSumAddedAgain, which must show.
#include <gtest/gtest.h>

#include <regex>

#include "../support/compiled_jacobians.hpp"
#include "../support/scaled_points.hpp"

namespace chad {
namespace {

using testing::count_matches;

TEST(LentCells, TheNodesCallOfThePerPointBackpropagatorBorrowsTheCell) {
  const CheckedProgram program = testing::load_source(testing::kScaledPointsKept);
  for (SumsStrategy sums : kAllSumsStrategies) {
    SCOPED_TRACE(sums_strategy_name(sums));
    const std::string source = testing::reverse_kernel_source(program, sums);
    EXPECT_EQ(count_matches(source, R"(= deferred_[0-9]+->call_lending\(snd_[0-9]+, [a-z_0-9]+, \[\]\(T[0-9]+<S>& r\) -> chad_rt::Env& \{ return r\.snd; \}\);)"), 1);
    EXPECT_EQ(count_matches(source, R"(deferred_[0-9]+->take_back\(snd_[0-9]+\);)"), 1);
    EXPECT_EQ(count_matches(source, R"(deferred_[0-9]+->add\()"), 0);
    // the per-point backpropagator's context cotangent: no pack made and then added
    EXPECT_EQ(count_matches(source, R"(chad_rt::accumulate_packed<T[0-9]+<S>>\(acc_[0-9]+\.snd, dctx_[0-9]+, [0-9]+\);)"), 1);
  }
}

TEST(LentCells, TheJacobianIsTheClosedFormInEveryModeStrategyAndLength) {
  testing::expect_scaled_points_jacobians(testing::kScaledPointsKept, {{}, {{1, 2, -1}}, testing::kFivePoints});
}

TEST(LentCells, ACellThatAddsWhatItLentIsWrong) {
  EXPECT_EQ(testing::scaled_points_wrong_entries(testing::kScaledPointsKept, CodegenFault::None, "kept_points_right"), 0u);
  EXPECT_GT(testing::scaled_points_wrong_entries(testing::kScaledPointsKept, CodegenFault::LentSumAddedAgain,
                                                 "kept_points_added_again"),
            0u);
}

}  // namespace
}  // namespace chad

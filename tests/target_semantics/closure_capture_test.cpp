// A linear lambda's capture plan (target_semantics/closure_capture.hpp): the environment positions its
// body reads and the body renumbered to the captured environment, on terms built by hand; and
// the closure built from it computing what the body means in the whole environment.
#include <gtest/gtest.h>

#include "model/value.hpp"
#include "target_semantics/closure_capture.hpp"
#include "semantics/evaluate.hpp"

namespace chad {
namespace {

TermP node(TermKind kind, std::vector<TermP> args, int index = -1) {
  auto t = std::make_shared<Term>();
  t->kind = kind;
  for (auto& a : args) t->args.push_back(std::move(a));
  t->index = index;
  return t;
}
TermP var(int index) { return node(TermKind::Var, {}, index); }
TermP pair(TermP a, TermP b) { return node(TermKind::Pair, {std::move(a), std::move(b)}); }

TEST(ClosureCapture, CapturesTheFreePositionsAndRenumbersThem) {
  // Under the lambda's own binder (v = index 0): (v, (#3, let _ = #2 in (#0, #4))).
  // Free: #3 at depth 1 is position 2, #2 at depth 1 position 1, #4 under the let (depth 2)
  // position 2: captured {1, 2}. Renumbered: position 1 -> 1 + 0, position 2 -> 1 + 1, under
  // the let one more: (v, (#2, let _ = #1 in (#0, #3))).
  const TermP body = pair(var(0), pair(var(3), node(TermKind::Let, {var(2), pair(var(0), var(4))})));
  const CapturePlan plan = capture_plan(body, 1);
  EXPECT_EQ(plan.captured, (std::vector<int>{1, 2}));
  const Term& b = *plan.body;
  EXPECT_EQ(b.args[0]->index, 0);
  EXPECT_EQ(b.args[1]->args[0]->index, 2);
  const Term& let = *b.args[1]->args[1];
  EXPECT_EQ(let.args[0]->index, 1);
  EXPECT_EQ(let.args[1]->args[0]->index, 0);
  EXPECT_EQ(let.args[1]->args[1]->index, 3);
  EXPECT_EQ(body->args[1]->args[0]->index, 3);  // the original is left as it was
}

TEST(ClosureCapture, ABodyWithoutFreeVariablesCapturesNothing) {
  const TermP body = pair(var(0), node(TermKind::LinLambda, {pair(var(0), var(1))}));
  const CapturePlan plan = capture_plan(body, 1);
  EXPECT_TRUE(plan.captured.empty());
}

TEST(ClosureCapture, TheClosureReadsTheCapturedValues) {
  // \v. (v, #2) in the environment [a = 1.5, b = 2.25, c = 3] (innermost first): #2 in the body
  // is position 1, b. Called at 4: (4, 2.25). The closure is the same when the environment's
  // other entries are gone (it keeps only b).
  const TermP lambda = node(TermKind::LinLambda, {pair(var(0), var(2))});
  ValueP<double> result;
  {
    Env<double> env = extend<double>(
        extend<double>(extend<double>(nullptr, scalar_value(3.0)), scalar_value(2.25)), scalar_value(1.5));
    ValueP<double> closure = evaluate<double>(lambda, env);
    env = nullptr;
    result = closure->call(scalar_value(4.0));
  }
  ASSERT_EQ(result->kind, ValueKind::Pair);
  EXPECT_EQ(result->first->scalar, 4.0);
  EXPECT_EQ(result->second->scalar, 2.25);
}

}  // namespace
}  // namespace chad

// The emitter's persistent scope stack (codegen/scope_names.hpp) against a plain vector as the
// model: random pushes and pops, every lookup at every depth, and copies taken along the way
// that must keep the scope they were taken in whatever the original does later.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "codegen/scope_names.hpp"

namespace chad {
namespace {

void expect_same(const ScopeNames& scope, const std::vector<std::string>& model) {
  ASSERT_EQ(scope.size(), model.size());
  for (std::size_t i = 0; i < model.size(); ++i) ASSERT_EQ(scope.lookup(i), model[model.size() - 1 - i]) << "index " << i;
}

TEST(ScopeNames, LookupsByDeBruijnIndex) {
  ScopeNames scope;
  EXPECT_EQ(scope.size(), 0u);
  scope.push("x");
  scope.push("y");
  scope.push("z");
  EXPECT_EQ(scope.lookup(0), "z");
  EXPECT_EQ(scope.lookup(2), "x");
  scope.pop();
  scope.push("w");
  expect_same(scope, {"x", "y", "w"});
  scope.clear();
  EXPECT_EQ(scope.size(), 0u);
}

TEST(ScopeNames, RandomPushesPopsAndCopiesAgreeWithAVector) {
  const unsigned seed = 20261124;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  ScopeNames scope;
  std::vector<std::string> model;
  std::vector<std::pair<ScopeNames, std::vector<std::string>>> copies;
  for (int step = 0; step < 4000; ++step) {
    const unsigned roll = random() % 10;
    if (roll < 6 || model.empty()) {
      const std::string name = "v" + std::to_string(step);
      scope.push(name);
      model.push_back(name);
    } else if (roll < 9) {
      scope.pop();
      model.pop_back();
    } else {
      copies.emplace_back(scope, model);
    }
    if (step % 97 == 0) expect_same(scope, model);
  }
  expect_same(scope, model);
  ASSERT_GT(copies.size(), 100u);
  for (const auto& [copy, taken] : copies) expect_same(copy, taken);
}

// A chain as deep as a long program's scope: every depth found (the jump pointers, not a walk
// of the whole chain, are what keep this fast; here only the answers are checked).
TEST(ScopeNames, ADeepChainFindsEveryDepth) {
  ScopeNames scope;
  std::vector<std::string> model;
  for (int i = 0; i < 20000; ++i) {
    model.push_back("v" + std::to_string(i));
    scope.push(model.back());
  }
  expect_same(scope, model);
  const ScopeNames copy = scope;
  for (int i = 0; i < 5000; ++i) scope.pop();
  scope.push("after");
  EXPECT_EQ(copy.size(), 20000u);
  EXPECT_EQ(copy.lookup(0), "v19999");
  EXPECT_EQ(scope.lookup(0), "after");
  EXPECT_EQ(scope.lookup(1), "v14999");
}

}  // namespace
}  // namespace chad

// ContextComponents (syntax/context_components.hpp): the component at each de Bruijn index of a
// left-nested context (co)tangent type, by binary lifting, equals the walk of the left spine it
// replaces, for every index of contexts that share their spines and branch.
#include <gtest/gtest.h>

#include "syntax/context_components.hpp"

namespace chad {
namespace {

// The walk the target checker did before: i steps left, then the right part (null past the end).
TypeP walked(const TypeP& context, int index) {
  TypeP c = context;
  for (int i = 0; c && i < index; ++i) c = c->kind == TypeKind::Prod ? c->left : nullptr;
  return c && c->kind == TypeKind::Prod ? c->right : nullptr;
}

TEST(ContextComponents, EveryIndexOfSharedAndBranchingContextsIsTheWalksComponent) {
  // A chain of 300 contexts (unit * real[1]) * ... * real[300], and a branch off its 100th.
  std::vector<TypeP> chain{unit_type()};
  for (int k = 1; k <= 300; ++k) chain.push_back(prod_type(chain.back(), real_type({k})));
  std::vector<TypeP> branch{chain[100]};
  for (int k = 1; k <= 50; ++k) branch.push_back(prod_type(branch.back(), real_type({1000 + k})));
  ContextComponents components;
  for (const auto* contexts : {&chain, &branch})
    for (const TypeP& context : *contexts)
      for (int index = 0; index <= 310; ++index) {
        const TypeP expected = walked(context, index), found = components.component(context, index);
        ASSERT_EQ(expected.get(), found.get()) << "index " << index;
      }
  // Index 0 of the longest is its innermost component; past the outermost there is none.
  EXPECT_EQ(components.component(chain[300], 0)->shape, std::vector<int>{300});
  EXPECT_EQ(components.component(chain[300], 299)->shape, std::vector<int>{1});
  EXPECT_EQ(components.component(chain[300], 300), nullptr);
  EXPECT_EQ(components.component(branch[50], 50)->shape, std::vector<int>{100});
  EXPECT_EQ(components.component(unit_type(), 0), nullptr);
  EXPECT_EQ(components.component(chain[3], -1), nullptr);
}

}  // namespace
}  // namespace chad

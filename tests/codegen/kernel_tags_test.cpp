// Indices crossing the kernel ABI as constructor tags in pre-order (codegen/kernel_call.hpp):
// the tags expected here are read off the printed index by hand (Index::to_string prints a
// pair's first component first and a constructor before its payload), and index_from_tags is
// the inverse for the type.
#include <gtest/gtest.h>

#include "codegen/kernel_call.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }

const char* kList = "mu l. < Nil : unit | Cons : real * l >";
const char* kTree = "mu t. < Leaf : real | Node : t * real[2] * t >";

TEST(KernelTags, ListTagsAreOneConsPerElementThenNil) {
  // roll Cons (_, roll Cons (_, roll Nil ())): Cons = 1, Cons = 1, Nil = 0.
  Index list = parse_index(type(kList), "roll Cons (_, roll Cons (_, roll Nil ()))");
  EXPECT_EQ(index_tags(list), (std::vector<int>{1, 1, 0}));
  EXPECT_EQ(index_from_tags(type(kList), {1, 1, 0}), list);
  EXPECT_EQ(index_from_tags(type(kList), {0}).to_string(), "roll Nil ()");
}

TEST(KernelTags, TreeTagsFollowTheLeftSubtreeBeforeTheRight) {
  // Node (Node (Leaf _, (_, Leaf _)), (_, Leaf _)): Node 1, Node 1, Leaf 0, Leaf 0, Leaf 0.
  // The same tags for another shape would not parse back the same; the second tree below,
  // Node (Leaf _, (_, Node (Leaf _, (_, Leaf _)))), has the same multiset of tags in another
  // order: 1, 0, 1, 0, 0.
  const std::string left_heavy = "roll Node (roll Node (roll Leaf _, (_, roll Leaf _)), (_, roll Leaf _))";
  const std::string right_heavy = "roll Node (roll Leaf _, (_, roll Node (roll Leaf _, (_, roll Leaf _))))";
  EXPECT_EQ(index_tags(parse_index(type(kTree), left_heavy)), (std::vector<int>{1, 1, 0, 0, 0}));
  EXPECT_EQ(index_tags(parse_index(type(kTree), right_heavy)), (std::vector<int>{1, 0, 1, 0, 0}));
  EXPECT_EQ(index_from_tags(type(kTree), {1, 1, 0, 0, 0}).to_string(), left_heavy);
  EXPECT_EQ(index_from_tags(type(kTree), {1, 0, 1, 0, 0}).to_string(), right_heavy);
  EXPECT_EQ(index_from_tags(type(kTree), {1, 0, 1, 0, 0}).dimension(), 7);  // 3 leaves + 2 arrays of 2
}

TEST(KernelTags, SumsInsidePairsAndProductsWithoutSumsHaveNoTags) {
  TypeP t = type("< A : real | B : real * real > * (unit * < X : unit | Y : real | Z : real[3] >)");
  // (B (_, _), ((), Z _)): B = 1, Z = 2.
  Index index = parse_index(t, "(B (_, _), ((), Z _))");
  EXPECT_EQ(index_tags(index), (std::vector<int>{1, 2}));
  EXPECT_EQ(index_from_tags(t, {1, 2}), index);
  EXPECT_EQ(index_from_tags(t, {1, 2}).dimension(), 5);
  EXPECT_TRUE(index_tags(parse_index(type("real[2, 2] * (unit * real)"), "(_, ((), _))")).empty());
}

TEST(KernelTags, TagsThatDoNotFitTheTypeAreAFault) {
  EXPECT_THROW(index_from_tags(type(kList), {1, 1}), KernelFault);     // ends inside a Cons
  EXPECT_THROW(index_from_tags(type(kList), {0, 0}), KernelFault);     // one tag too many
  EXPECT_THROW(index_from_tags(type(kList), {2}), KernelFault);        // 2 constructors only
  EXPECT_THROW(index_from_tags(type(kList), {-1}), KernelFault);
  EXPECT_THROW(index_from_tags(type("real -> real"), {}), KernelFault);  // no index
}

TEST(KernelTags, AMillionElementListRoundTrips) {
  // The walks loop down the list's tail; the index's destructor recurses as deep as the list,
  // so the index dies on a deep stack (as in the tool).
  run_with_deep_stack([] {
    std::vector<int> tags(1000000, 1);
    tags.push_back(0);
    Index list = index_from_tags(type(kList), tags);
    EXPECT_EQ(list.dimension(), 1000000);
    EXPECT_EQ(index_tags(list), tags);
  });
}

}  // namespace
}  // namespace chad

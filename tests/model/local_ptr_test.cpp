// LocalP (model/local_ptr.hpp): shared ownership with one destruction at the last drop, moves
// that leave null, the const conversion, and a handle of one word.
#include "model/local_ptr.hpp"

#include <gtest/gtest.h>

namespace chad {
namespace {

struct Counted {
  explicit Counted(int v, int* destroyed) : value(v), destroyed(destroyed) {}
  ~Counted() { ++*destroyed; }
  int value;
  int* destroyed;
};

TEST(LocalP, IsOneWord) { EXPECT_EQ(sizeof(LocalP<const Counted>), sizeof(void*)); }

TEST(LocalP, TheLastHandleDestroysTheObjectOnce) {
  int destroyed = 0;
  {
    LocalP<Counted> a = make_local<Counted>(7, &destroyed);
    {
      LocalP<Counted> b = a;
      LocalP<Counted> c;
      c = b;
      EXPECT_EQ(c->value, 7);
      EXPECT_EQ(a.get(), c.get());
      EXPECT_TRUE(a == c);
    }
    EXPECT_EQ(destroyed, 0);
  }
  EXPECT_EQ(destroyed, 1);
}

TEST(LocalP, MovingLeavesNullAndKeepsTheObject) {
  int destroyed = 0;
  LocalP<Counted> a = make_local<Counted>(1, &destroyed);
  LocalP<Counted> b = std::move(a);
  EXPECT_FALSE(a);
  EXPECT_TRUE(a == nullptr);
  EXPECT_EQ(b->value, 1);
  b = std::move(b);  // self-move keeps it
  EXPECT_EQ(destroyed, 0);
  b.reset();
  EXPECT_EQ(destroyed, 1);
}

TEST(LocalP, ConvertsToAConstHandleSharingTheObject) {
  int destroyed = 0;
  LocalP<const Counted> read_only;
  {
    LocalP<Counted> writable = make_local<Counted>(2, &destroyed);
    writable->value = 3;
    read_only = writable;
    LocalP<const Counted> moved(std::move(writable));
    EXPECT_EQ(moved.get(), read_only.get());
  }
  EXPECT_EQ(destroyed, 0);
  EXPECT_EQ(read_only->value, 3);
  read_only = nullptr;
  EXPECT_EQ(destroyed, 1);
}

TEST(LocalP, AssigningOverAHandleDropsTheOldObject) {
  int first = 0, second = 0;
  LocalP<Counted> a = make_local<Counted>(1, &first);
  LocalP<Counted> b = make_local<Counted>(2, &second);
  a = b;
  EXPECT_EQ(first, 1);
  EXPECT_EQ(second, 0);
  EXPECT_EQ(a->value, 2);
}

}  // namespace
}  // namespace chad

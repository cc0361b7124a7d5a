// Euclidean normal forms: the index and coordinates of data values, printing and reading
// indices back, and rebuild as the inverse of normal_form.
#include <gtest/gtest.h>

#include "model/normal_form.hpp"
#include "model/scalar.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }

const char* kList = "mu l. < Nil : unit | Cons : real * l >";

ValueP<double> list(const std::vector<double>& xs) {
  ValueP<double> v = roll_value<double>(inject_value<double>(0, unit_value<double>()));
  for (auto it = xs.rbegin(); it != xs.rend(); ++it)
    v = roll_value<double>(inject_value<double>(1, pair_value<double>(scalar_value<double>(*it), v)));
  return v;
}

TEST(NormalForm, ListCoordinatesInPrintOrder) {
  NormalForm<double> nf = normal_form<double>(type(kList), list({1.5, -2, 4}));
  EXPECT_EQ(nf.coords, (std::vector<double>{1.5, -2, 4}));
  EXPECT_EQ(nf.index.to_string(), "roll Cons (_, roll Cons (_, roll Cons (_, roll Nil ())))");
  EXPECT_EQ(nf.index.dimension(), 3);
}

TEST(NormalForm, ArraysAreRowMajorAndPairsLeftToRight) {
  TypeP t = type("real[2, 2] * (unit * real)");
  ValueP<double> v = pair_value<double>(array_value<double>({2, 2}, {1, 2, 3, 4}),
                                        pair_value<double>(unit_value<double>(), scalar_value<double>(5)));
  NormalForm<double> nf = normal_form<double>(t, v);
  EXPECT_EQ(nf.coords, (std::vector<double>{1, 2, 3, 4, 5}));
  EXPECT_EQ(nf.index.to_string(), "(_, ((), _))");
}

TEST(NormalForm, SumsIndexTheConstructor) {
  TypeP t = type("< A : real | B : real * real >");
  NormalForm<double> a = normal_form<double>(t, inject_value<double>(0, scalar_value<double>(7)));
  NormalForm<double> b = normal_form<double>(
      t, inject_value<double>(1, pair_value<double>(scalar_value<double>(1), scalar_value<double>(2))));
  EXPECT_EQ(a.index.to_string(), "A _");
  EXPECT_EQ(a.index.dimension(), 1);
  EXPECT_EQ(b.index.to_string(), "B (_, _)");
  EXPECT_EQ(b.index.dimension(), 2);
  EXPECT_NE(a.index, b.index);
  EXPECT_NE(IndexHash()(a.index), IndexHash()(b.index));
}

TEST(NormalForm, RebuildInvertsNormalForm) {
  TypeP tree = type("mu t. < Leaf : real | Node : t * real[2] * t >");
  // Node (Leaf 1, [2, 3], Node (Leaf 4, [5, 6], Leaf 7))
  auto leaf = [](double x) { return roll_value<double>(inject_value<double>(0, scalar_value<double>(x))); };
  auto node = [](ValueP<double> l, std::vector<double> w, ValueP<double> r) {
    return roll_value<double>(inject_value<double>(
        1, pair_value<double>(l, pair_value<double>(array_value<double>({2}, w), r))));
  };
  ValueP<double> v = node(leaf(1), {2, 3}, node(leaf(4), {5, 6}, leaf(7)));
  NormalForm<double> nf = normal_form<double>(tree, v);
  EXPECT_EQ(nf.coords, (std::vector<double>{1, 2, 3, 4, 5, 6, 7}));
  std::vector<double> moved = {10, 20, 30, 40, 50, 60, 70};
  NormalForm<double> again = normal_form<double>(tree, rebuild<double>(tree, nf.index, moved));
  EXPECT_EQ(again.index, nf.index);
  EXPECT_EQ(again.coords, moved);
}

TEST(NormalForm, IndexReadsBack) {
  TypeP t = type(std::string("real * (") + kList + ") * < A : unit | B : real[3] >");
  for (const std::string text :
       {"(_, (roll Nil (), A ()))", "(_, (roll Cons (_, roll Nil ()), B _))"}) {
    Index index = parse_index(t, text);
    EXPECT_EQ(index.to_string(), text);
  }
  EXPECT_EQ(parse_index(t, "(_, (roll Cons (_, roll Nil ()), B _))").dimension(), 5);
  EXPECT_THROW(parse_index(t, "(_, (roll Nil (), C ()))"), SourceError);
  EXPECT_THROW(parse_index(t, "(_, roll Nil ())"), SourceError);
}

TEST(NormalForm, WorksInEveryScalarType) {
  TypeP t = type(kList);
  Index index = normal_form<double>(t, list({1, 2})).index;
  ValueP<Mpfi> v = rebuild<Mpfi>(t, index, {Mpfi(1), Mpfi(2)});
  NormalForm<Mpfi> nf = normal_form<Mpfi>(t, v);
  EXPECT_EQ(nf.index, index);
  EXPECT_EQ(ScalarTraits<Mpfi>::to_double(nf.coords[1]), 2.0);
}

TEST(NormalForm, MillionElementList) {
  // Recursion is as deep as the list: run where the stack is deep (as the tool does), and
  // let the deep value and index die there too.
  run_with_deep_stack([&] {
    std::vector<double> xs(1000000, 0.5);
    xs[999999] = 2;
    ValueP<double> v = list(xs);
    NormalForm<double> nf = normal_form<double>(type(kList), v);
    EXPECT_EQ(nf.coords.size(), 1000000u);
    EXPECT_EQ(nf.coords.back(), 2);
    EXPECT_EQ(nf.index.dimension(), 1000000);
  });
}

}  // namespace
}  // namespace chad

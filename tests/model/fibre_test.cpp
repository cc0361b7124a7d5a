// Fam(Vect) fibres: (co)tangent values built from fibre vectors, in each sums strategy, have
// the representation of shared/spec/chad.md, and read back to the same vector.
#include <gtest/gtest.h>

#include "model/fibre.hpp"
#include "model/linear_values.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

TypeP type(const std::string& text) { return parse_type(text, "<test>"); }

// The index of `Cons (x, Nil)`-like values is easiest to get from a primal.
Index index_of(const TypeP& t, const ValueP<double>& primal) { return normal_form<double>(t, primal).index; }

TEST(Fibre, SumTangentsInEachStrategy) {
  TypeP t = type("< A : real | B : real * real >");
  Index at_b = index_of(t, inject_value<double>(1, pair_value<double>(scalar_value(1.0), scalar_value(2.0))));
  std::vector<double> v = {3, 4};
  // biproduct: (0, (3, 4))
  ValueP<double> bi = tangent_from_coords<double>(t, at_b, v, SumsStrategy::Biproduct);
  ASSERT_EQ(bi->kind, ValueKind::Pair);
  EXPECT_EQ(bi->first->kind, ValueKind::Zero);
  EXPECT_EQ(bi->second->first->scalar, 3);
  EXPECT_EQ(bi->second->second->scalar, 4);
  // lifted and zero-fn: B (3, 4)
  for (SumsStrategy s : {SumsStrategy::Lifted, SumsStrategy::ZeroFunctions}) {
    ValueP<double> in = tangent_from_coords<double>(t, at_b, v, s);
    ASSERT_EQ(in->kind, ValueKind::Inject);
    EXPECT_EQ(in->tag, 1);
    EXPECT_EQ(in->first->second->scalar, 4);
  }
  for (SumsStrategy s : kAllSumsStrategies)
    EXPECT_EQ(coords_from_tangent<double>(t, at_b, tangent_from_coords<double>(t, at_b, v, s), s), v);
}

TEST(Fibre, ListsRoundTripAndZeroReadsAsZeros) {
  TypeP t = type("mu l. < Nil : unit | Cons : real * l >");
  ValueP<double> list = roll_value<double>(inject_value<double>(0, unit_value<double>()));
  for (double x : {1.0, 2.0, 3.0})
    list = roll_value<double>(inject_value<double>(1, pair_value<double>(scalar_value(x), list)));
  Index index = index_of(t, list);
  std::vector<double> v = {0.5, -1, 7};
  for (SumsStrategy s : kAllSumsStrategies) {
    EXPECT_EQ(coords_from_tangent<double>(t, index, tangent_from_coords<double>(t, index, v, s), s), v);
    EXPECT_EQ(coords_from_tangent<double>(t, index, zero_value<double>(), s), std::vector<double>(3, 0.0));
  }
}

TEST(Fibre, AnotherConstructorsCotangentIsTheLiftedSumInconsistency) {
  TypeP t = type("< A : real | B : real >");
  Index at_a = index_of(t, inject_value<double>(0, scalar_value(1.0)));
  ValueP<double> wrong = inject_value<double>(1, scalar_value(1.0));
  EXPECT_THROW(coords_from_tangent<double>(t, at_a, wrong, SumsStrategy::Lifted), LiftedSumInconsistency);
}

TEST(LinearValues, AdditionFollowsTheStructure) {
  ValueP<double> a = pair_value<double>(scalar_value(1.0), zero_value<double>());
  ValueP<double> b = pair_value<double>(scalar_value(2.0), scalar_value(5.0));
  ValueP<double> s = add_linear<double>(a, b);
  EXPECT_EQ(s->first->scalar, 3);
  EXPECT_EQ(s->second->scalar, 5);
  EXPECT_EQ(add_linear<double>(zero_value<double>(), b), b);
  EXPECT_THROW(add_linear<double>(inject_value<double>(0, a), inject_value<double>(1, b)),
               LiftedSumInconsistency);
  // Copowers add by concatenation: the fold sees both terms, in order.
  ValueP<double> w = add_linear<double>(copower_singleton<double>(scalar_value(1.0), scalar_value(10.0)),
                                        copower_singleton<double>(scalar_value(2.0), scalar_value(20.0)));
  std::vector<double> seen;
  for_each_copower_term<double>(w, [&](const ValueP<double>& x, const ValueP<double>& l) {
    seen.push_back(x->scalar);
    seen.push_back(l->scalar);
  });
  EXPECT_EQ(seen, (std::vector<double>{1, 10, 2, 20}));
}

}  // namespace
}  // namespace chad

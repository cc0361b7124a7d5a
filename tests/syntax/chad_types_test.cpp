// CHAD's type translation (shared/spec/chad.md, "Types"), each expected type written out by
// hand from the table, in every sums strategy.
#include <gtest/gtest.h>

#include "syntax/chad_types.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

std::string fwd1(const std::string& t, SumsStrategy s = SumsStrategy::Biproduct) {
  return print_type(primal_type(parse_type(t, "<test>"), ChadMode::Forward, s));
}
std::string fwd2(const std::string& t, SumsStrategy s = SumsStrategy::Biproduct) {
  return print_type(tangent_type(parse_type(t, "<test>"), ChadMode::Forward, s));
}
std::string rev1(const std::string& t, SumsStrategy s = SumsStrategy::Biproduct) {
  return print_type(primal_type(parse_type(t, "<test>"), ChadMode::Reverse, s));
}
std::string rev2(const std::string& t, SumsStrategy s = SumsStrategy::Biproduct) {
  return print_type(tangent_type(parse_type(t, "<test>"), ChadMode::Reverse, s));
}

TEST(ChadTypes, DataTypesArePrimalsOfThemselves) {
  for (const char* t : {"real", "real[2, 3]", "unit", "real * unit", "< A : real | B : unit >",
                        "mu l. < Nil : unit | Cons : real * l >"}) {
    EXPECT_EQ(fwd1(t), print_type(parse_type(t, "<test>")));
    EXPECT_EQ(rev1(t), print_type(parse_type(t, "<test>")));
  }
}

TEST(ChadTypes, RealsProductsAndUnit) {
  EXPECT_EQ(fwd2("real[3] * unit"), "real[3] * unit");
  EXPECT_EQ(rev2("real * real[2, 2]"), "real * real[2, 2]");
}

TEST(ChadTypes, Functions) {
  // D1(A -> B) = D1 A -> D1 B * (D2 A -o D2 B); D2(A -> B) = D1 A -> D2 B
  EXPECT_EQ(fwd1("real -> real[2]"), "real -> real[2] * (real -o real[2])");
  EXPECT_EQ(fwd2("real -> real[2]"), "real -> real[2]");
  // R1(A -> B) = R1 A -> R1 B * (R2 B -o R2 A); R2(A -> B) = !R1 A (x) R2 B
  EXPECT_EQ(rev1("real -> real[2]"), "real -> real[2] * (real[2] -o real)");
  EXPECT_EQ(rev2("real -> real[2]"), "!real (x) real[2]");
  // Higher order: R2((real -> real) -> real) = !(R1(real -> real)) (x) real
  EXPECT_EQ(rev2("(real -> real) -> real"), "!(real -> real * (real -o real)) (x) real");
}

TEST(ChadTypes, SumsInEachStrategy) {
  const char* sum = "< A : real | B : real * real | C : unit >";
  EXPECT_EQ(fwd2(sum, SumsStrategy::Biproduct), "real * (real * real) * unit");
  EXPECT_EQ(fwd2(sum, SumsStrategy::Lifted), "<0 | A : real | B : real * real | C : unit >");
  EXPECT_EQ(fwd2(sum, SumsStrategy::ZeroFunctions), "< A : real | B : real * real | C : unit >");
  EXPECT_EQ(rev2("< A : real -> real >", SumsStrategy::Lifted), "<0 | A : !real (x) real >");
}

TEST(ChadTypes, InductiveAndCoinductive) {
  const char* list = "mu l. < Nil : unit | Cons : real * l >";
  const char* stream = "nu s. real * s";
  // D2 keeps mu / nu; R2 swaps them.
  EXPECT_EQ(fwd2(list), "mu l. unit * real * l");
  EXPECT_EQ(rev2(list), "nu l. unit * real * l");
  EXPECT_EQ(fwd2(stream), "nu s. real * s");
  EXPECT_EQ(rev2(stream), "mu s. real * s");
  EXPECT_EQ(rev2(list, SumsStrategy::Lifted), "nu l. <0 | Nil : unit | Cons : real * l >");
}

}  // namespace
}  // namespace chad

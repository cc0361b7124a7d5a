// Types without finite values (syntax/type_inhabited.hpp): an inductive type needs a base case.
// `mu s. real * s` and `mu a. a` have no value at all (a stream is written with `nu`); the parser
// rejects them where the `mu` stands, and accepts every inhabited inductive and coinductive type.
#include <gtest/gtest.h>

#include "../support/source_errors.hpp"
#include "syntax/parser.hpp"
#include "syntax/type_inhabited.hpp"

namespace chad {
namespace {

using testing::error_of;

// The error of parsing `def main (x : TYPE) : real = 0.0;`, or "<no error>".
std::string error_for_input_type(const std::string& type) {
  return error_of([&] { parse_program("def main (x : " + type + ") : real = 0.0;", "f.chad"); });
}

TEST(TypeInhabited, AnInductiveTypeWithoutABaseCaseIsRejectedWhereItsMuStands) {
  // `def main (x : ` is 14 characters: the `mu` is at column 15.
  const std::string stream = error_for_input_type("mu s. real * s");
  EXPECT_NE(stream.find("f.chad:1:15"), std::string::npos) << stream;
  EXPECT_NE(stream.find("has no values"), std::string::npos) << stream;
  EXPECT_NE(stream.find("nu"), std::string::npos) << stream;  // the hint
  const std::string empty = error_for_input_type("mu a. a");
  EXPECT_NE(empty.find("f.chad:1:15"), std::string::npos) << empty;
  EXPECT_NE(empty.find("has no values"), std::string::npos) << empty;
}

TEST(TypeInhabited, AnInnerInductiveTypeEmptyWhateverTheOuterHoldsIsRejected) {
  // The inner `mu b. b * a` (column 40) is empty even though `a` has values (Nil).
  const std::string e = error_for_input_type("mu a. < Nil : unit | C : mu b. b * a >");
  EXPECT_NE(e.find("f.chad:1:40"), std::string::npos) << e;
  EXPECT_NE(e.find("has no values"), std::string::npos) << e;
}

TEST(TypeInhabited, AnAliasWithoutValuesIsRejectedAtItsDeclaration) {
  const std::string e = error_of([] { parse_program("type S = mu s. real * s;\ndef main (x : real) : real = x;", "f.chad"); });
  EXPECT_NE(e.find("f.chad:1:10"), std::string::npos) << e;
}

TEST(TypeInhabited, InhabitedInductiveAndCoinductiveTypesAreAccepted) {
  for (const std::string type : {"mu l. < Nil : unit | Cons : real * l >",
                                 "nu s. real * s",
                                 "mu t. < Leaf : real | Node : mu l. < Nil : unit | Cons : t * l > >",
                                 "mu t. < Leaf : real | Node : t * t >",
                                 "nu a. a",
                                 "mu a. < Nil : unit | C : nu b. b * a >"})
    EXPECT_EQ(error_for_input_type(type), "<no error>") << type;
}

TEST(TypeInhabited, TheFixedPointsDecideInhabitation) {
  const TypeP a = var_type("a");
  EXPECT_FALSE(has_finite_values(mu_type("a", a)));
  EXPECT_TRUE(has_finite_values(nu_type("a", a)));
  EXPECT_FALSE(has_finite_values(mu_type("a", prod_type(real_type(), a))));
  EXPECT_TRUE(has_finite_values(mu_type("a", sum_type({{"Nil", unit_type()}, {"Cons", prod_type(real_type(), a)}}))));
  // A free variable counts as the map says, and as inhabited when not listed.
  EXPECT_TRUE(has_finite_values(prod_type(real_type(), var_type("b"))));
  EXPECT_FALSE(has_finite_values(prod_type(real_type(), var_type("b")), {{"b", false}}));
  // A function type has a value when its result has one (a constant function).
  EXPECT_FALSE(has_finite_values(arrow_type(real_type(), var_type("b")), {{"b", false}}));
}

}  // namespace
}  // namespace chad

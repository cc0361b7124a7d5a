// Type::structure_hash (syntax/type.hpp): made by the constructors from the parts' hashes, it
// stands for the printed form in context fingerprints (syntax/target_checker.hpp), so it must be
// equal for types built apart that print alike and differ where the printed forms differ.
#include <gtest/gtest.h>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/target_checker.hpp"

namespace chad {
namespace {

TypeP parsed(const std::string& text) { return parse_type(text, "<t>"); }

TEST(TypeHash, TypesBuiltApartThatPrintAlikeHashAlike) {
  for (const std::string text : {"real * (real[3] * unit)", "mu l. < Nil : unit | Cons : real * l >",
                                 "nu s. real * s", "(real -> real) * < A : real | B : unit >"}) {
    const TypeP a = parsed(text), b = parsed(text);
    ASSERT_NE(a.get(), b.get());
    EXPECT_EQ(a->structure_hash, b->structure_hash) << text;
    EXPECT_EQ(context_fingerprint(a), context_fingerprint(b)) << text;
  }
}

TEST(TypeHash, TypesThatPrintDifferentlyHashDifferently) {
  const std::vector<std::string> texts = {"real", "real[2]", "real[3]", "real[2, 3]", "unit", "real * real",
                                          "real -> real", "real * unit", "unit * real",
                                          "< A : real | B : unit >", "< B : real | A : unit >",
                                          "< A : real | B : real >", "mu l. < N : unit | C : real * l >",
                                          "nu l. < N : unit | C : real * l >", "mu k. < N : unit | C : real * k >"};
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_NE(parsed(texts[i])->structure_hash, parsed(texts[j])->structure_hash) << texts[i] << " / " << texts[j];
}

TEST(TypeHash, ALiftedSumHashesApartFromItsPlainSum) {
  const std::vector<Constructor> ctors = {{"A", real_type()}, {"B", unit_type()}};
  EXPECT_NE(lifted_sum_type(ctors)->structure_hash, sum_type(ctors)->structure_hash);
  EXPECT_NE(print_type(lifted_sum_type(ctors)), print_type(sum_type(ctors)));
}

}  // namespace
}  // namespace chad

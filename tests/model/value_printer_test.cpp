// Printing values in the `--at` value syntax: negative numbers, nested arrays, nested sums,
// closures, lazy streams cut at a depth, intervals; and long lists in linear time.
#include <gtest/gtest.h>

#include "model/dual.hpp"
#include "model/normal_form.hpp"
#include "model/scalar.hpp"
#include "model/value_printer.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

TypeP type(const std::string& text) { return parse_type(text, "<t>"); }
using V = ValueP<double>;
V real(double x) { return scalar_value<double>(x); }
V unit() { return unit_value<double>(); }

TEST(ValuePrinter, DataValues) {
  EXPECT_EQ(print_value<double>(type("real * unit"), pair_value<double>(real(-2.5), unit())), "(-2.5, ())");
  EXPECT_EQ(print_value<double>(type("real[2, 2]"), array_value<double>({2, 2}, {1, -2, 3, 4.5})),
            "[[1, -2], [3, 4.5]]");
  EXPECT_EQ(print_value<double>(type("real[3]"), array_value<double>({3}, {0.25, 0, 7})), "[0.25, 0, 7]");
  // A negative number as the operand of a constructor or roll needs parentheses.
  TypeP tree = type("mu t. < Leaf : real | Node : t * t >");
  V v = roll_value<double>(inject_value<double>(
      1, pair_value<double>(roll_value<double>(inject_value<double>(0, real(-1))),
                            roll_value<double>(inject_value<double>(0, real(2))))));
  EXPECT_EQ(print_value<double>(tree, v), "roll Node (roll Leaf (-1), roll Leaf 2)");
  // Nested sums: a constructor's operand is itself an injection.
  TypeP nested = type("< A : < B : real | C : unit > | D : unit >");
  EXPECT_EQ(print_value<double>(nested, inject_value<double>(0, inject_value<double>(0, real(1)))), "A B 1");
  EXPECT_EQ(print_value<double>(nested, inject_value<double>(1, unit())), "D ()");
  EXPECT_EQ(print_value<double>(type("bool"), inject_value<double>(1, unit())), "True ()");
}

TEST(ValuePrinter, PrintedDataValuesParseBack) {
  TypeP t = type("(mu l. < Nil : unit | Cons : real * l >) * < A : real[2] | B : unit >");
  V list = roll_value<double>(inject_value<double>(
      1, pair_value<double>(real(-3), roll_value<double>(inject_value<double>(0, unit())))));
  V v = pair_value<double>(list, inject_value<double>(0, array_value<double>({2}, {1, 2})));
  std::string text = print_value<double>(t, v);
  EXPECT_EQ(text, "(roll Cons (-3, roll Nil ()), A [1, 2])");
  // Parsing the printed text as a term must succeed (the `--at` syntax).
  EXPECT_NO_THROW(parse_term(text, "<printed>", {}));
}

TEST(ValuePrinter, FunctionsAndLazyStreams) {
  V f = closure_value<double>([](const V& x) { return x; });
  EXPECT_EQ(print_value<double>(type("real -> real"), f), "<function>");
  EXPECT_EQ(print_value<double>(type("unit * (real -> real)"), pair_value<double>(unit(), f)),
            "((), <function>)");
  // The stream of naturals from n: forcing gives (n, stream from n + 1).
  std::function<V(double)> from = [&](double n) {
    return lazy_value<double>([n, &from] { return pair_value<double>(real(n), from(n + 1)); });
  };
  TypeP stream = type("nu s. real * s");
  EXPECT_EQ(print_value<double>(stream, from(0)), "(0, (1, (2, (3, ...))))");
  EXPECT_EQ(print_value<double>(stream, from(5), 2), "(5, (6, ...))");
  EXPECT_EQ(print_value<double>(stream, from(5), 0), "...");
}

TEST(ValuePrinter, IntervalsAndDuals) {
  EXPECT_EQ(print_value<Mpfi>(type("real"), scalar_value<Mpfi>(Mpfi(1, 2))), "[1, 2]");
  EXPECT_EQ(print_value<Mpfi>(type("real"), scalar_value<Mpfi>(Mpfi(0.5))), "0.5");
  EXPECT_EQ(print_value<Dual<double>>(type("real[2]"),
                                      array_value<Dual<double>>({2}, {{1.5, 9}, {-1, 9}})),
            "[1.5, -1]");
}

TEST(ValuePrinter, MillionElementListInLinearTime) {
  // Each element prints as "roll Cons (7, " (14 characters) and closes with ")"; the end is
  // "roll Nil ()" (11 characters).
  const std::size_t n = 1000000;
  run_with_deep_stack([&] {
    TypeP t = type("mu l. < Nil : unit | Cons : real * l >");
    V v = roll_value<double>(inject_value<double>(0, unit()));
    for (std::size_t i = 0; i < n; ++i)
      v = roll_value<double>(inject_value<double>(1, pair_value<double>(real(7), v)));
    std::string s = print_value<double>(t, v);
    EXPECT_EQ(s.size(), n * 15 + 11);
    EXPECT_EQ(s.substr(0, 28), "roll Cons (7, roll Cons (7, ");
    EXPECT_EQ(s.substr(n * 14, 11), "roll Nil ()");
    EXPECT_EQ(s.find_first_not_of(')', n * 14 + 11), std::string::npos);
    // The index of the same list reads back from its printed form.
    NormalForm<double> nf = normal_form<double>(t, v);
    std::string index = nf.index.to_string();
    EXPECT_EQ(index.size(), n * 15 + 11);  // "_" in place of "7"
    EXPECT_EQ(parse_index(t, index), nf.index);
  });
}

}  // namespace
}  // namespace chad

// A checked list prints as a list literal that checks back to the same rolls (RapidCheck; CTest
// fixes the seed), for list types of random constructor names and order, possibly empty or
// non-empty, with scalar or array elements: the term is written out with `roll`s by the test
// (independently of the printer), checked, printed, parsed and checked again.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "syntax/list_literal.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

int pick(int n) { return *rc::gen::resize(100, rc::gen::inRange(0, n)); }

RC_GTEST_PROP(ListLiteral, CheckedListsPrintAsLiteralsThatCheckBack, ()) {
  const std::vector<std::string> names = {"Nil", "Cons", "Last", "E", "More", "N'"};
  const int end = pick(6);
  const int cons = (end + 1 + pick(5)) % 6;  // a different name
  const bool non_empty = pick(2) == 1;
  const int width = pick(3);  // 0: real, else real[width]
  const std::string element = width == 0 ? "real" : "real[" + std::to_string(width) + "]";
  const std::string cell = names[cons] + " : " + element + " * l";
  const std::string last = names[end] + " : " + (non_empty ? element : "unit");
  const std::string type_text =
      "mu l. < " + (pick(2) ? cell + " | " + last : last + " | " + cell) + " >";
  const TypeP type = parse_type(type_text, "<t>");

  auto random_element = [&] {
    auto real = [&] { return std::to_string(pick(2000) - 1000) + (pick(2) ? ".5" : ""); };
    if (width == 0) return real();
    std::string s = "[";
    for (int i = 0; i < width; ++i) s += (i ? ", " : "") + real();
    return s + "]";
  };
  const int n = (non_empty ? 1 : 0) + pick(6);
  std::vector<std::string> elements;
  for (int i = 0; i < n; ++i) elements.push_back(random_element());
  std::string written = non_empty ? "roll " + names[end] + " (" + elements.back() + ")" : "roll " + names[end];
  for (int i = n - (non_empty ? 1 : 0); i-- > 0;)
    written = "roll " + names[cons] + " (" + elements[std::size_t(i)] + ", " + written + ")";
  RC_LOG() << type_text << "\n" << written << "\n";

  const TermP checked = check_term({}, parse_term(written, "<w>"), type);
  const std::string printed = print_term_with_list_literals(checked);
  RC_LOG() << printed << "\n";
  RC_ASSERT(printed.front() == '[');
  RC_ASSERT(printed.back() == ']');
  const TermP back = check_term({}, parse_term(printed, "<p>"), type);
  RC_ASSERT(term_equal(back, checked));
  RC_ASSERT(print_term_with_list_literals(back) == printed);
}

}  // namespace
}  // namespace chad

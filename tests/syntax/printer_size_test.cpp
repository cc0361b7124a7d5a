// The printers are linear in the term's size: deep nesting (lets in the bound position, the
// shape CHAD's reverse transformation makes of a let chain) neither indents without bound nor
// copies a subterm's text once per enclosing term. Sizes are counted in characters and lines,
// never timed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>

#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// let x = (let x = ... (let x = 1 in x) ... in x) in x, `depth` lets deep in the bound position.
TermP lets_in_bound_position(std::size_t depth) {
  TermP t = make_literal(1);
  for (std::size_t i = 0; i < depth; ++i) t = make_let("x", t, make_var("x"));
  return t;
}

// let x1 = x0 * y in let x2 = x1 * y in ... in x<depth>, `depth` lets deep in the body position.
TermP lets_in_body_position(std::size_t depth) {
  TermP t = make_var("x" + std::to_string(depth));
  for (std::size_t i = depth; i > 0; --i)
    t = make_let("x" + std::to_string(i),
                 make_prim(PrimOp::Mul, {make_var("x" + std::to_string(i - 1)), make_var("y")}), t);
  return t;
}

struct Shape {
  std::size_t chars = 0, lines = 0, widest_indent = 0;
};

Shape shape_of(const std::string& text) {
  Shape s{text.size(), 0, 0};
  std::size_t line_start = 0;
  while (line_start <= text.size()) {
    std::size_t end = text.find('\n', line_start);
    if (end == std::string::npos) end = text.size();
    std::size_t indent = 0;
    while (line_start + indent < end && text[line_start + indent] == ' ') ++indent;
    s.widest_indent = std::max(s.widest_indent, indent);
    ++s.lines;
    line_start = end + 1;
  }
  return s;
}

TEST(PrinterSize, FlatTextOfBoundPositionLetsIsThirteenCharactersALevel) {
  run_with_deep_stack([] {
    // Each level adds "let x = " (8 characters) and " in x" (5) around the literal "1".
    for (std::size_t n : {10, 20000, 100000})
      EXPECT_EQ(print_term(lets_in_bound_position(n)).size(), 13 * n + 1) << n;
  });
}

TEST(PrinterSize, LayoutGrowsLinearlyWithBoundedIndentation) {
  run_with_deep_stack([] {
    const Shape small = shape_of(print_term_layout(lets_in_bound_position(10000)));
    const Shape big = shape_of(print_term_layout(lets_in_bound_position(20000)));
    // Indentation stops at 40 columns, so doubling the depth about doubles the text (an
    // indentation growing 4 columns a level would quadruple it: 4n^2 / 2 spaces).
    EXPECT_LE(small.widest_indent, 40u);
    EXPECT_LE(big.widest_indent, 40u);
    const double growth = double(big.chars) / double(small.chars);
    EXPECT_GT(growth, 1.9);
    EXPECT_LT(growth, 2.1);
    // The first line opens every level ("let x = ", 8 characters); each level then closes
    // with " in", a newline and its body "x" indented at most 40: 8 + 3 + 1 + 40 + 1 = 53
    // characters a level, so 20,000 levels in at most 20,000 * 54 (an indentation growing 4
    // columns a level would need about 800 million).
    EXPECT_LE(big.chars, 20000u * 54);
    EXPECT_GE(big.lines, 20000u - 100);  // one line a level, but for a flat innermost part
    EXPECT_LE(big.lines, 20000u + 1);
    // The same bound at 100,000 levels (issue 16: they print in well under a second).
    EXPECT_LE(print_term_layout(lets_in_bound_position(100000)).size(), 100000u * 54);
  });
}

TEST(PrinterSize, LayoutOfABodyPositionChainDoesNotIndent) {
  run_with_deep_stack([] {
    const Shape s = shape_of(print_term_layout(lets_in_body_position(20000)));
    EXPECT_EQ(s.widest_indent, 0u);
    // One line per let, "let xi = x(i-1) * y in" and a newline, at most
    // 4 + 6 + 3 + 6 + 4 + 3 + 1 = 27 characters for names of up to 6 characters, then the
    // last line "x20000"; the last few lets may share a line (their flat text fits).
    EXPECT_GE(s.lines, 20001u - 10);
    EXPECT_LE(s.lines, 20001u);
    EXPECT_LE(s.chars, 20000u * 27 + 6);
  });
}

TEST(PrinterSize, DeepLayoutsReadBackToTheSameTerm) {
  run_with_deep_stack([] {
    // Within the parser's nesting limit (20,000 levels; a let nests two: bound and body).
    for (const TermP& t : {lets_in_bound_position(3000), lets_in_body_position(3000)}) {
      EXPECT_TRUE(term_equal(parse_term(print_term_layout(t), "<layout>"), t));
      EXPECT_TRUE(term_equal(parse_term(print_term(t), "<flat>"), t));
    }
  });
}

}  // namespace
}  // namespace chad

// Inputs printed as people write them (references/input_value.hpp, readable_input): the rolls of a
// list as a list literal, reading back as the same value; anything else unchanged.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

const char* kListAndTree =
    "type L = mu l. < Nil : unit | Cons : real * l >;\n"
    "type T = mu t. < Leaf : real | Node : t * t >;\n"
    "def main (xs : L, t : T) : real = 0;";

TEST(ReadableInput, ListsBecomeLiteralsAndReadBackTheSame) {
  run_with_deep_stack([] {
    const CheckedProgram program = testing::load_source(kListAndTree);
    const std::string rolled = "(roll (Cons (0.875, roll (Cons (-2.5, roll (Nil ()))))), roll (Leaf 1))";
    const std::string readable = readable_input(program, rolled);
    EXPECT_EQ(readable, "([0.875, -2.5], roll (Leaf 1))");  // a tree is no list: its rolls stay
    EXPECT_EQ(read_input_point(program, readable).coords, read_input_point(program, rolled).coords);
    EXPECT_EQ(read_input_point(program, readable).index.to_string(),
              read_input_point(program, rolled).index.to_string());
  });
}

TEST(ReadableInput, TextThatDoesNotReadBackIsKeptAsItIs) {
  run_with_deep_stack([] {
    const CheckedProgram program = testing::load_source(kListAndTree);
    EXPECT_EQ(readable_input(program, "(1, 2"), "(1, 2");
    EXPECT_EQ(readable_input(program, "([1], roll (Leaf sin(1)))"), "([1], roll (Leaf sin(1)))");
  });
}

}  // namespace
}  // namespace chad

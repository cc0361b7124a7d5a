// The tool-side interpreter of the JSON translation (adapters/cpp/json_program_interpreter.hpp)
// on double, against values derived by hand from each program's formula.
#include <gtest/gtest.h>

#include <cmath>

#include "cpp_adapter_requests.hpp"

namespace chad {
namespace {

using nlohmann::json;
using testing::interpret;
using testing::program_at;

const std::string kList = "type List = mu l. < Nil : unit | Cons : real * l >;\n";

double scalar_output(const std::string& source, const std::string& at) {
  const auto [index, coords] = interpret(program_at(source, at));
  EXPECT_EQ(index, (json{{"reals", 1}}));
  return coords.at(0);
}

TEST(CppJsonInterpreter, ArithmeticAndUnaryPrimitives) {
  EXPECT_EQ(scalar_output("def main (x : real) : real = sin(x) * x;", "1.5"), std::sin(1.5) * 1.5);
  // sigmoid(0) = 1/2, softplus(0) = log 2, tanh(0) = 0, exp(0) = 1, sqrt(4) = 2, log(e^2) = 2.
  EXPECT_EQ(scalar_output("def main (x : real) : real = sigmoid(x);", "0"), 0.5);
  EXPECT_EQ(scalar_output("def main (x : real) : real = softplus(x);", "0"), std::log(2.0));
  EXPECT_EQ(scalar_output("def main (x : real) : real = tanh(x) + exp(x) + sqrt(4 * exp(x));", "0"), 3.0);
  EXPECT_EQ(scalar_output("def main (x : real) : real = -x / 4 - 1;", "2"), -1.5);
}

TEST(CppJsonInterpreter, ArrayPrimitives) {
  // matvec([[1, 2], [3, 4]], (x, 1)) at x = 2: (1*2 + 2*1, 3*2 + 4*1) = (4, 10).
  const auto [index, coords] = interpret(program_at(
      "def main (x : real) : real[2] = matvec([[1, 2], [3, 4]], vec(x, 1));", "2"));
  EXPECT_EQ(index, (json{{"reals", 2}}));
  EXPECT_EQ(coords, (std::vector<double>{4, 10}));
  // dot((1,2,3), v) + sum(scale(2, v)) + get(v, 2) at v = (1, 1, 2): 1+2+6 + 2*4 + 2 = 19.
  EXPECT_EQ(scalar_output("def main (v : real[3]) : real = dot([1, 2, 3], v) + sum(scale(2, v)) + get(v, 2);",
                          "[1, 1, 2]"),
            19.0);
}

TEST(CppJsonInterpreter, ComparisonsAndSums) {
  const std::string relu = "def main (x : real) : real = if x < 0 then 0 else x;";
  EXPECT_EQ(scalar_output(relu, "-2"), 0.0);
  EXPECT_EQ(scalar_output(relu, "3"), 3.0);
  // A sum as output: Rect (2, 3) scaled by k = 4 becomes Circle ((2 + 3) * 4 / 2) = Circle 10.
  const auto [index, coords] = interpret(program_at(
      "type Shape = < Circle : real | Rect : real * real >;\n"
      "def main (s : Shape, k : real) : Shape = case s of { Circle r -> Rect (r * k, r * k)"
      " | Rect p -> Circle ((fst p + snd p) * k / 2) };",
      "(Rect (2, 3), 4)"));
  EXPECT_EQ(index, (json{{"inject", {{"ctor", "Circle"}, {"tag", 0}, {"of", {{"reals", 1}}}}}}));
  EXPECT_EQ(coords, (std::vector<double>{10}));
}

TEST(CppJsonInterpreter, DomainErrors) {
  EXPECT_THROW(scalar_output("def main (x : real) : real = log(x);", "-1"), chad_adapter::DomainError);
  EXPECT_THROW(scalar_output("def main (x : real) : real = sqrt(x);", "0"), chad_adapter::DomainError);
  EXPECT_THROW(scalar_output("def main (x : real) : real = 1 / (x - x);", "2"), chad_adapter::DomainError);
}

// The stream's step at seed y is (1 / (y - 3), y + 1): elements 1/(0-3), 1/(1-3), 1/(2-3), then a
// division by zero at seed 3, met only when the fourth element is observed.
TEST(CppJsonInterpreter, StreamsAreLazy) {
  const std::string stream =
      "type Stream = nu s. real * s;\n"
      "def from (y : real) : Stream = unfold y with z -> (1 / (z - 3), z + 1);\n";
  EXPECT_EQ(scalar_output(stream + "def main (x : real) : real = "
                                   "let a = unroll (from x) in let b = unroll (snd a) in fst a + fst (unroll (snd b));",
                          "0"),
            -1.0 / 3 + -1.0);
  EXPECT_THROW(scalar_output(stream + "def main (x : real) : real = "
                                      "let a = unroll (snd (unroll (snd (unroll (from x))))) in fst (unroll (snd a));",
                             "0"),
               chad_adapter::DomainError);
}

// A fold over a list of 100,000 ones: the sum of squares is 100000 (no stack overflow).
TEST(CppJsonInterpreter, FoldOverALongList) {
  auto p = program_at(kList + "def main (xs : List) : real = fold xs with n -> case n of "
                              "{ Nil u -> 0 | Cons c -> fst c * fst c + snd c };",
                      "roll Nil");
  const int n = 100000;
  json index = p.index;  // roll Nil ()
  for (int i = 0; i < n; ++i) {
    json pair = json::array();
    pair.push_back(json{{"reals", 1}});
    pair.push_back(std::move(index));
    json of = json::object();
    of["pair"] = std::move(pair);
    json inject = json::object();
    inject["ctor"] = "Cons";
    inject["tag"] = 1;
    inject["of"] = std::move(of);
    json injected = json::object();
    injected["inject"] = std::move(inject);
    index = json::object();
    index["roll"] = std::move(injected);
  }
  p.index = std::move(index);
  p.coords.assign(n, 1.0);
  std::pair<json, std::vector<double>> out;
  ASSERT_NO_THROW(out = interpret(p));
  EXPECT_EQ(out.second, (std::vector<double>{100000.0}));
  chad_adapter::run_on_big_stack([&] { p.index = json(); });  // a deep tree, destroyed on a big stack
}

}  // namespace
}  // namespace chad

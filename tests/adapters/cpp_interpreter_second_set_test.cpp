// The tool-side interpreter (adapters/cpp/json_program_array_ops.hpp) on the second set's array
// primitives, on double, against values derived by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "cpp_adapter_requests.hpp"

namespace chad {
namespace {

using nlohmann::json;
using testing::interpret;
using testing::program_at;

std::vector<double> output(const std::string& source, const std::string& at, const json& index) {
  const auto [got_index, coords] = interpret(program_at(source, at));
  EXPECT_EQ(got_index, index) << source;
  return coords;
}

TEST(CppJsonInterpreter, SecondSetReductions) {
  const json one = {{"reals", 1}};
  // mean (1, 2, 3, 6) = 3; prod (2, 5, 3) = 30; prod with a zero entry = 0; norm (3, 4) = 5
  EXPECT_EQ(output("def main (v : real[4]) : real = mean(v);", "[1, 2, 3, 6]", one), (std::vector<double>{3}));
  EXPECT_EQ(output("def main (v : real[3]) : real = prod(v);", "[2, 5, 3]", one), (std::vector<double>{30}));
  EXPECT_EQ(output("def main (v : real[3]) : real = prod(v);", "[2, 0, 3]", one), (std::vector<double>{0}));
  EXPECT_EQ(output("def main (v : real[2]) : real = norm(v);", "[3, 4]", one), (std::vector<double>{5}));
  // norm (3e300, 4e300) = 5e300: the squares would overflow
  EXPECT_DOUBLE_EQ(output("def main (v : real[2]) : real = norm(v);", "[3e300, 4e300]", one).at(0), 5e300);
  // logsumexp (1000, 1000) = 1000 + log 2: exp 1000 would overflow
  EXPECT_DOUBLE_EQ(output("def main (v : real[2]) : real = logsumexp(v);", "[1000, 1000]", one).at(0),
                   1000 + std::log(2.0));
}

TEST(CppJsonInterpreter, SecondSetArrays) {
  // softmax (0, log 3) = (1/4, 3/4); cumsum (1, -2, 5) = (1, -1, 4)
  const std::vector<double> s =
      output("def main (v : real[2]) : real[2] = softmax(v);", "[0, 1.0986122886681098]", {{"reals", 2}});
  EXPECT_DOUBLE_EQ(s.at(0), 0.25);
  EXPECT_DOUBLE_EQ(s.at(1), 0.75);
  EXPECT_EQ(output("def main (v : real[3]) : real[3] = cumsum(v);", "[1, -2, 5]", {{"reals", 3}}),
            (std::vector<double>{1, -1, 4}));
  // transpose of [[1, 2, 3], [4, 5, 6]] row-major: 1 4 2 5 3 6
  EXPECT_EQ(output("def main (a : real[2, 3]) : real[3, 2] = transpose(a);", "[[1, 2, 3], [4, 5, 6]]",
                   {{"reals", 6}}),
            (std::vector<double>{1, 4, 2, 5, 3, 6}));
  // [[1, 2, 3], [4, 5, 6]] [[7], [8], [9]] = (50, 122)
  EXPECT_EQ(output("def main (a : real[2, 3], b : real[3, 1]) : real[2, 1] = matmul(a, b);",
                   "([[1, 2, 3], [4, 5, 6]], [[7], [8], [9]])", {{"reals", 2}}),
            (std::vector<double>{50, 122}));
  // outer((2, -1), (3, 4, 5)) = (6, 8, 10, -3, -4, -5)
  EXPECT_EQ(output("def main (u : real[2], v : real[3]) : real[2, 3] = outer(u, v);", "([2, -1], [3, 4, 5])",
                   {{"reals", 6}}),
            (std::vector<double>{6, 8, 10, -3, -4, -5}));
}

}  // namespace
}  // namespace chad

// The protocol's second-order asks (docs/adapter-protocol.md, "Second order"): an `hvp` request
// carries its cotangent, `hvp` and `hessian` answers are read with their shapes checked (a wrong
// count of matrices, rows or entries is a malformed answer: the tool's fault), and the hello may
// declare them.
#include <gtest/gtest.h>

#include "adapter_client/adapter_protocol.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "syntax/parser.hpp"

namespace chad {
namespace {

using nlohmann::json;

// f(x, y) = (x * y, x * x): n = 2, m = 2; H_0 = [[0, 1], [1, 0]], H_1 = [[2, 0], [0, 0]].
struct TwoByTwo {
  CheckedProgram program = check_program(parse_program("def main (p : real * real) : real * real = "
                                                       "(fst p * snd p, fst p * fst p);",
                                                       "<test>"));
  AdapterRequest request(AdapterAsk ask) const {
    AdapterRequest r;
    r.program = &program;
    r.input = read_input_point(program, "(3, 5)");
    r.output_index = jacobian_by_dual(program, r.input).output_index;
    r.ask = ask;
    return r;
  }
};

TEST(AdapterSecondOrder, AnHvpRequestCarriesItsCotangentAndSeeds) {
  const TwoByTwo p;
  AdapterRequest r = p.request(AdapterAsk::Hvp);
  r.cotangent = {1.0, -0.5};
  r.seeds = {{1.0, 0.0}};
  const json message = differentiate_request(r, 4, AdapterHello{});
  EXPECT_EQ(message["ask"], "hvp");
  EXPECT_EQ(message["cotangent"], json::array({"0x1p+0", "-0x1p-1"}));
  EXPECT_EQ(message["seeds"], json::array({json::array({"0x1p+0", "0x0p+0"})}));
  // a first-order request has no cotangent
  EXPECT_FALSE(differentiate_request(p.request(AdapterAsk::Vjp), 5, AdapterHello{}).contains("cotangent"));
}

TEST(AdapterSecondOrder, AnHvpAnswerIsOneInputCotangentPerSeed) {
  const TwoByTwo p;
  AdapterRequest r = p.request(AdapterAsk::Hvp);
  r.cotangent = {1.0, 1.0};
  r.seeds = {{1.0, 0.0}, {0.0, 1.0}};
  // (H_0 + H_1) e_0 = (2, 1), (H_0 + H_1) e_1 = (1, 0)
  const AdapterAnswer a = read_answer(json::parse(R"({"kind": "result", "id": 2, "hvp": [["0x1p+1", 1], [1, 0]]})"), 2, r);
  EXPECT_EQ(a.rows, (std::vector<std::vector<double>>{{2, 1}, {1, 0}}));
  EXPECT_THROW(read_answer(json::parse(R"({"kind": "result", "id": 2, "hvp": [[2, 1]]})"), 2, r), ProtocolError);
  EXPECT_THROW(read_answer(json::parse(R"({"kind": "result", "id": 2, "hvp": [[2, 1, 0], [1, 0, 0]]})"), 2, r),
               ProtocolError);
  EXPECT_THROW(read_answer(json::parse(R"({"kind": "result", "id": 2, "vjp": [[2, 1], [1, 0]]})"), 2, r), ProtocolError);
}

TEST(AdapterSecondOrder, AHessianAnswerIsOneSquareMatrixPerOutputCoordinate) {
  const TwoByTwo p;
  const AdapterRequest r = p.request(AdapterAsk::Hessian);
  const AdapterAnswer a =
      read_answer(json::parse(R"({"kind": "result", "id": 1, "hessian": [[[0, 1], [1, 0]], [[2, 0], [0, 0]]]})"), 1, r);
  ASSERT_EQ(a.hessians.size(), 2u);
  EXPECT_EQ(a.hessians[0], (std::vector<std::vector<double>>{{0, 1}, {1, 0}}));
  EXPECT_EQ(a.hessians[1], (std::vector<std::vector<double>>{{2, 0}, {0, 0}}));
  for (const char* malformed : {
           R"({"kind": "result", "id": 1, "hessian": [[[0, 1], [1, 0]]]})",                       // one matrix of two
           R"({"kind": "result", "id": 1, "hessian": [[[0, 1]], [[2, 0]]]})",                      // one row each
           R"({"kind": "result", "id": 1, "hessian": [[[0, 1], [1]], [[2, 0], [0, 0]]]})",         // a short row
           R"({"kind": "result", "id": 1, "hessian": [[[0, 1], [1, "x"]], [[2, 0], [0, 0]]]})",    // not a number
           R"({"kind": "result", "id": 1, "hessian": [[0, 1], [1, 0]]})",                          // rows, no matrices
       })
    EXPECT_THROW(read_answer(json::parse(malformed), 1, r), ProtocolError) << malformed;
}

TEST(AdapterSecondOrder, TheHelloMayDeclareTheSecondOrderAsks) {
  const AdapterHello hello = read_hello(json::parse(
      R"({"kind": "hello", "protocol": 1, "tool": "t", "mode": "jax-jvp-of-grad", "asks": ["vjp", "hvp", "hessian"]})"));
  ASSERT_TRUE(hello.asks.has_value());
  EXPECT_EQ(*hello.asks, (std::set<std::string>{"vjp", "hvp", "hessian"}));
  EXPECT_THROW(read_hello(json::parse(R"({"kind": "hello", "protocol": 1, "tool": "t", "asks": ["hessians"]})")),
               ProtocolError);
  EXPECT_EQ(read_ask(json{{"ask", "hessian"}}), AdapterAsk::Hessian);
  EXPECT_TRUE(second_order(AdapterAsk::Hvp));
  EXPECT_FALSE(second_order(AdapterAsk::Vjp));
}

}  // namespace
}  // namespace chad

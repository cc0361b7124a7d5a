// The conformance suite's cases at second order (oracle/order2_conformance.hpp): each case's
// Hessians derived by hand lie inside the certified (MPFI) enclosures of references/ (never
// CHAD's), entry by entry; a hand-derived Hessian off by one entry is reported, naming it; the
// cases are the five the suite promises; only a hello declaring `hvp` or `hessian` is asked.
#include <gtest/gtest.h>

#include "adapter_client/order2_conformance.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

TEST(Order2Conformance, EveryHandDerivedHessianIsInsideTheCertifiedEnclosure) {
  const auto& cases = order2_conformance_cases();
  std::vector<std::string> names;
  for (const auto& c : cases) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"product", "horner", "softplus network", "fold", "case"}));
  for (const auto& c : cases) {
    std::string problem = "not run";
    run_with_deep_stack([&] { problem = hand_hessian_problem(c); });
    EXPECT_EQ(problem, "") << c.name;
  }
}

TEST(Order2Conformance, TheHandDerivedHessiansHaveTheirClosedFormValuesAtThePoints) {
  // Worked by hand, apart from the code: Horner at x = 1.5, a = (0.5, -2, 3, 0.25):
  // d2p/dx2 = 2*3 + 6*0.25*1.5 = 8.25, d2p/dx da3 = 3 * 1.5^2 = 6.75; the product of
  // (1.5, -2, 0.75, 3): d2/dx1 dx2 = 0.75 * 3 = 2.25; the case at Rect (2, 0.5), k = 0.3:
  // d2/dw dh = exp(0.3).
  const auto& cases = order2_conformance_cases();
  const Matrix horner = cases[1].by_hand()[0];
  EXPECT_EQ(horner[0][0], 8.25);
  EXPECT_EQ(horner[0][4], 6.75);
  EXPECT_EQ(horner[4][0], 6.75);
  EXPECT_EQ(horner[2][3], 0.0);
  EXPECT_EQ(cases[0].by_hand()[0][0][1], 2.25);
  EXPECT_EQ(cases[0].by_hand()[0][2][2], 0.0);
  EXPECT_DOUBLE_EQ(cases[4].by_hand()[0][0][1], 1.3498588075760032);
  EXPECT_EQ(cases[2].by_hand().size(), 2u);  // two outputs, two Hessians
}

TEST(Order2Conformance, AWrongHandDerivedEntryIsReportedByItsName) {
  Order2ConformanceCase wrong = order2_conformance_cases()[0];
  const auto right = wrong.by_hand;
  wrong.by_hand = [right] {
    std::vector<Matrix> h = right();
    h[0][1][2] *= 1 + 1e-9;
    return h;
  };
  std::string problem;
  run_with_deep_stack([&] { problem = hand_hessian_problem(wrong); });
  EXPECT_NE(problem.find("d2 output[0] / d input[1] d input[2]: by hand"), std::string::npos) << problem;
  EXPECT_NE(problem.find("the certified reference encloses"), std::string::npos) << problem;
}

TEST(Order2Conformance, OnlyAHelloDeclaringASecondOrderAskIsAsked) {
  AdapterHello hello;
  EXPECT_FALSE(declares_second_order(hello));  // nothing declared: not asked
  hello.asks = std::set<std::string>{"jacobian", "jvp", "vjp"};
  EXPECT_FALSE(declares_second_order(hello));
  hello.asks->insert("hvp");
  EXPECT_TRUE(declares_second_order(hello));
  hello.asks = std::set<std::string>{"hessian"};
  EXPECT_TRUE(declares_second_order(hello));
}

}  // namespace
}  // namespace chad

// The judge at second order (oracle/order2_check.hpp): CHAD differentiated twice (forward over
// reverse, forward over forward, every sums strategy) passes against the certified Hessian on
// the held-out style programs (Horner, a list's product, a softplus network); a kink or tie at
// the point is a skip ("not differentiable here"); and each order-2 mutant of the catalogue
// (right at first order, wrong at second) fails at order 2 with a discrepancy naming the
// second derivative, while the first-order judge passes it.
#include <gtest/gtest.h>

#include "mutants/mutants.hpp"
#include "oracle/campaign.hpp"
#include "oracle/order2_check.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

const char* kList = "type NEList = mu l. < Last : real | Cons : real * l >;\n";

ProgramOutcome at_order2(const std::string& program, const std::string& input, const Mutant* m = nullptr) {
  CampaignOptions options;
  if (m) use_mutant(options, *m);
  ProgramOutcome out;
  run_with_deep_stack([&] {
    Case k(GeneratedCase{program, input});
    out = check_case_order2(options, k);
  });
  return out;
}

ProgramOutcome at_order1(const std::string& program, const std::string& input, const Mutant* m) {
  CampaignOptions options;
  if (m) use_mutant(options, *m);
  ProgramOutcome out;
  run_with_deep_stack([&] { out = check_case(options, GeneratedCase{program, input}); });
  return out;
}

TEST(Order2Check, ChadTwicePassesOnTheHeldOutStylePrograms) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {std::string(kList) + "def main (x : real) (cs : NEList) : real =\n"
                            "  fold cs with node -> case node of { Last c -> c | Cons p -> fst p + x * snd p };",
       "(0.5, roll Cons (1, roll Cons (-3, roll Cons (2, roll Last 4))))"},
      {std::string(kList) + "def main (xs : NEList) : real =\n"
                            "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p * snd p };",
       "roll Cons (1.5, roll Cons (-2, roll Last 4))"},
      {"def main (x : real, y : real) : real =\n"
       "  1.5 * softplus(0.5 * x - y + 0.25) - 0.75 * softplus(2 * x + 0.5 * y - 1) + tanh(x) * y * sigmoid(y);",
       "(0.3, -0.7)"},
  };
  for (const auto& [program, input] : cases) {
    const ProgramOutcome o = at_order2(program, input);
    EXPECT_EQ(o.verdict, Verdict::Pass) << program << "\n" << o.detail;
    EXPECT_EQ(o.checks.size(), 6u);  // two modes x three sums strategies
    for (const CheckOutcome& c : o.checks) EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
  }
}

TEST(Order2Check, AKinkOrTieAtThePointIsNotJudged) {
  for (const auto& [program, input] : std::vector<std::pair<std::string, std::string>>{
           {"def main (x : real, y : real) : real = abs(x) * y * y;", "(0, 2)"},
           {"def main (x : real, y : real) : real = if x < y then x * y else y * y;", "(2, 2)"}}) {
    const ProgramOutcome o = at_order2(program, input);
    EXPECT_EQ(o.verdict, Verdict::Skip) << program;
    EXPECT_NE(o.detail.find("not differentiable here"), std::string::npos) << o.detail;
    EXPECT_TRUE(o.checks.empty());
  }
}

TEST(Order2Check, OrderTwoMutantsFailAtOrderTwoAndPassAtOrderOne) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"table-sigmoid-primal-detached", "def main (x : real) : real = sigmoid x;", "0.3"},
      {"mul-primal-detached", "def main (x : real, y : real) : real = x * y;", "(0.5, 2)"},
  };
  std::size_t order2_mutants = 0;
  for (const Mutant& m : mutant_catalogue()) order2_mutants += m.order == 2;
  EXPECT_EQ(order2_mutants, cases.size());
  for (const auto& [name, program, input] : cases) {
    const Mutant* m = find_mutant(name);
    ASSERT_NE(m, nullptr) << name;
    EXPECT_EQ(m->order, 2);
    const ProgramOutcome first = at_order1(program, input, m);
    EXPECT_EQ(first.verdict, Verdict::Pass) << name << ": " << first.detail;
    const ProgramOutcome second = at_order2(program, input, m);
    EXPECT_EQ(second.verdict, Verdict::Fail) << name;
    bool named = false;
    for (const CheckOutcome& c : second.checks)
      named = named || c.detail.find("d2 output[0] / d input[") != std::string::npos;
    EXPECT_TRUE(named) << name;
    EXPECT_EQ(at_order2(program, input).verdict, Verdict::Pass) << "without the mutant";
  }
}

}  // namespace
}  // namespace chad

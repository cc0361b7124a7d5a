// Two parts of the rule of precision (model/tool_rounding.hpp, docs/adapter-protocol.md): the
// reverse order's allowance (a tool that differentiates by a reverse sweep in double may lose an
// intermediate adjoint below double's range, and is then not wrong), and a unary primitive's
// tangent computed from its own output (tanh' = 1 - t², which doubles t's error). A wrong answer
// beyond either still fails.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "../support/adapter_judge.hpp"
#include "../support/tool_runner.hpp"

namespace chad {
namespace {

// A float64 tool of one input, named `tool`: `derivative` (Python lines over x, setting d) gives
// its derivative, `value` (a Python expression over x) its output; it answers every ask.
std::string scalar_tool(const std::string& name, const std::string& tool, const std::string& derivative,
                        const std::string& value) {
  const std::string script =
      testing::fake_tool_preamble(tool) +
      "    x = float.fromhex(r['input']['coords'][0])\n" + derivative +
      "    out = {'kind': 'result', 'id': r['id'], 'output': {'index': {'reals': 1}, 'coords': [hx(" + value + ")]}}\n"
      "    if r['ask'] == 'jacobian': out['jacobian'] = [[hx(d)]]\n"
      "    else: out[r['ask']] = [[hx(d * float.fromhex(s[0]))] for s in r['seeds']]\n"
      "    print(json.dumps(out), flush=True)\n";
  return "/usr/bin/python3 " + testing::write_temp_file("chad_tool_rounding_rule_test", name + ".py", script);
}

// x / (x * x), differentiated as a reverse-mode tool does in double (PyTorch's rules for / and *):
// the adjoint of b = x x is -(a / b) / b, then x's is 1 / b + 2 x (adjoint of b). `factor`
// multiplies the derivative it gives (1: right as far as double can be).
std::string reverse_sweep_adapter(const std::string& name, const std::string& factor) {
  return scalar_tool(name, "sweep",
                     "    a, b = x, x * x\n"
                     "    ga = 1.0 / b\n"
                     "    gb = -((a / b) / b)\n"
                     "    d = (ga + gb * x + gb * x) * " + factor + "\n",
                     "a / b");
}

CheckOutcome judge(const std::string& command, const std::string& at,
                   const std::string& text = "def main (x : real) : real = x / (x * x);") {
  return testing::judge_by_adapter(command, text, at);
}

// At x = 1.220703125e146 the derivative -1/x^2 is -6.7108864e-293, the adjoint of x x is
// -5.5e-439 (below the smallest subnormal, 4.9e-324: rounded to 0), so the sweep gives +1/x^2, the
// other sign: within the reverse order's allowance (8 η |d(x x)/dx| = 8 η 2x, about 1e-176), a pass.
// An answer beyond that allowance (1e-170) still fails there.
TEST(ReverseOrderRounding, AnAdjointBelowDoublesRangeIsNotTheToolsFault) {
  const double x = 1.220703125e146;
  ASSERT_EQ((x / (x * x)) / (x * x), 0.0);  // the hand-derived premise: the adjoint underflows
  ASSERT_GT(1.0 / (x * x), 0.0);            // and the sweep's answer has the wrong sign
  const CheckOutcome sweep = judge(reverse_sweep_adapter("right", "1"), "1.220703125e146");
  EXPECT_EQ(sweep.verdict, Verdict::Pass) << sweep.detail;
  const CheckOutcome far = judge(reverse_sweep_adapter("far", "1.49e123"), "1.220703125e146");  // 1e-169
  EXPECT_EQ(far.verdict, Verdict::Fail) << far.detail;
}

// At x = 3 nothing underflows: the allowance is a few η, and a derivative off by 2^-20 relative
// (-1/9 (1 + 2^-20)) still fails.
TEST(ReverseOrderRounding, AWrongDerivativeStillFailsWhereNothingUnderflows) {
  const CheckOutcome right = judge(reverse_sweep_adapter("right3", "1"), "3");
  EXPECT_EQ(right.verdict, Verdict::Pass) << right.detail;
  const CheckOutcome wrong = judge(reverse_sweep_adapter("wrong3", "1.00000095367431640625"), "3");
  EXPECT_EQ(wrong.verdict, Verdict::Fail) << wrong.detail;
}


// tanh(x x) at x = -4.4296875 (x x = 19.62...), as XLA computes it: tanh(19.62) = 1 - 1.8e-17
// rounds to 1, but the tool's t is 1 - 8e-16 = 0.9999999999999992 (7 ulps below: within 8 ulp per
// operation), and its derivative (1 - t)(1 + t) 2x is then -1.4e-14 where the exact 2x sech^2(x x)
// is -6.5e-16: off by 2 k u |2x| at most, inside the rule; a t of 1 - 2e-15 (18 ulps) is not. (Its
// value is sent correctly rounded: only the derivative is judged here.)
std::string tanh_adapter(const std::string& name, const std::string& t) {
  return scalar_tool(name, "xla-like", "    t = " + t + "\n    d = (1 - t) * (1 + t) * (2 * x)\n", "math.tanh(x * x)");
}

TEST(UnaryTangentRounding, OneMinusTSquaredFromATanhSevenUlpsOffPasses) {
  const std::string text = "def main (x : real) : real = tanh(x * x);";
  ASSERT_EQ(std::tanh(4.4296875 * 4.4296875), 1.0);  // the correctly rounded tanh
  const CheckOutcome xla = judge(tanh_adapter("tanh7", "0.9999999999999992"), "-4.4296875", text);
  EXPECT_EQ(xla.verdict, Verdict::Pass) << xla.detail;
  const CheckOutcome far = judge(tanh_adapter("tanh18", "1 - 2e-15"), "-4.4296875", text);
  EXPECT_EQ(far.verdict, Verdict::Fail) << far.detail;
}

}  // namespace
}  // namespace chad

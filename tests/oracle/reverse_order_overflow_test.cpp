// The reverse order's overflow in the rule of precision (docs/adapter-protocol.md, "The verdict,
// and precision"; references/reverse_sweep.hpp): a tool that differentiates by a reverse sweep in
// double computes adjoints of intermediates, and one can overflow where every forward value and
// the derivative are finite; its inf or NaN is then a `skip` ("an adjoint in the reverse order may
// overflow"), not a `fail`. A wrong finite answer, or a NaN where no adjoint overflows, still fails.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "../support/adapter_judge.hpp"
#include "../support/tool_runner.hpp"

namespace chad {
namespace {

// y = fst x * c, then y * snd x, with c = 2^-10.
const std::string kProgram = "def main (x : real * real) : real = fst x * 0.0009765625 * snd x;";
const double kC = 0.0009765625;

// A float64 tool that differentiates kProgram as a reverse-mode tool does (PyTorch's rule for *):
// the adjoint of the output is the seed w, y's is w x1, x0's is (w x1) c, x1's is w y. Its VJP is
// multiplied by `factor`, or is `vjp_override` (a Python expression) when given; "domain": the
// VJP is answered by a domain error (as the adapter kit answers a tool's inf or NaN).
std::string sweep_tool(const std::string& name, const std::string& factor, const std::string& vjp_override = "") {
  const std::string script =
      "c = 0.0009765625\n" + testing::fake_tool_preamble("sweep") +
      "    x0, x1 = [float.fromhex(v) for v in r['input']['coords']]\n"
      "    y = x0 * c\n"
      "    def reverse(w):\n"
      "        gy = w * x1\n"
      "        return [gy * c, w * y]\n"
      "    out = {'kind': 'result', 'id': r['id'], 'output': {'index': {'reals': 1}, 'coords': [hx(y * x1)]}}\n"
      "    seeds = [[float.fromhex(v) for v in s] for s in r['seeds']]\n"
      "    if r['ask'] == 'jacobian': out['jacobian'] = [[hx(g) for g in reverse(1.0)]]\n"
      "    elif r['ask'] == 'jvp': out['jvp'] = [[hx(s[0] * c * x1 + y * s[1])] for s in seeds]\n"
      "    elif " + std::string(vjp_override == "domain" ? "True" : "False") + ":\n"
      "        out = {'kind': 'error', 'id': r['id'], 'error': 'domain', 'message': \"the tool's vjp is not finite\"}\n"
      "    else: out['vjp'] = [[hx(" + (vjp_override.empty() ? "g * " + factor : vjp_override) +
      ") for g in reverse(s[0])] for s in seeds]\n"
      "    print(json.dumps(out), flush=True)\n";
  return "/usr/bin/python3 " + testing::write_temp_file("chad_reverse_order_overflow_test", name + ".py", script);
}

CheckOutcome judge(const std::string& command, const std::string& at) {
  return testing::judge_by_adapter(command, kProgram, at);
}

// At x = (1.5, 1.5e308) the VJP's seed is 2 (adapter_seed of one output): the adjoint of y is
// 2 x1 = 3e308, beyond double's range, so the sweep gives inf for x0, though the VJP itself,
// (2 c x1, 2 x0 c) = (2.9e305, 0.0029), and the output, 2.2e305, are finite.
TEST(ReverseOrderOverflow, AnAdjointBeyondDoublesRangeIsASkipNotAFail) {
  const double x0 = 1.5, x1 = 1.5e308;
  ASSERT_EQ(adapter_seed(1, 1), std::vector<double>{2.0});
  ASSERT_TRUE(std::isinf(2.0 * x1));             // the hand-derived premise: the adjoint of y overflows
  ASSERT_TRUE(std::isfinite(2.0 * kC * x1));     // while the VJP and the output are finite
  ASSERT_TRUE(std::isfinite(x0 * kC * x1));
  const CheckOutcome sweep = judge(sweep_tool("overflow", "1"), "(1.5, 1.5e308)");
  EXPECT_EQ(sweep.verdict, Verdict::Skip) << sweep.detail;
  EXPECT_NE(sweep.detail.find("an adjoint in the reverse order may overflow float64 (the vjp request"),
            std::string::npos)
      << sweep.detail;
  EXPECT_NE(sweep.detail.find("the adjoint of the result of `*`"), std::string::npos) << sweep.detail;
  // NaN (as PyTorch gave for program 955) is excused there as inf is.
  const CheckOutcome nan = judge(sweep_tool("overflow_nan", "1", "float('nan')"), "(1.5, 1.5e308)");
  EXPECT_EQ(nan.verdict, Verdict::Skip) << nan.detail;
  // So is a domain error (the adapter kit's answer for a tool's inf or NaN: PyTorch 2 at 955).
  const CheckOutcome domain = judge(sweep_tool("overflow_domain", "1", "domain"), "(1.5, 1.5e308)");
  EXPECT_EQ(domain.verdict, Verdict::Skip) << domain.detail;
  EXPECT_NE(domain.detail.find("where sweep reports a domain error"), std::string::npos) << domain.detail;
}

// At the same point a wrong finite VJP still fails: the rule excuses only inf or NaN.
TEST(ReverseOrderOverflow, AWrongFiniteAnswerStillFailsWhereAnAdjointOverflows) {
  const CheckOutcome wrong = judge(sweep_tool("overflow_finite", "1", "1.0"), "(1.5, 1.5e308)");
  EXPECT_EQ(wrong.verdict, Verdict::Fail) << wrong.detail;
}

// At an ordinary point no adjoint overflows: the right sweep passes, a VJP off by 2^-20 relative
// fails, and so do a NaN and a domain error.
TEST(ReverseOrderOverflow, AtAnOrdinaryPointAWrongOrNaNAnswerStillFails) {
  const CheckOutcome right = judge(sweep_tool("ordinary", "1"), "(1.5, 3)");
  EXPECT_EQ(right.verdict, Verdict::Pass) << right.detail;
  const CheckOutcome wrong = judge(sweep_tool("ordinary_wrong", "1.00000095367431640625"), "(1.5, 3)");
  EXPECT_EQ(wrong.verdict, Verdict::Fail) << wrong.detail;
  const CheckOutcome nan = judge(sweep_tool("ordinary_nan", "1", "float('nan')"), "(1.5, 3)");
  EXPECT_EQ(nan.verdict, Verdict::Fail) << nan.detail;
  const CheckOutcome domain = judge(sweep_tool("ordinary_domain", "1", "domain"), "(1.5, 3)");
  EXPECT_EQ(domain.verdict, Verdict::Fail) << domain.detail;
}

// A tool that computes `get(x, 3) * get(x, 0)`'s Jacobian, JVP and VJP in float64 as written, and
// answers an inf or NaN among them by a domain error, as the adapter kit does; `jvp_fails`: it
// answers every JVP so.
std::string product_tool(const std::string& name, bool jvp_fails = false) {
  const std::string script =
      testing::fake_tool_preamble("product") +
      "    x = [float.fromhex(v) for v in r['input']['coords']]\n"
      "    seeds = [[float.fromhex(v) for v in s] for s in r['seeds']]\n"
      "    if r['ask'] == 'jacobian': rows = [[x[3], 0.0, 0.0, x[0]]]\n"
      "    elif r['ask'] == 'jvp': rows = [[s[0] * x[3] + s[3] * x[0]] for s in seeds]\n"
      "    else: rows = [[s[0] * x[3], 0.0, 0.0, s[0] * x[0]] for s in seeds]\n"
      "    if all(math.isfinite(v) for row in rows for v in row) and not (" + std::string(jvp_fails ? "True" : "False") +
      " and r['ask'] == 'jvp'):\n"
      "        out = {'kind': 'result', 'id': r['id'], 'output': {'index': {'reals': 1}, 'coords': [hx(x[3] * x[0])]},"
      " r['ask']: [[hx(v) for v in row] for row in rows]}\n"
      "    else:\n"
      "        out = {'kind': 'error', 'id': r['id'], 'error': 'domain', 'message': 'the tool\\'s ' + r['ask'] + ' is not finite'}\n"
      "    print(json.dumps(out), flush=True)\n";
  return "/usr/bin/python3 " + testing::write_temp_file("chad_reverse_order_overflow_test", name + ".py", script);
}

// TensorFlow's program 29763 (2026-11-27), shrunk: at x = [1e308, 0, 0, 1] the JVP along the
// oracle's seed (1, -0.5, 0.25, 2) is 1 + 2e308 and the VJP along 2 is (2, 0, 0, 2e308): real
// numbers beyond double's range, so every float64 computation gives inf, and a tool that says so
// is not wrong (`skip`: "may overflow"). At [1e300, 0, 0, 1] they are finite: the same domain
// error is a `fail`.
TEST(ReverseOrderOverflow, AnAnswerWhoseExactValueIsBeyondDoublesRangeMayBeInf) {
  const std::string program = "def main (x : real[4]) : real = get(x, 3) * get(x, 0);";
  ASSERT_EQ(adapter_seed(4, 0), (std::vector<double>{1.0, -0.5, 0.25, 2.0}));
  ASSERT_TRUE(std::isinf(1.0 + 2.0 * 1e308));  // the premise, by hand
  const std::string tool = product_tool("product");
  const CheckOutcome beyond = testing::judge_by_adapter(tool, program, "[1e308, 0, 0, 1]");
  EXPECT_EQ(beyond.verdict, Verdict::Skip) << beyond.detail;
  EXPECT_NE(beyond.detail.find("jvp[0] (out) may overflow float64 (the jvp request, where product reports a domain error"),
            std::string::npos)
      << beyond.detail;
  const CheckOutcome finite = testing::judge_by_adapter(tool, program, "[1e300, 0, 0, 1]");
  EXPECT_EQ(finite.verdict, Verdict::Pass) << finite.detail;
  const CheckOutcome wrong = testing::judge_by_adapter(product_tool("product_jvp_fails", true), program, "[1e300, 0, 0, 1]");
  EXPECT_EQ(wrong.verdict, Verdict::Fail) << wrong.detail;
  EXPECT_NE(wrong.detail.find("reports a domain error the program does not have"), std::string::npos) << wrong.detail;
}

}  // namespace
}  // namespace chad

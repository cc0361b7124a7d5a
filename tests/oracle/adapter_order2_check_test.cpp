// An outside tool judged at second order (adapter_client/adapter_order2_check.hpp) through small Python
// adapters written here: a right Hessian passes, a wrong entry fails naming it, an adapter that
// declares no second-order ask is unsupported, a point on a kink is never judged.
#include <gtest/gtest.h>

#include <memory>

#include "../support/tool_runner.hpp"
#include "adapter_client/adapter_client.hpp"
#include "adapter_client/adapter_order2_check.hpp"
#include "judge/case.hpp"

namespace chad {
namespace {

// f(p) = (fst p * snd p, fst p * fst p): H_0 = [[0, 1], [1, 0]], H_1 = [[2, 0], [0, 0]] at every
// point; H_w v for the oracle's w = (1, -0.5)... is answered from these by the adapter below.
const std::string kProgram = "def main (p : real * real) : real * real = (fst p * snd p, fst p * fst p);";

// A Python adapter declaring `asks` (and, when not empty, its `second_order_band`) whose hessian
// is `hessian` (a Python literal) and whose hvp is (sum_i w_i H_i) v computed from it.
std::string order2_adapter(const std::string& name, const std::string& asks, const std::string& hessian,
                           const std::string& band = "") {
  const std::string script =
      "import json, sys\n"
      "H = " + hessian + "\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    if r['kind'] == 'bye': break\n"
      "    if r['kind'] == 'hello':\n"
      "        a = {'kind': 'hello', 'protocol': 1, 'tool': 'fake', 'mode': 'fake-order2', 'asks': " + asks +
      (band.empty() ? std::string() : ", 'second_order_band': " + band) + "}\n"
      "    elif r['ask'] == 'hessian':\n"
      "        a = {'kind': 'result', 'id': r['id'], 'hessian': H}\n"
      "    else:\n"
      "        w = [float.fromhex(c) for c in r['cotangent']]\n"
      "        hw = [[sum(w[i] * H[i][j][k] for i in range(2)) for k in range(2)] for j in range(2)]\n"
      "        a = {'kind': 'result', 'id': r['id'], 'hvp': [[sum(hw[j][k] * float.fromhex(s[k]) for k in range(2))\n"
      "                                                      for j in range(2)] for s in r['seeds']]}\n"
      "    print(json.dumps(a), flush=True)\n";
  return "/usr/bin/python3 " + testing::write_temp_file("chad_adapter_order2_test", name + ".py", script);
}

CheckOutcome judge(const std::string& adapter, const std::string& program, const std::string& at) {
  CampaignOptions options;
  options.implementation = Implementation::Adapter;
  options.adapter = std::make_shared<AdapterClient>(AdapterOptions{adapter, 30});
  Case k(GeneratedCase{program, at});
  CheckOutcome c = check_order2_by_adapter(k, options);
  options.adapter->stop(true);
  return c;
}

const std::string kRight = "[[[0, 1], [1, 0]], [[2, 0], [0, 0]]]";

TEST(AdapterOrder2Check, ARightHessianAndHvpPass) {
  const CheckOutcome c = judge(order2_adapter("right", "['vjp', 'hvp', 'hessian']", kRight), kProgram, "(3, 5)");
  EXPECT_EQ(c.verdict, Verdict::Pass) << c.detail;
}

TEST(AdapterOrder2Check, AWrongEntryFailsAndIsNamed) {
  const CheckOutcome c =
      judge(order2_adapter("wrong", "['hessian']", "[[[0, 1], [1, 0]], [[2.5, 0], [0, 0]]]"), kProgram, "(3, 5)");
  EXPECT_EQ(c.verdict, Verdict::Fail);
  EXPECT_NE(c.detail.find("d2 output[1] / d input[0] d input[0]"), std::string::npos) << c.detail;
  EXPECT_NE(c.detail.find("2.5"), std::string::npos) << c.detail;
}

TEST(AdapterOrder2Check, AWrongHvpFailsThoughNoHessianIsAsked) {
  const CheckOutcome c =
      judge(order2_adapter("wrong-hvp", "['hvp']", "[[[0, 1], [1, 0]], [[0, 0], [0, 0]]]"), kProgram, "(3, 5)");
  EXPECT_EQ(c.verdict, Verdict::Fail) << c.detail;
  EXPECT_NE(c.detail.find("hvp["), std::string::npos) << c.detail;
}

TEST(AdapterOrder2Check, NoSecondOrderAskIsUnsupportedAndAKinkIsNeverJudged) {
  EXPECT_EQ(judge(order2_adapter("first", "['vjp']", kRight), kProgram, "(3, 5)").verdict, Verdict::Unsupported);
  // abs at 0: not twice differentiable; the wrong adapter is never asked
  const CheckOutcome kink = judge(order2_adapter("kink", "['hessian']", "[[[7.0]]]"),
                                  "def main (x : real) : real = abs(x) * x;", "0");
  EXPECT_EQ(kink.verdict, Verdict::Skip) << kink.detail;
}

}  // namespace
}  // namespace chad

namespace chad {
namespace {

// The right Hessian with its entry 1 (d2 output[0] / d input[0] d input[1]) off by `relative`: a
// planted second-order fault of that magnitude.
std::string off_by(const std::string& relative) {
  return "[[[0, 1 + " + relative + "], [1 + " + relative + ", 0]], [[2, 0], [0, 0]]]";
}

TEST(AdapterOrder2Check, ADeclaredBandKillsAFaultJustAboveItAndPassesRoundingBelowIt) {
  // Declared 1e-10 (the Python kit's float64 nestings): 2e-10 off is a fail naming the band, 5e-11 passes.
  const CheckOutcome above = judge(order2_adapter("band-above", "['hessian']", off_by("2e-10"), "1e-10"), kProgram, "(3, 5)");
  EXPECT_EQ(above.verdict, Verdict::Fail) << above.detail;
  EXPECT_NE(above.detail.find("d2 output[0] / d input[0] d input[1]"), std::string::npos) << above.detail;
  EXPECT_NE(above.detail.find("the band: relative 1e-10, declared by the tool"), std::string::npos) << above.detail;
  const CheckOutcome below = judge(order2_adapter("band-below", "['hessian']", off_by("5e-11"), "1e-10"), kProgram, "(3, 5)");
  EXPECT_EQ(below.verdict, Verdict::Pass) << below.detail;
  // Undeclared: CHAD's band (1e-9), in which the same 2e-10 passes, and 2e-9 fails naming the default.
  EXPECT_EQ(judge(order2_adapter("default-above", "['hessian']", off_by("2e-10")), kProgram, "(3, 5)").verdict,
            Verdict::Pass);
  const CheckOutcome wide = judge(order2_adapter("default-far", "['hessian']", off_by("2e-9")), kProgram, "(3, 5)");
  EXPECT_EQ(wide.verdict, Verdict::Fail) << wide.detail;
  EXPECT_NE(wide.detail.find("the band: relative 1e-09, the default"), std::string::npos) << wide.detail;
}

TEST(AdapterOrder2Check, ABandOutsideTheAllowedRangeIsTheAdaptersFault) {
  CampaignOptions options;
  options.implementation = Implementation::Adapter;
  options.adapter = std::make_shared<AdapterClient>(
      AdapterOptions{order2_adapter("band-wide", "['hessian']", kRight, "0.01"), 30});
  EXPECT_THROW(options.adapter->hello(), AdapterStartError);
  options.adapter->stop(true);
}

}  // namespace
}  // namespace chad

// `check-adapter` at second order (oracle/order2_conformance.hpp): an adapter whose hello declares
// `hvp`/`hessian` is asked the Hessians of the suite's hand-derived cases. The golden adapter
// conforms in each of its second-order methods; one declaring first order only (`--method
// sd-rev`) is not asked; a proxy of the golden adapter whose second derivatives are off by a
// relative 2^-20 in one entry (its first derivatives right) DOES NOT CONFORM (exit 1), the
// failing check naming the entry, the answer and the certified enclosure.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "../support/tool_runner.hpp"

namespace chad::testing {
namespace {

std::string golden(const std::string& flags = "") {
  return std::string(CHAD_BINARY_DIR) + "/apps/chad-oracle/chad-oracle serve-adapter" + flags;
}

const char* kCases[] = {"order 2: product", "order 2: horner", "order 2: softplus network", "order 2: fold", "order 2: case"};

// The golden adapter behind a proxy that multiplies d2 output[0] / d input[0] d input[1] (and
// its mirror) of every `hessian` answer, and the first entry of every `hvp` answer, by 1 + 2^-20.
std::string second_order_fault_proxy() {
  const std::string script =
      "import json, subprocess, sys\n"
      "tool = subprocess.Popen(" + nlohmann::json(golden()).dump() +
      ", shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
      "def off(h):\n"
      "    return float.hex(float.fromhex(h) * (1 + 2.0 ** -20))\n"
      "for line in sys.stdin:\n"
      "    r = json.loads(line)\n"
      "    tool.stdin.write(line); tool.stdin.flush()\n"
      "    if r['kind'] == 'bye': tool.wait(); break\n"
      "    a = json.loads(tool.stdout.readline())\n"
      "    if a.get('kind') == 'result' and 'hessian' in a and len(a['hessian'][0]) > 1:\n"
      "        m = a['hessian'][0]; m[0][1] = off(m[0][1]); m[1][0] = off(m[1][0])\n"
      "    if a.get('kind') == 'result' and 'hvp' in a:\n"
      "        a['hvp'][0][0] = off(a['hvp'][0][0])\n"
      "    print(json.dumps(a), flush=True)\n";
  return "/usr/bin/python3 " + write_temp_file("chad_order2_conformance_test", "off_at_order2.py", script);
}

TEST(CliOrder2Conformance, TheGoldenAdapterConformsAtSecondOrderInEachMethod) {
  for (const char* method : {"chad-rev", "chad-fwd", "dual"}) {
    const ToolRun r = run_tool("check-adapter --adapter " + shell_quote(golden(std::string(" --method ") + method)));
    EXPECT_EQ(r.exit_code, 0) << method << "\n" << r.output;
    EXPECT_NE(r.output.find("== CONFORMS"), std::string::npos) << r.output;
    for (const char* name : kCases) EXPECT_NE(r.output.find(std::string(name) + " "), std::string::npos) << name << "\n" << r.output;
    EXPECT_NE(r.output.find("hessian and hvp: every entry inside the certified enclosure"), std::string::npos) << r.output;
  }
}

TEST(CliOrder2Conformance, AnAdapterDeclaringFirstOrderOnlyIsNotAskedSecondOrder) {
  const ToolRun r = run_tool("check-adapter --json --adapter " + shell_quote(golden(" --method sd-rev")), false);
  const nlohmann::json j = nlohmann::json::parse(r.output);
  for (const auto& c : j["checks"]) EXPECT_EQ(c["check"].get<std::string>().rfind("order 2", 0), std::string::npos) << c;
  EXPECT_GT(j["checks"].size(), 5u);
}

TEST(CliOrder2Conformance, WrongSecondDerivativesDoNotConformAndTheEntryIsNamed) {
  const ToolRun r = run_tool("check-adapter --adapter " + shell_quote(second_order_fault_proxy()));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("== DOES NOT CONFORM"), std::string::npos) << r.output;
  // The first-order checks pass (the proxy leaves Jacobians alone); the product's Hessian fails at
  // d2/dx0 dx1 = 0.75 * 3 = 2.25, answered 2.25 (1 + 2^-20).
  EXPECT_NE(r.output.find("example list_product.chad"), std::string::npos) << r.output;
  const std::size_t at = r.output.find("order 2: product");
  ASSERT_NE(at, std::string::npos) << r.output;
  const std::string line = r.output.substr(at, r.output.find('\n', at) - at);
  EXPECT_NE(line.find("FAIL"), std::string::npos) << line;
  EXPECT_NE(line.find("d2 output[0] / d input[0] d input[1]"), std::string::npos) << line;
  EXPECT_NE(line.find("gives 2.250002145767212"), std::string::npos) << line;
  EXPECT_NE(line.find("the certified reference encloses [2.25, 2.25]"), std::string::npos) << line;
  EXPECT_NE(line.find("the band: relative 1e-09, the default"), std::string::npos) << line;
  for (const char* example : {"example list_product.chad", "example horner.chad"}) {
    const std::size_t e = r.output.find(example);
    EXPECT_EQ(r.output.substr(e, r.output.find('\n', e) - e).find("FAIL"), std::string::npos) << example;
  }
}

}  // namespace
}  // namespace chad::testing

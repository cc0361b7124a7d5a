// Test support: the verdict of check_by_adapter (adapter_client/adapter_check.hpp) on a program
// at a point, against an adapter command, as a campaign reaches it (dual-number reference first).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"

namespace chad::testing {

// The start of a fake float64 tool in Python over the adapter protocol: `hx` (a float as hex),
// and the loop over requests that answers `hello` (as tool `tool`, its hello's further fields
// `hello_extra`, e.g. ", 'subnormals': 'flush'") and stops at `bye`; the lines that follow, at
// the loop's indentation (4 spaces), answer a request `r`.
inline std::string fake_tool_preamble(const std::string& tool, const std::string& hello_extra = "") {
  return "import json, math, sys\n"
         "def hx(v): return float.hex(float(v))\n"
         "for line in sys.stdin:\n"
         "    r = json.loads(line)\n"
         "    if r['kind'] == 'bye': break\n"
         "    if r['kind'] == 'hello':\n"
         "        print(json.dumps({'kind': 'hello', 'protocol': 1, 'tool': '" + tool + "', 'version': '0',"
         " 'precision': 'float64', 'translations': []" + hello_extra + "}), flush=True); continue\n";
}

inline CheckOutcome judge_by_adapter(const std::string& command, const std::string& program_text,
                                     const std::string& at, double timeout = 30) {
  CampaignOptions options;
  options.implementation = Implementation::Adapter;
  options.adapter = std::make_shared<AdapterClient>(AdapterOptions{command, timeout});
  CheckOutcome outcome;
  run_with_deep_stack([&] {
    const CheckedProgram program = check_program(parse_program(program_text, "<test>"));
    const NormalForm<double> input = read_input_point(program, at);
    const JacobianResult reference = jacobian_by_dual(program, input);
    std::optional<JacobianResult> certified;
    outcome = check_by_adapter(options, program_text, program, input, reference, certified);
  });
  return outcome;
}

}  // namespace chad::testing

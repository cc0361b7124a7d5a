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

// The verdict on a Jacobian computed in double by an implementation under test that has no
// interval evaluation of its own (string-diagram AD, compiled kernels): the dual-number
// reference first (the screen); on a disagreement, the certified interval reference, where a
// value outside an enclosure by more than the screen's tolerance is a certified `fail`.
#pragma once
#include <optional>
#include <string>

#include "judge/campaign_options.hpp"
#include "references/jacobian.hpp"

namespace chad {

// Fills in c.verdict, c.error, c.detail and c.screen_cleared. `who` names the implementation
// in details ("sd-rev", "the compiled kernel"); `certified` is computed when first needed.
// With `output`, the primal output is compared with the reference's too (both computed in
// double: a difference beyond the screen's tolerance is a `fail`).
void judge_double_jacobian(CheckOutcome& c, const std::string& who, const Index& output_index,
                           const std::vector<double>* output,
                           const std::vector<std::vector<double>>& jacobian, const CheckedProgram& program,
                           const NormalForm<double>& input, const JacobianResult& reference,
                           std::optional<JacobianResult>& certified);

}  // namespace chad

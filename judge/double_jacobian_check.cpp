#include "judge/double_jacobian_check.hpp"

#include <cmath>

#include "logrel/agreement.hpp"
#include "judge/screen_then_certify.hpp"
#include "syntax/printer.hpp"

namespace chad {

void judge_double_jacobian(CheckOutcome& c, const std::string& who, const Index& output_index,
                           const std::vector<double>* output, const std::vector<std::vector<double>>& jacobian, const CheckedProgram& program,
                           const NormalForm<double>& input, const JacobianResult& reference,
                           std::optional<JacobianResult>& certified) {
  if (output_index != reference.output_index) {
    c.verdict = Verdict::Fail;
    c.detail = who + "'s output has index " + output_index.to_string() + ", the program's " +
               reference.output_index.to_string();
    return;
  }
  for (std::size_t i = 0; output && i < output->size(); ++i)
    if (!agrees((*output)[i], reference.output_coords[i])) {
      c.verdict = Verdict::Fail;
      c.error = relative_error((*output)[i], reference.output_coords[i]);
      c.detail = "output[" + std::to_string(i) + "]: " + who + " gives " + print_real((*output)[i]) +
                 ", the program " + print_real(reference.output_coords[i]);
      return;
    }
  for (std::size_t i = 0; i < jacobian.size(); ++i)
    for (std::size_t j = 0; j < jacobian[i].size(); ++j)
      c.error = std::fmax(c.error, relative_error(jacobian[i][j], reference.jacobian[i][j]));
  auto certify = [&](const JacobianResult& certified_reference) {
    std::vector<std::vector<Enclosure>> answer(jacobian.size());
    for (std::size_t i = 0; i < jacobian.size(); ++i)
      for (double x : jacobian[i]) answer[i].push_back({x, x});
    return certify_entries(who, answer, true, ScreenTolerance::relative, certified_reference);
  };
  record_judgement(c, screen_then_certify(who, c.error, program, input, certified, certify, c.screen_cleared));
}

}  // namespace chad

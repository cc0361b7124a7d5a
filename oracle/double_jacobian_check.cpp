#include "oracle/double_jacobian_check.hpp"

#include <cmath>

#include "logrel/agreement.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/printer.hpp"

namespace chad {

void judge_double_jacobian(CheckOutcome& c, const std::string& who, const Index& output_index,
                           const std::vector<double>* output, const std::vector<std::vector<double>>& jacobian, const CheckedProgram& program,
                           const NormalForm<double>& input, const JacobianResult& reference,
                           std::optional<JacobianResult>& certified) {
  if (output_index != reference.output_index) {
    c.verdict = CampaignVerdict::Fail;
    c.detail = who + "'s output has index " + output_index.to_string() + ", the program's " +
               reference.output_index.to_string();
    return;
  }
  for (std::size_t i = 0; output && i < output->size(); ++i)
    if (!agrees((*output)[i], reference.output_coords[i])) {
      c.verdict = CampaignVerdict::Fail;
      c.error = relative_error((*output)[i], reference.output_coords[i]);
      c.detail = "output[" + std::to_string(i) + "]: " + who + " gives " + print_real((*output)[i]) +
                 ", the program " + print_real(reference.output_coords[i]);
      return;
    }
  for (std::size_t i = 0; i < jacobian.size(); ++i)
    for (std::size_t j = 0; j < jacobian[i].size(); ++j)
      c.error = std::fmax(c.error, relative_error(jacobian[i][j], reference.jacobian[i][j]));
  if (c.error <= ScreenTolerance::relative) return;
  if (!certified) certified = compute_jacobian(program, input, JacobianMethod::Interval);
  if (!certified->differentiable) {
    c.verdict = CampaignVerdict::FailNumeric;
    c.detail = who + " differs from dual numbers by " + print_real(c.error) +
               " (relative) and the interval check cannot decide: " + certified->reason;
    return;
  }
  for (std::size_t i = 0; i < jacobian.size(); ++i)
    for (std::size_t j = 0; j < jacobian[i].size(); ++j) {
      const Enclosure& e = certified->enclosure[i][j];
      const double got = jacobian[i][j];
      const double slack = ScreenTolerance::relative * std::fmax(1.0, std::fabs(got));
      if (!(got >= e.lo - slack && got <= e.hi + slack)) {
        c.verdict = CampaignVerdict::Fail;
        c.detail = "d output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "]: " + who + " gives " +
                   print_real(got) + ", the certified reference encloses [" + print_real(e.lo) + ", " +
                   print_real(e.hi) + "]";
        return;
      }
    }
  c.screen_cleared = true;
}

}  // namespace chad

#include "oracle/sd_check.hpp"

#include <cmath>

#include "diagrams/sd_jacobian.hpp"
#include "logrel/agreement.hpp"
#include "oracle/compute_jacobian.hpp"
#include "syntax/printer.hpp"

namespace chad {

CheckOutcome check_by_string_diagrams(const CheckedProgram& program, const NormalForm<double>& input,
                                      const JacobianResult& reference, const diagrams::RuleTable* rules) {
  CheckOutcome c{ChadMode::Reverse, SumsStrategy::Biproduct, CampaignVerdict::Pass, false, 0, {}, Implementation::StringDiagram};
  diagrams::SdOptions options;
  options.rules = rules;
  diagrams::SdJacobian sd;
  try {
    sd = diagrams::sd_jacobian(program, input, options);
  } catch (const InternalError& e) {
    c.verdict = CampaignVerdict::Fault;
    c.detail = std::string("sd-rev: ") + e.what();
    return c;
  } catch (const DomainError& e) {
    c.verdict = CampaignVerdict::Fail;
    c.detail = "sd-rev raises a domain error the program does not: " + e.message();
    return c;
  }
  if (sd.output_index != reference.output_index) {
    c.verdict = CampaignVerdict::Fail;
    c.detail = "sd-rev's output has index " + sd.output_index.to_string() + ", the program's " +
               reference.output_index.to_string();
    return c;
  }
  for (std::size_t i = 0; i < sd.jacobian.size(); ++i)
    for (std::size_t j = 0; j < sd.jacobian[i].size(); ++j)
      c.error = std::fmax(c.error, relative_error(sd.jacobian[i][j], reference.jacobian[i][j]));
  if (c.error <= ScreenTolerance::relative) return c;
  const JacobianResult certified = compute_jacobian(program, input, JacobianMethod::Interval);
  if (!certified.differentiable) {
    c.verdict = CampaignVerdict::FailNumeric;
    c.detail = "sd-rev differs from dual numbers by " + print_real(c.error) +
               " (relative) and the interval check cannot decide: " + certified.reason;
    return c;
  }
  for (std::size_t i = 0; i < sd.jacobian.size(); ++i)
    for (std::size_t j = 0; j < sd.jacobian[i].size(); ++j) {
      const Enclosure& e = certified.enclosure[i][j];
      const double got = sd.jacobian[i][j];
      const double slack = ScreenTolerance::relative * std::fmax(1.0, std::fabs(got));
      if (!(got >= e.lo - slack && got <= e.hi + slack)) {
        c.verdict = CampaignVerdict::Fail;
        c.detail = "d output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "]: sd-rev gives " +
                   print_real(got) + ", the certified reference encloses [" + print_real(e.lo) + ", " +
                   print_real(e.hi) + "]";
        return c;
      }
    }
  c.screen_cleared = true;
  return c;
}

}  // namespace chad

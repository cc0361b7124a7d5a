#include "oracle/sd_check.hpp"

#include "diagrams/sd_jacobian.hpp"
#include "judge/double_jacobian_check.hpp"
#include "syntax/printer.hpp"

namespace chad {

CheckOutcome check_by_string_diagrams(const CheckedProgram& program, const NormalForm<double>& input,
                                      const JacobianResult& reference, const diagrams::RuleTable* rules) {
  CheckOutcome c{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}, Implementation::StringDiagram};
  diagrams::SdOptions options;
  options.rules = rules;
  diagrams::SdJacobian sd;
  try {
    sd = diagrams::sd_jacobian(program, input, options);
  } catch (const InternalError& e) {
    c.verdict = Verdict::Fault;
    c.detail = std::string("sd-rev: ") + e.what();
    return c;
  } catch (const DomainError& e) {
    c.verdict = Verdict::Fail;
    c.detail = "sd-rev raises a domain error the program does not: " + e.message();
    return c;
  }
  std::optional<JacobianResult> certified;
  judge_double_jacobian(c, "sd-rev", sd.output_index, nullptr, sd.jacobian, program, input, reference, certified);
  return c;
}

}  // namespace chad

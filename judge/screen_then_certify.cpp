#include "judge/screen_then_certify.hpp"

#include "logrel/agreement.hpp"
#include "judge/judge_faults.hpp"
#include "syntax/printer.hpp"

namespace chad {

Judgement screen_then_certify(const std::string& who, double screen_error, const CheckedProgram& program,
                              const NormalForm<double>& input, std::optional<JacobianResult>& certified,
                              const std::function<Judgement(const JacobianResult&)>& certify, bool& screen_cleared) {
  if (screen_error <= ScreenTolerance::relative) return {};
  if (active_judge_faults.screen_clears_without_certifying) {
    screen_cleared = true;
    return {};
  }
  if (!certified) {
    try {
      certified = jacobian_by_interval(program, input);
    } catch (const DomainError&) {  // (the callers say what these mean for their check)
      throw;
    } catch (const ComparisonUndecided&) {
      throw;
    } catch (const SourceError& e) {  // the certified reference is not finite: a verdict, not an error
      return {Verdict::FailNumeric, who + " differs from dual numbers and the interval check cannot decide: " + e.what(),
              std::nullopt};
    }
  }
  if (!certified->differentiable)
    return {Verdict::FailNumeric,
            who + " differs from dual numbers by " + print_real(screen_error) +
                " (relative) and the interval check cannot decide: " + certified->reason,
            std::nullopt};
  Judgement j = certify(*certified);
  if (j.verdict == Verdict::Pass) screen_cleared = true;
  return j;
}

Judgement certify_entries(const std::string& who, const std::vector<std::vector<Enclosure>>& answer,
                          bool answer_is_number, double tolerance, const JacobianResult& certified) {
  const std::size_t rows = certified_rows(answer.size());
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < answer[i].size(); ++j) {
      Judgement entry = judge_entry({i, j, who, answer[i][j], answer_is_number, certified.enclosure[i][j],
                                     answer_is_number ? tolerance : 0});
      if (entry.verdict != Verdict::Pass) return entry;
    }
  return {};
}

}  // namespace chad

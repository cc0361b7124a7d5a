#include "judge/verify_case.hpp"

#include <algorithm>
#include <cmath>

#include "judge/judge_faults.hpp"

namespace chad {

void judge_jacobian_entry(VerifyCase& c, std::size_t i, std::size_t j, const Enclosure& got,
                          const Enclosure& want) {
  const double mid_got = 0.5 * got.lo + 0.5 * got.hi, mid_want = 0.5 * want.lo + 0.5 * want.hi;
  const double distance = std::fabs(mid_got - mid_want) / std::max(1.0, std::fabs(mid_want));
  const bool comparable = std::isfinite(distance);  // both enclosures bounded
  c.discrepancy = std::max(c.discrepancy, comparable ? distance : INFINITY);
  const double g = enclosure_gap(got, want);
  const Judgement entry = judge_entry({i, j, c.compiled ? "the compiled kernel" : "CHAD", got, false, want, 0});
  if (entry.verdict == Verdict::Pass) return;
  if (c.verdict == Verdict::Pass) {
    c.detail = entry.reason;
    c.first_discrepancy = entry.discrepancy;
  }
  c.verdict = Verdict::Fail;
  if (!(g == 0)) c.gap = std::max(c.gap, std::isnan(g) ? INFINITY : g);
}

void judge_enclosures(VerifyCase& c, const Index& output_index, const std::vector<Enclosure>& outputs,
                      const std::vector<std::vector<Enclosure>>& jacobian, const JacobianResult& reference,
                      const std::vector<Enclosure>& output) {
  if (output_index != reference.output_index) {
    c.verdict = Verdict::Fail;
    c.detail = "the primal output's index is " + output_index.to_string() + ", expected " +
               reference.output_index.to_string();
    return;
  }
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (double g = enclosure_gap(outputs[i], output[i]); !(g == 0)) {  // or NaN
      c.verdict = Verdict::Fail;
      c.gap = std::max(c.gap, std::isnan(g) ? INFINITY : g);
      c.detail = "primal output coordinate " + std::to_string(i) + " differs from the program's";
    }
  c.enclosure = jacobian;
  for (std::size_t i = 0; i < jacobian.size(); ++i)
    for (std::size_t j = 0; j < jacobian[i].size(); ++j)
      if (i < certified_rows(jacobian.size())) judge_jacobian_entry(c, i, j, jacobian[i][j], reference.enclosure[i][j]);
}

}  // namespace chad

#include "judge/fd_cross_check.hpp"

#include <cmath>

#include "logrel/agreement.hpp"
#include "judge/discrepancy.hpp"
#include "syntax/printer.hpp"
#include "syntax/stable_hash.hpp"

namespace chad {

const char* cross_check_name(CrossCheck c) {
  switch (c) {
    case CrossCheck::NotChecked: return "";
    case CrossCheck::Agreed: return "agree";
    case CrossCheck::Disagreed: return "disagree";
    case CrossCheck::CannotCertify: return "cannot-certify";
  }
  return "?";
}

std::optional<CrossCheck> parse_cross_check(const std::string& name) {
  for (CrossCheck c : {CrossCheck::NotChecked, CrossCheck::Agreed, CrossCheck::Disagreed, CrossCheck::CannotCertify})
    if (name == cross_check_name(c)) return c;
  return std::nullopt;
}

void count_cross_check(CrossCheck result, CrossCheckCounts& counts) {
  if (result == CrossCheck::NotChecked) return;
  ++counts.checked;
  counts.disagreements += result == CrossCheck::Disagreed;
  counts.cannot_certify += result == CrossCheck::CannotCertify;
}

bool cross_check_sampled(const std::string& program_text, double rate) {
  if (rate <= 0) return false;
  if (rate >= 1) return true;
  return unit_interval(splitmix64_mix(fnv1a(program_text))) < rate;
}

CrossCheckOutcome cross_check_with_fd(const CheckedProgram& program, const NormalForm<double>& input,
                                      const JacobianResult& certified) {
  CrossCheckOutcome out;
  JacobianResult fd;
  try {
    fd = jacobian_by_finite_differences(program, input);
  } catch (const SourceError& e) {  // an overflow past double, a domain error at the point
    out.result = CrossCheck::CannotCertify;
    out.detail = std::string("fd: ") + e.what();
    return out;
  }
  if (!fd.differentiable) {
    out.result = CrossCheck::CannotCertify;
    out.detail = "fd: " + fd.reason;
    return out;
  }
  if (fd.output_index != certified.output_index) {
    out.result = CrossCheck::Disagreed;
    out.detail = "cross-check: fd's output index is " + fd.output_index.to_string() +
                 ", the certified reference's " + certified.output_index.to_string();
    return out;
  }
  out.result = CrossCheck::Agreed;
  for (std::size_t i = 0; i < fd.jacobian.size(); ++i)
    for (std::size_t j = 0; j < fd.jacobian[i].size(); ++j) {
      const double value = fd.jacobian[i][j];
      const Enclosure& want = certified.enclosure[i][j];
      // fd's estimate, plus the screen's tolerance for the rounding to double on both sides.
      const double allowed = fd.error_estimate[i][j] + ScreenTolerance::relative * std::fmax(1.0, std::fabs(value));
      if (enclosure_gap({value, value}, want) <= allowed) continue;
      out.result = CrossCheck::Disagreed;
      out.detail = "cross-check: " + format_discrepancy({i, j, "fd", {value, value}, true, want, 0}) +
                   " (fd's error estimate " + print_real(fd.error_estimate[i][j]) +
                   "): a bug in the reference or a fault CHAD and the reference share";
      return out;
    }
  return out;
}

}  // namespace chad

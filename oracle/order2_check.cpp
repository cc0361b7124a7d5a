#include "oracle/order2_check.hpp"

#include <cmath>

#include "logrel/agreement.hpp"
#include "adapter_client/adapter_order2_check.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/chad_hessian.hpp"
#include "oracle/implementation_registry.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

std::string entry_name(std::size_t i, std::size_t j, std::size_t k) {
  return "d2 output[" + std::to_string(i) + "] / d input[" + std::to_string(j) + "] d input[" + std::to_string(k) + "]";
}

bool within_band(double got, double lo, double hi) {
  if (!std::isfinite(got) || !std::isfinite(lo) || !std::isfinite(hi)) return false;
  const double slack = ScreenTolerance::relative * std::fmax(1.0, std::fabs(got));
  return got >= lo - slack && got <= hi + slack;
}

}  // namespace

CheckOutcome check_order2(Case& k, const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  CheckOutcome out;
  out.mode = mode;
  out.sums = sums;
  const HessianMethod method =
      mode == ChadMode::Reverse ? HessianMethod::ChadForwardOverReverse : HessianMethod::ChadForwardOverForward;
  out.mode_name = hessian_method_name(method);
  HessianResult screen;
  try {
    screen = hessian_by_taylor(k.program(), k.input());
  } catch (const SourceError& e) {  // a domain error or overflow at the point: nothing to judge
    out.verdict = Verdict::Skip;
    out.detail = std::string("no second derivative here: ") + e.what();
    return out;
  }
  if (!screen.differentiable) {
    out.verdict = Verdict::Skip;
    out.detail = "not differentiable here: " + screen.reason;
    return out;
  }
  HessianResult got;
  try {
    ScopedChadFaults guard(options.faults);
    got = hessian_by_chad(k.program(), k.input(), method, sums, options.functions, options.rules);
  } catch (const ComparisonUndecided& e) {
    out.verdict = Verdict::Fail;
    out.detail = std::string("CHAD (") + hessian_method_name(method) + ") finds a tie the reference does not: " + e.what();
    return out;
  } catch (const SourceError& e) {
    out.verdict = Verdict::Fail;
    out.detail = std::string("CHAD (") + hessian_method_name(method) + ") fails where the reference does not: " + e.what();
    return out;
  } catch (const std::exception& e) {
    out.verdict = Verdict::Fault;
    out.detail = std::string("CHAD (") + hessian_method_name(method) + ") is broken: " + e.what();
    return out;
  }
  if (!got.differentiable) {
    out.verdict = Verdict::Fail;
    out.detail = "CHAD (" + std::string(hessian_method_name(method)) + ") says not differentiable: " + got.reason;
    return out;
  }
  if (got.hessian.size() != screen.hessian.size()) {
    out.verdict = Verdict::Fail;
    out.detail = "CHAD's Hessian has " + std::to_string(got.hessian.size()) + " outputs, the reference's " +
                 std::to_string(screen.hessian.size());
    return out;
  }
  // The screen: every entry within the band of the double hyper-dual Hessian.
  bool screen_agrees = true;
  const std::size_t n = k.input().coords.size();
  for (std::size_t i = 0; i < got.hessian.size() && screen_agrees; ++i)
    for (std::size_t j = 0; j < n && screen_agrees; ++j)
      for (std::size_t l = 0; l < n && screen_agrees; ++l) {
        const double want = screen.hessian[i][j][l];
        out.error = std::fmax(out.error, relative_error(got.hessian[i][j][l], want));
        out.informative = out.informative || want != 0;  // a fault could show in a nonzero entry
        screen_agrees = within_band(got.hessian[i][j][l], want, want);
      }
  if (screen_agrees) return out;
  HessianResult certified;
  try {
    certified = hessian_by_interval(k.program(), k.input());
  } catch (const SourceError& e) {
    out.verdict = Verdict::FailNumeric;
    out.detail = std::string("the screen disagrees and the certified Hessian fails: ") + e.what();
    return out;
  }
  if (!certified.differentiable) {
    out.verdict = certified.cannot_certify ? Verdict::FailNumeric : Verdict::Skip;
    out.detail = (certified.cannot_certify ? "" : "not differentiable here: ") + certified.reason;
    return out;
  }
  for (std::size_t i = 0; i < got.hessian.size(); ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t l = 0; l < n; ++l) {
        const Enclosure& e = certified.enclosure[i][j][l];
        const double x = got.hessian[i][j][l];
        if (within_band(x, e.lo, e.hi)) continue;
        out.verdict = Verdict::Fail;
        out.detail = entry_name(i, j, l) + ": CHAD (" + hessian_method_name(method) + ", " + sums_strategy_name(sums) +
                     ") gives " + print_real(x) + ", the certified reference encloses [" + print_real(e.lo) + ", " +
                     print_real(e.hi) + "]";
        return out;
      }
  out.screen_cleared = true;
  return out;
}

void judge_at_order2(const ImplementationUnderTest& tested, Case& k, ProgramOutcome& out, StageSeconds* seconds) {
  out.order = 2;
  if (!is_data_type(k.program().output_type)) {
    out.verdict = Verdict::Skip;
    out.detail = "the output is not a data type: no Hessian";
    return;
  }
  if (std::optional<std::string> outside = tested.outside_fragment(k.program())) {
    out.verdict = Verdict::Skip;
    out.detail = *outside;
    return;
  }
  for (const CheckPlan& plan : tested.second_order_checks()) {
    CheckOutcome c = tested.check_second_order(k, plan, seconds);
    if (c.verdict == Verdict::Skip) {  // the reference's reason: the same for every check
      out.verdict = Verdict::Skip;
      out.detail = c.detail;
      out.checks.clear();
      return;
    }
    out.verdict = worse_verdict(out.verdict, c.verdict);
    out.checks.push_back(std::move(c));
  }
}

ProgramOutcome check_case_order2(const CampaignOptions& options, Case& k) {
  ProgramOutcome out;
  out.generated = k.text();
  judge_at_order2(*implementation_under_test(options), k, out, nullptr);
  return out;
}

}  // namespace chad

#include "oracle/order2_check.hpp"

#include <chrono>
#include <cmath>

#include "logrel/agreement.hpp"
#include "oracle/adapter_order2_check.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/chad_hessian.hpp"
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

ProgramOutcome check_case_order2(const CampaignOptions& options, Case& k) {
  ProgramOutcome out;
  out.generated = k.text();
  if (!is_data_type(k.program().output_type)) {
    out.verdict = Verdict::Skip;
    out.detail = "the output is not a data type: no Hessian";
    return out;
  }
  if (options.implementation == Implementation::Adapter) {  // an outside tool: one check (adapter_order2_check.hpp)
    CheckOutcome c = check_order2_by_adapter(k, options);
    out.verdict = c.verdict;
    if (c.verdict == Verdict::Skip) out.detail = c.detail;
    else out.checks.push_back(std::move(c));
    return out;
  }
  for (ChadMode mode : options.modes)
    for (SumsStrategy sums : options.sums) {
      CheckOutcome c = check_order2(k, options, mode, sums);
      if (c.verdict == Verdict::Skip) {  // the reference's reason: the same for every check
        out.verdict = Verdict::Skip;
        out.detail = c.detail;
        out.checks.clear();
        return out;
      }
      out.verdict = worse_verdict(out.verdict, c.verdict);
      out.checks.push_back(std::move(c));
    }
  return out;
}

CampaignSummary run_campaign_order2(const CampaignOptions& options,
                                    const std::function<void(const ProgramOutcome&)>& on_program) {
  CampaignSummary summary;
  for (Verdict v : all_verdicts()) summary.verdicts[verdict_name(v)] = 0;
  for (std::size_t i = 0; i < options.count; ++i) {
    const auto start = std::chrono::steady_clock::now();
    ProgramOutcome outcome;
    try {
      Case k(generate_program_at(options, i, &summary.seconds));
      outcome = check_case_order2(options, k);
    } catch (const SourceError& e) {
      outcome.verdict = Verdict::Skip;
      outcome.detail = e.what();
    }
    summary.seconds["check"] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    outcome.index = i;
    outcome.seed = program_seed(options.seed, i);
    ++summary.programs;
    ++summary.verdicts[verdict_name(outcome.verdict)];
    summary.checks += outcome.checks.size();
    for (const auto& c : outcome.checks) summary.screen_cleared += c.screen_cleared;
    if (on_program) on_program(outcome);
  }
  return summary;
}

}  // namespace chad

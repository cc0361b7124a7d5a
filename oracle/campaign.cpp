#include "oracle/campaign.hpp"

#include <cmath>
#include <set>

#include "logrel/agreement.hpp"
#include "judge/case.hpp"
#include "oracle/implementation_registry.hpp"
#include "judge/judge_faults.hpp"
#include "judge/informative.hpp"
#include "oracle/program_shapes.hpp"
#include "oracle/live_coverage.hpp"
#include "oracle/order2_check.hpp"
#include "oracle/size_check.hpp"
#include "references/jacobian.hpp"
#include "judge/relation_verdict.hpp"
#include "semantics/evaluate.hpp"
#include "semantics/real_entries.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {

namespace {

// --cross-check fd:RATE: fd against the certified reference, on the sampled programs; a
// disagreement makes the program a `fail`.
void cross_check_fd(const CampaignOptions& options, Case& k, ProgramOutcome& out, StageSeconds* seconds) {
  if (!cross_check_sampled(k.text().program, options.cross_check_fd_rate)) return;
  StageTimer t(seconds, "cross-check");
  CrossCheckOutcome c;
  std::optional<JacobianResult>& certified = k.certified();
  try {
    if (!certified) certified = jacobian_by_interval(k.program(), k.input());
    if (certified->differentiable) {
      c = cross_check_with_fd(k.program(), k.input(), *certified);
    } else {
      c = {CrossCheck::CannotCertify, "the certified reference: " + certified->reason};
    }
  } catch (const SourceError& e) {  // an undecided interval domain, an overflow
    c = {CrossCheck::CannotCertify, std::string("the certified reference: ") + e.what()};
  }
  out.cross_check = c.result;
  out.cross_check_detail = c.detail;
  if (c.result == CrossCheck::Disagreed) {
    out.verdict = Verdict::Fail;
    if (out.detail.empty()) out.detail = c.detail;
  }
}

// Adds a check of `implementation` to the program's outcome, folding its verdict into the program's.
void add_check(ProgramOutcome& out, const Implementation& implementation, CheckOutcome c) {
  c.implementation = implementation;
  out.verdict = fold_check_verdict(out.verdict, c.verdict);
  out.checks.push_back(std::move(c));
}

// Watches the source's evaluation for a real that overflows double (inf, or NaN from inf - inf):
// at inputs at the edges an intermediate value can overflow while the observed output stays
// finite, and the derivatives through it are then not numbers in double.
struct OverflowProbe : ValueProbe<Dual<double>> {
  bool overflowed = false;
  ValueP<Dual<double>> observe(const Term&, ValueP<Dual<double>> value) override {
    if (!overflowed && (value->kind == ValueKind::Scalar || value->kind == ValueKind::Array)) {
      const Dual<double>* e = entries(*value);
      for (std::size_t i = 0, n = entry_count(*value); i < n && !overflowed; ++i)
        overflowed = !std::isfinite(e[i].value) || !std::isfinite(e[i].tangent);
    }
    return value;
  }
};

// Why a program has no derivative to compare at its input (a `skip`), or nullopt: first the source
// evaluated in dual numbers along the relation's curve (a domain error, a tie, a value that
// overflows double); then, for a data output, the dual-number reference (computed here and kept
// in the case).
std::optional<std::string> no_derivative_here(Case& k, StageSeconds* seconds) {
  StageTimer t(seconds, "reference");
  const bool data_output = is_data_type(k.program().output_type);
  {
    OverflowProbe probe;
    try {
      value_probe<Dual<double>> = &probe;
      run_main<Dual<double>>(k.program(), relation_curve<double>(k.program(), k.input(), SumsStrategy::Biproduct).source);
      value_probe<Dual<double>> = nullptr;
      if (probe.overflowed) return std::string("overflow: a value of the program overflows double at this input");
    } catch (const DomainError& e) {
      value_probe<Dual<double>> = nullptr;
      return std::string("domain error at this input: ") + e.message();
    } catch (const ComparisonUndecided& e) {
      value_probe<Dual<double>> = nullptr;
      return "not differentiable here: " + e.message();
    } catch (...) {
      value_probe<Dual<double>> = nullptr;
      throw;
    }
    if (!data_output) return std::nullopt;
  }
  try {
    const JacobianResult& reference = k.reference();
    if (!reference.differentiable) return "not differentiable here: " + reference.reason;
  } catch (const DomainError& e) {
    return std::string("domain error at this input: ") + e.message();
  } catch (const SourceError& e) {
    return "overflow: " + e.message();
  }
  return std::nullopt;
}

}  // namespace

ProgramOutcome check_case(const CampaignOptions& options, const GeneratedCase& generated,
                          std::map<std::string, double>* seconds) {
  ProgramOutcome out;
  out.generated = generated;
  std::optional<Case> built;
  try {
    StageTimer t(seconds, "check");
    built.emplace(generated);
  } catch (const SourceError& e) {
    out.verdict = Verdict::Skip;
    out.detail = std::string("invalid program (a generator bug): ") + e.what();
    return out;
  }
  return check_case(options, *built, seconds);
}

ProgramOutcome check_case(const CampaignOptions& options, Case& k, StageSeconds* seconds) {
  ProgramOutcome out;
  out.generated = k.text();
  if (options.measure_coverage) {
    out.features = program_features(k.program());
    out.shapes = program_shapes(k.program());
    try {
      StageTimer t(seconds, "live");
      out.live = live_features(k.program(), k.input());
    } catch (const SourceError&) {  // no value at this input (a domain error, a tie): nothing live
    }
  }

  const std::unique_ptr<ImplementationUnderTest> tested = implementation_under_test(options);
  if (options.order == 2) {  // the second-order checks (oracle/order2_check.hpp)
    judge_at_order2(*tested, k, out, seconds);
    return out;
  }
  if (options.cost && !tested->cost_checks().empty()) {
    for (const CheckPlan& plan : tested->cost_checks())
      add_check(out, options.implementation, tested->check_cost(k, plan, seconds));
    if (!options.check_derivatives) return out;
  }
  if (std::optional<std::string> outside = tested->outside_fragment(k.program())) {
    out.verdict = Verdict::Skip;
    out.detail = *outside;
    return out;
  }
  if (std::optional<std::string> why = no_derivative_here(k, seconds)) {
    out.verdict = Verdict::Skip;
    out.detail = *why;
    return out;
  }
  const bool data_output = is_data_type(k.program().output_type);
  for (const CheckPlan& plan : tested->checks()) {
    if (!data_output) {
      add_check(out, options.implementation, tested->check_by_relation(k, plan, seconds));
      continue;
    }
    CheckOutcome c = tested->check(k, plan, seconds);
    // (a check the implementation declined could not have failed: never informative)
    c.informative = c.verdict != Verdict::Unsupported && informative_jacobian(k.reference());
    add_check(out, options.implementation, std::move(c));
  }
  if (data_output) cross_check_fd(options, k, out, seconds);
  for (CheckOutcome& c : check_at_size(options, k, tested->size_checks(), seconds))  // oracle/size_check.hpp
    add_check(out, options.implementation, std::move(c));
  return out;
}

ProgramOutcome check_program_at(const CampaignOptions& options, std::size_t index,
                                std::map<std::string, double>* seconds) {
  ProgramOutcome out = check_case(options, generate_program_at(options, index, seconds), seconds);
  out.index = index;
  out.seed = program_seed(options.seed, index);
  return out;
}

CampaignSummary run_campaign(const CampaignOptions& options,
                             const std::function<void(const ProgramOutcome&)>& on_program) {
  CampaignSummary summary;
  for (Verdict v : all_verdicts()) summary.verdicts[verdict_name(v)] = 0;
  for (std::size_t i = 0; i < options.count; ++i) {
    ProgramOutcome outcome = check_program_at(options, i, &summary.seconds);
    ++summary.programs;
    ++summary.verdicts[verdict_name(outcome.verdict)];
    for (const auto& f : outcome.features) ++summary.coverage[f];
    for (const auto& f : outcome.live) ++summary.live_coverage[f];
    for (const auto& c : outcome.checks) summary.screen_cleared += c.screen_cleared;
    count_cross_check(outcome.cross_check, summary.cross_check);
    summary.checks += outcome.checks.size();
    for (const auto& c : outcome.checks) summary.informative_checks += c.informative;
    for (const auto& s : outcome.shapes) ++summary.shapes[s];
    if (on_program) on_program(outcome);
  }
  return summary;
}

}  // namespace chad

#include "oracle/size_check.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "cost/input_growth.hpp"
#include "judge/campaign_program.hpp"
#include "judge/relation_verdict.hpp"
#include "judge/wider_than_double.hpp"
#include "logrel/agreement.hpp"
#include "model/cost_counter.hpp"
#include "model/dual.hpp"
#include "model/scalar_list.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/chad_jacobian.hpp"
#include "references/forward_columns.hpp"
#include "references/reverse_sweep.hpp"
#include "semantics/functor_map.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/stable_hash.hpp"

namespace chad {
namespace {

// Entry k of the fixed direction `salt` (1: the input tangent v, 2: the output cotangent w): a
// dyadic number in +-[1, 2), by splitmix64 of (salt, k), so that no two entries are alike and a
// fault that sends one entry's derivative to another shows.
double direction_entry(std::uint64_t salt, std::size_t k) {
  const std::uint64_t h = splitmix64_mix(salt * kGoldenGamma + std::uint64_t(k));
  const double magnitude = 1 + double(h >> 44) * 0x1.0p-20;  // 20 bits: exact in every precision
  return (h & 1) ? -magnitude : magnitude;
}

std::vector<double> direction(std::uint64_t salt, std::size_t n) {
  std::vector<double> d(n);
  for (std::size_t k = 0; k < n; ++k) d[k] = direction_entry(salt, k);
  return d;
}

// The source along v in dual numbers over `Base`: the output's index, its primal coordinates and
// their tangents (J v).
template <class Base>
struct Along {
  Index output_index;
  std::vector<Base> output, tangent;
};

template <class Base>
Along<Base> source_along(const CheckedProgram& program, const NormalForm<double>& input, const std::vector<double>& v) {
  const NormalForm<Dual<Base>> nf = dual_pass<Base>(program, input, v);
  Along<Base> out;
  out.output_index = nf.index;
  for (const Dual<Base>& c : nf.coords) {
    out.output.push_back(c.value);
    out.tangent.push_back(c.tangent);
  }
  return out;
}

// CHAD's derivative applied once: forward, to v (the output's tangent J v); reverse, to w (the
// input's cotangent w^T J).
template <class S>
Along<S> chad_along(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input,
                    const std::vector<double>& seed) {
  auto in_s = [](const std::vector<double>& xs) {
    std::vector<S> out;
    out.reserve(xs.size());
    for (double x : xs) out.push_back(ScalarTraits<S>::from_double(x));
    return out;
  };
  const ChadAtPoint<S> at = run_chad_at<S>(program, chad, input.index, in_s(input.coords));
  return Along<S>{at.output.index, at.output.coords, at.apply(program, chad, input.index, in_s(seed))};
}

// What the references say at the grown input, computed once for all the plans.
struct SizeReference {
  NormalForm<double> input;
  std::vector<double> v, w;                      // the input tangent, the output cotangent
  Along<double> screen;                          // dual numbers in double along v
  std::optional<Along<Mpfi>> certified_forward;  // interval dual numbers along v (when needed)
  std::optional<std::vector<Mpfi>> adjoints;     // the reverse sweep from w (when needed)
};

std::string place(const SizeReference& r) {
  return "at the input grown to " + std::to_string(r.input.coords.size()) + " reals (the size check)";
}

// The reference at the grown input, or nullopt where there is none to compare (a domain error, a
// tie, an overflow, a primal past its steps, nothing to grow).
std::optional<SizeReference> size_reference(const CampaignOptions& options, Case& k) {
  SizeReference r;
  try {
    r.input = grow_input(k.program().input_type, k.input(), options.size_nodes, GrowthContents::Varied);
    r.v = direction(1, r.input.coords.size());
    CostLimit limit(kSizeCheckPrimalSteps);
    r.screen = source_along<double>(k.program(), r.input, r.v);
  } catch (const GrowthError&) {
    return std::nullopt;
  } catch (const CostLimitExceeded&) {
    return std::nullopt;
  } catch (const SourceError&) {  // a domain error, a tie (ComparisonUndecided), an overflow
    return std::nullopt;
  }
  for (std::size_t i = 0; i < r.screen.output.size(); ++i)
    if (!std::isfinite(r.screen.output[i]) || !std::isfinite(r.screen.tangent[i])) return std::nullopt;
  for (double x : r.input.coords)
    if (!std::isfinite(x)) return std::nullopt;
  r.w = direction(2, r.screen.output.size());
  return r;
}

// Forward: CHAD's J v against the dual numbers' (screen), then in intervals (certified).
Judgement judge_forward(Case& k, const ChadProgram& chad, const ChadFaults* faults, SizeReference& r,
                        const Along<double>& got, double& error, bool& screen_cleared) {
  if (got.output_index != r.screen.output_index)
    return {Verdict::Fail, place(r) + ": CHAD's output index is " + got.output_index.to_string() + ", expected " +
                               r.screen.output_index.to_string(), std::nullopt};
  error = 0;
  for (std::size_t i = 0; i < got.tangent.size(); ++i)
    error = std::fmax(error, relative_error(got.tangent[i], r.screen.tangent[i]));
  for (std::size_t i = 0; i < got.output.size(); ++i)
    error = std::fmax(error, relative_error(got.output[i], r.screen.output[i]));
  if (error <= ScreenTolerance::relative) return {};
  if (!r.certified_forward) r.certified_forward = source_along<Mpfi>(k.program(), r.input, r.v);
  Along<Mpfi> enclosed;
  {
    ScopedChadFaults on(faults);
    enclosed = chad_along<Mpfi>(k.program(), chad, r.input, r.v);
  }
  for (std::size_t i = 0; i < enclosed.output.size(); ++i)  // the primal first
    if (!agrees(enclosed.output[i], r.certified_forward->output[i]))
      return {Verdict::Fail,
              place(r) + ": output[" + std::to_string(i) + "]: CHAD's primal encloses " +
                  ScalarTraits<Mpfi>::describe(enclosed.output[i]) + ", the source's " +
                  ScalarTraits<Mpfi>::describe(r.certified_forward->output[i]),
              std::nullopt};
  for (std::size_t i = 0; i < enclosed.tangent.size(); ++i) {
    const Enclosure want = enclose(r.certified_forward->tangent[i]);
    if (beyond_double_range(enclosed.tangent[i]))
      return {Verdict::FailNumeric, place(r) + ": " + wider_than_double_reason(i, 0, enclosed.tangent[i], want),
              std::nullopt};
    Discrepancy d{i, 0, "CHAD", enclose(enclosed.tangent[i]), false, want, 0};
    if (!answer_confirmed(d))
      return {Verdict::Fail,
              place(r) + ", along a tangent v of every input (entries +-[1, 2)): output[" + std::to_string(i) +
                  "]'s tangent: CHAD encloses [" + print_real(d.answer.lo) + ", " + print_real(d.answer.hi) +
                  "], the certified reference [" + print_real(want.lo) + ", " + print_real(want.hi) + "]",
              d};
  }
  screen_cleared = true;
  return {};
}

// Reverse: CHAD's w^T J, entry by entry, against the reverse sweep's enclosures; an entry outside
// its band is certified by CHAD in intervals.
Judgement judge_reverse(Case& k, const ChadProgram& chad, const ChadFaults* faults, SizeReference& r,
                        const Along<double>& got, double& error, bool& screen_cleared) {
  if (got.output_index != r.screen.output_index)
    return {Verdict::Fail, place(r) + ": CHAD's output index is " + got.output_index.to_string() + ", expected " +
                               r.screen.output_index.to_string(), std::nullopt};
  // The screen: w^T (J v) by the dual numbers against (w^T J) v by CHAD, within the screen's
  // tolerance of the sums' magnitudes (each a sum of 100,000 terms rounded in double); a wrong
  // entry moves CHAD's side by its error times its own v_j, which no other entry cancels but by chance.
  double chad_dot = 0, chad_magnitude = 0, reference_dot = 0, reference_magnitude = 0;
  for (std::size_t j = 0; j < got.tangent.size() && j < r.v.size(); ++j) {
    chad_dot += got.tangent[j] * r.v[j];
    chad_magnitude += std::fabs(got.tangent[j] * r.v[j]);
  }
  for (std::size_t i = 0; i < r.screen.tangent.size(); ++i) {
    reference_dot += r.w[i] * r.screen.tangent[i];
    reference_magnitude += std::fabs(r.w[i] * r.screen.tangent[i]);
  }
  error = std::fabs(chad_dot - reference_dot) / std::fmax(1.0, std::fmax(chad_magnitude, reference_magnitude));
  if (got.tangent.size() == r.v.size() && error <= ScreenTolerance::relative) return {};
  if (std::isnan(error)) error = INFINITY;
  // The certified check: every entry against the reverse sweep over MPFI.
  if (!r.adjoints) r.adjoints = reverse_sweep_adjoints(k.program(), r.input, r.w);
  const std::vector<Mpfi>& want = *r.adjoints;
  if (got.tangent.size() != want.size())
    return {Verdict::Fail, place(r) + ": CHAD's input cotangent has " + std::to_string(got.tangent.size()) +
                               " entries, the input " + std::to_string(want.size()), std::nullopt};
  std::vector<std::size_t> outside;
  for (std::size_t j = 0; j < got.tangent.size(); ++j) {
    const Enclosure e = enclose(want[j]);
    if (!answer_confirmed({0, j, "CHAD", {got.tangent[j], got.tangent[j]}, true, e, ScreenTolerance::relative}))
      outside.push_back(j);
  }
  if (outside.empty()) {  // (the screen's sums differed by rounding; every entry is inside its band)
    screen_cleared = true;
    return {};
  }
  Along<Mpfi> enclosed;
  {
    ScopedChadFaults on(faults);
    enclosed = chad_along<Mpfi>(k.program(), chad, r.input, r.w);
  }
  for (std::size_t j : outside) {
    const Enclosure e = enclose(want[j]);
    if (beyond_double_range(enclosed.tangent[j]))
      return {Verdict::FailNumeric, place(r) + ": " + wider_than_double_reason(0, j, enclosed.tangent[j], e),
              std::nullopt};
    Discrepancy d{0, j, "CHAD", enclose(enclosed.tangent[j]), false, e, 0};
    if (!answer_confirmed(d))
      return {Verdict::Fail,
              place(r) + ", from a cotangent w of every output (entries +-[1, 2)): input[" + std::to_string(j) +
                  "]'s cotangent (w^T J)[" + std::to_string(j) + "]: CHAD encloses [" + print_real(d.answer.lo) +
                  ", " + print_real(d.answer.hi) + "], the reverse sweep over MPFI [" + print_real(e.lo) + ", " +
                  print_real(e.hi) + "]",
              d};
  }
  screen_cleared = true;
  return {};
}

CheckOutcome check_plan(const CampaignOptions& options, Case& k, SizeReference& r, const CheckPlan& plan) {
  CheckOutcome c{plan.mode, plan.sums, Verdict::Pass, false, 0, {}};
  c.mode_name = std::string(chad_mode_name(plan.mode)) + size_check_suffix(options.size_nodes);
  const bool forward = plan.mode == ChadMode::Forward;
  try {
    ChadProgram chad;
    Along<double> got;
    {
      ScopedChadFaults on(options.faults);
      chad = chad_program(k.program(), campaign_chad_options(options, plan.mode, plan.sums));
      CostLimit limit(40 * kSizeCheckPrimalSteps);
      got = chad_along<double>(k.program(), chad, r.input, forward ? r.v : r.w);
    }
    record_judgement(c, forward ? judge_forward(k, chad, options.faults, r, got, c.error, c.screen_cleared)
                                : judge_reverse(k, chad, options.faults, r, got, c.error, c.screen_cleared));
  } catch (const CostLimitExceeded&) {
    c.verdict = Verdict::FailCost;
    c.detail = place(r) + ": CHAD's derivative passes " + std::to_string(40 * kSizeCheckPrimalSteps) +
               " steps where the primal takes fewer than " + std::to_string(kSizeCheckPrimalSteps);
  } catch (const InternalError& e) {  // ill-typed output, mismatched values (a wrapped tape's shapes)
    c.verdict = Verdict::Fault;
    c.detail = place(r) + ": " + e.what();
  } catch (const ComparisonUndecided& e) {
    c.verdict = Verdict::FailNumeric;
    c.detail = place(r) + ": an interval comparison cannot be decided: " + e.message();
  } catch (const DomainError& e) {
    c.verdict = e.undecided() ? Verdict::FailNumeric : Verdict::Fail;
    c.detail = place(r) + (e.undecided() ? ": the interval check cannot decide a domain: "
                                         : ": CHAD's output raises a domain error the program does not: ") +
               e.message();
  } catch (const SourceError& e) {  // a number not finite in the certified check
    c.verdict = Verdict::FailNumeric;
    c.detail = place(r) + ": CHAD differs from the reference and the interval check cannot decide: " + e.what();
  }
  // Informative: the reference's derivative along the directions is not all zero.
  for (double t : r.screen.tangent) c.informative |= t != 0;
  return c;
}

// Whether `type` holds a stream whose body holds another stream (observing it deep would cost the
// square of the depth).
bool nested_streams(const Type& type, bool inside_nu) {
  switch (type.kind) {
    case TypeKind::Nu: return inside_nu || nested_streams(*type.body, true);
    case TypeKind::Mu: return nested_streams(*type.body, inside_nu);
    case TypeKind::Prod:
    case TypeKind::Arrow: return nested_streams(*type.left, inside_nu) || nested_streams(*type.right, inside_nu);
    case TypeKind::Sum:
      for (const Constructor& c : type.ctors)
        if (nested_streams(*c.type, inside_nu)) return true;
      return false;
    default: return false;
  }
}

bool has_feature(const CheckedProgram& program, const char* former) {
  const std::vector<std::string> features = program_features(program);
  return std::find(features.begin(), features.end(), former) != features.end();
}

// A stream output observed `nodes` unrolls deep, compared at the far end (RelationReach), by the
// logical relation's check (judge/relation_verdict.hpp): screen in double, certified in MPFI.
std::optional<CheckOutcome> check_stream_plan(const CampaignOptions& options, Case& k, const CheckPlan& plan) {
  const int nodes = int(std::min<std::size_t>(options.size_nodes, 1u << 30));
  CheckOutcome c;
  try {
    ScopedChadFaults on(options.faults);
    CostLimit limit(40 * kSizeCheckPrimalSteps);
    c = check_by_relation(k.program(), k.input(), plan.mode, plan.sums, options.rules, options.functions,
                          RelationReach{nodes, nodes});
  } catch (const CostLimitExceeded&) {
    return std::nullopt;  // (a stream whose nodes cost more and more: nothing judged at this depth)
  }
  if (c.verdict == Verdict::Skip) return std::nullopt;  // an overflow, a tie: no derivative there
  c.mode_name = std::string(chad_mode_name(plan.mode)) + size_check_suffix(options.size_nodes);
  if (c.verdict != Verdict::Pass)
    c.detail = "observing the stream output " + std::to_string(nodes) + " unrolls deep (the size check): " + c.detail;
  return c;
}

}  // namespace

bool size_check_sampled(const CampaignOptions& options, const Case& k) {
  // The draw first: the share is small, and the tests below walk the program's term.
  if (options.size_share <= 0 || !cross_check_sampled("size " + k.text().program, options.size_share)) return false;
  const CheckedProgram& program = k.program();
  if (is_data_type(program.output_type)) {  // a list or tree input grown, a fold over it
    if (!has_growable_part(program.input_type) || !has_feature(program, "fold")) return false;
  } else if (!contains_nu(*program.output_type) || nested_streams(*program.output_type, false) ||
             !has_feature(program, "unfold")) {  // a stream output observed deep
    return false;
  }
  return true;
}

std::vector<CheckPlan> size_check_plans(const std::vector<CheckPlan>& plans, const std::string& program_text) {
  std::vector<CheckPlan> chosen;
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse}) {
    std::vector<CheckPlan> of_mode;
    for (const CheckPlan& p : plans)
      if (p.mode == mode) of_mode.push_back(p);
    if (of_mode.empty()) continue;
    const std::uint64_t h = fnv1a(program_text, kFnvOffsetBasis + std::uint64_t(mode));
    chosen.push_back(of_mode[(h >> 17) % of_mode.size()]);
  }
  return chosen;
}

std::string size_check_suffix(std::size_t nodes) { return " at " + std::to_string(nodes) + " nodes"; }

std::vector<CheckOutcome> check_at_size(const CampaignOptions& options, Case& k, const std::vector<CheckPlan>& plans,
                                        StageSeconds* seconds) {
  std::vector<CheckOutcome> out;
  if (plans.empty() || !size_check_sampled(options, k)) return out;
  StageTimer t(seconds, "size");
  run_with_deep_stack([&] {
    if (!is_data_type(k.program().output_type)) {
      for (const CheckPlan& plan : size_check_plans(plans, k.text().program))
        if (std::optional<CheckOutcome> c = check_stream_plan(options, k, plan)) out.push_back(std::move(*c));
      return;
    }
    std::optional<SizeReference> r = size_reference(options, k);
    if (!r) return;
    for (const CheckPlan& plan : size_check_plans(plans, k.text().program))
      out.push_back(check_plan(options, k, *r, plan));
    r.reset();  // (freed on the deep stack: its values nest 100,000 deep)
  });
  return out;
}

}  // namespace chad

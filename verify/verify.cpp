#include "verify/verify.hpp"

#include <algorithm>
#include <cmath>

#include "generators/input_generator.hpp"
#include "triage/input_shrink.hpp"
#include "logrel/agreement.hpp"
#include "model/linear_values.hpp"
#include "model/scalar.hpp"
#include "adapter_client/adapter_check.hpp"
#include "judge/case.hpp"
#include "oracle/compute_jacobian.hpp"
#include "oracle/implementation_registry.hpp"
#include "references/input_value.hpp"
#include "references/not_differentiable.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/target_checker.hpp"

namespace chad {

bool VerifyReport::passed() const {
  for (const auto& c : cases)
    if (c.verdict != Verdict::Pass || !std::isfinite(c.discrepancy)) return false;
  return differentiable();
}

bool VerifyReport::failed() const { return first_verify_failure(*this).has_value(); }

std::optional<VerifyFailure> first_verify_failure(const VerifyReport& report) {
  for (const VerifyCase& c : report.cases)
    if (is_failure(c.verdict))
      return VerifyFailure{c.mode, c.sums, c.compiled, c.verdict};
  return std::nullopt;
}

double VerifyReport::worst_discrepancy() const {
  double worst = 0;
  for (const auto& c : cases) worst = std::max(worst, c.discrepancy);
  return worst;
}

namespace {

// "domain error here: `log` applied to -1, outside its domain" (the error's own message starts
// with "domain error: " when the domain is decided; it is not repeated).
std::string domain_error_here(const DomainError& e) {
  const std::string prefix = "domain error: ";
  const std::string& message = e.message();
  return "domain error here: " + (message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
}

// A number computed in double as an enclosure: the screen's tolerance around it.
Enclosure within_tolerance(double x) {
  const double t = ScreenTolerance::relative * std::max(1.0, std::fabs(x));
  return {x - t, x + t};
}

// A compiled kernel in double against the certified reference.
void judge_compiled(VerifyCase& c, const CheckedProgram& program, const NormalForm<double>& input,
                    const JacobianResult& reference, const std::vector<Enclosure>& output,
                    const CompiledProgram& kernel) {
  JacobianResult got;
  try {
    got = jacobian_by_compiled_kernel(program, kernel, input);
  } catch (const DomainError& e) {
    c.verdict = Verdict::Fail;
    c.detail = "the compiled kernel raises a domain error the program does not: " + e.message();
    return;
  } catch (const SourceError& e) {  // not finite
    c.verdict = Verdict::Fail;
    c.detail = e.what();
    return;
  }
  std::vector<Enclosure> outputs;
  for (double x : got.output_coords) outputs.push_back(within_tolerance(x));
  std::vector<std::vector<Enclosure>> jacobian(got.jacobian.size());
  for (std::size_t i = 0; i < got.jacobian.size(); ++i)
    for (double x : got.jacobian[i]) jacobian[i].push_back(within_tolerance(x));
  judge_enclosures(c, got.output_index, outputs, jacobian, reference, output);
}

// Whether a value of `t` can have real coordinates (a type mentioning `real`).
bool holds_reals(const TypeP& t) {
  if (t->kind == TypeKind::Real) return true;
  for (const TypeP* part : {&t->left, &t->right, &t->body})
    if (*part && holds_reals(*part)) return true;
  for (const auto& c : t->ctors)
    if (holds_reals(c.type)) return true;
  return false;
}

// CHAD under test as verify judges it: every mode and sums strategy, `rules` and `faults` planted
// (around CHAD only), functions represented by `functions`.
CampaignOptions chad_under_verify(const RuleTable* rules, const ChadFaults* faults, FunctionsStrategy functions) {
  CampaignOptions options;
  options.modes = {ChadMode::Forward, ChadMode::Reverse};
  options.sums = {std::begin(kAllSumsStrategies), std::end(kAllSumsStrategies)};
  options.rules = rules;
  options.faults = faults;
  options.functions = functions;
  return options;
}

// One case of verify: the implementation's enclosures at the point (enclose_at), or a skip where
// a comparison ties, a fault where its output is broken.
VerifyCase enclosed_case(const ImplementationUnderTest& implementation, const CheckPlan& plan,
                         FunctionsStrategy functions, const CheckedProgram& program, const NormalForm<double>& input,
                         const JacobianResult& reference, const std::vector<Enclosure>& output) {
  VerifyCase c{plan.mode, plan.sums, Verdict::Pass, {}, 0, 0, {}, false, functions, std::nullopt};
  try {
    if (std::optional<VerifyCase> answered = implementation.enclose_at(program, input, plan, reference, output))
      c = std::move(*answered);
  } catch (const ComparisonUndecided& e) {
    c.verdict = Verdict::Skip;
    c.detail = "not differentiable here: " + format_loc(e.loc()) + ": " + e.message();
  } catch (const InternalError& e) {  // TargetTypeError, LiftedSumInconsistency, ...
    c.verdict = Verdict::Fault;
    c.detail = e.what();
  }
  return c;
}

}  // namespace

VerifyReport verify_chad(const CheckedProgram& program, const NormalForm<double>& input,
                         const RuleTable* rules, const std::vector<CompiledProgram>* compiled,
                         const ChadFaults* faults, FunctionsStrategy functions) {
  const CampaignOptions options = chad_under_verify(rules, faults, functions);
  const std::unique_ptr<ImplementationUnderTest> chad = implementation_under_test(options);
  VerifyReport report;
  std::vector<Enclosure> output;  // the source program's own output, in intervals
  if (is_data_type(program.output_type)) {
    report.reference = compute_jacobian(program, input, JacobianMethod::Interval);
    if (!report.reference.differentiable) return report;
    std::vector<Mpfi> coords;
    for (double x : input.coords) coords.push_back(ScalarTraits<Mpfi>::from_double(x));
    ValueP<Mpfi> y = run_main<Mpfi>(program, rebuild<Mpfi>(program.input_type, input.index, coords));
    for (const Mpfi& c : normal_form<Mpfi>(program.output_type, y).coords) output.push_back(enclose(c));
  } else {  // no Jacobian: the logical relation
    report.by_relation = true;
    report.reference = start_result(JacobianMethod::Interval, input);
    report.reference.differentiable = true;
  }
  for (const CheckPlan& plan : chad->checks())
    report.cases.push_back(enclosed_case(*chad, plan, functions, program, input, report.reference, output));
  if (report.by_relation) return report;
  if (compiled)
    for (const CompiledProgram& kernel : *compiled) {
      const ChadMode mode = kernel.mode == KernelMode::Forward ? ChadMode::Forward : ChadMode::Reverse;
      // (functions: the kernels were compiled with it, compiled_verify_kernels)
      VerifyCase c{mode, kernel.sums, Verdict::Pass, {}, 0, 0, {}, true, functions, std::nullopt};
      try {
        judge_compiled(c, program, input, report.reference, output, kernel);
      } catch (const InternalError& e) {  // KernelFault: a lifted-sum inconsistency, a wrong shape
        c.verdict = Verdict::Fault;
        c.detail = e.what();
      }
      report.cases.push_back(std::move(c));
    }
  return report;
}

std::vector<CompiledProgram> compiled_verify_kernels(const CheckedProgram& program, const CompilerOptions& compiler,
                                                     FunctionsStrategy functions) {
  if (!is_data_type(program.output_type)) return {};
  std::vector<ProgramToCompile> kernels;
  for (KernelMode mode : {KernelMode::Forward, KernelMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      KernelOptions options;
      options.name = std::string("chad_") + kernel_mode_name(mode) + "_" + sums_strategy_name(sums);
      for (char& ch : options.name)
        if (ch == '-') ch = '_';
      options.mode = mode;
      options.sums = sums;
      options.functions = functions;
      kernels.push_back({&program, options});
    }
  return compile_programs(kernels, compiler);
}

namespace {

// The compiled kernels options.compiler asks for (none without it), compiled once for every point.
std::vector<CompiledProgram> kernels_for(const CheckedProgram& program, const VerifyInputsOptions& options) {
  return options.compiler ? compiled_verify_kernels(program, *options.compiler, options.functions)
                          : std::vector<CompiledProgram>{};
}

// The given point (if any), then random points with sizes growing, each handed to
// options.on_point; after a failing one, none when `stop_at_failure`. `compiled`: the kernels
// judged too (null: none).
std::vector<PointReport> judge_points(const CheckedProgram& program, const std::optional<std::string>& given,
                                      const VerifyInputsOptions& options, bool stop_at_failure,
                                      const std::vector<CompiledProgram>* compiled) {
  std::vector<PointReport> points;
  auto add = [&](PointReport p) {
    if (options.on_point) options.on_point(p);
    points.push_back(std::move(p));
    return !(stop_at_failure && points.back().skipped.empty() && points.back().report.failed());
  };
  if (given) {
    PointReport first{*given, true, {}, {}};
    first.report = verify_chad(program, read_input_point(program, *given), options.rules, compiled, options.faults, options.functions);
    if (!add(std::move(first))) return points;
  }
  if (!holds_reals(program.input_type)) return points;  // no other point to move to
  ChoiceSource choices(options.seed);
  int judged = 0;
  for (int attempt = 0; judged < options.count && attempt < 4 * options.count; ++attempt) {
    const int depth = input_depth(judged, options.count);
    PointReport p{random_input_text(choices, program.input_type, depth), false, {}, {}, depth};
    try {
      p.report = verify_chad(program, read_input_point(program, p.at), options.rules, compiled, options.faults, options.functions);
      if (!p.report.differentiable()) p.skipped = "not differentiable here: " + p.report.reference.reason;
    } catch (const DomainError& e) {
      p.skipped = domain_error_here(e);
    } catch (const ComparisonUndecided& e) {
      p.skipped = "not differentiable here: " + e.message();
    }
    judged += p.skipped.empty();
    if (!add(std::move(p))) break;
  }
  return points;
}

}  // namespace

std::vector<PointReport> verify_at_points(const CheckedProgram& program, const std::string& given,
                                          int random_points, std::uint64_t seed, const RuleTable* rules,
                                          const CompilerOptions* compiler, FunctionsStrategy functions) {
  VerifyInputsOptions options;
  options.functions = functions;
  options.count = random_points;
  options.seed = seed;
  options.rules = rules;
  options.compiler = compiler;
  const std::vector<CompiledProgram> kernels = kernels_for(program, options);
  return judge_points(program, given, options, false, compiler ? &kernels : nullptr);
}

VerifyInputsResult verify_inputs(const CheckedProgram& program, const std::string& program_text,
                                 const std::optional<std::string>& given, const VerifyInputsOptions& options) {
  VerifyInputsResult result;
  const std::vector<CompiledProgram> kernels = kernels_for(program, options);
  result.points = judge_points(program, given, options, true, options.compiler ? &kernels : nullptr);
  if (result.points.empty() || !result.points.back().skipped.empty()) return result;
  const std::optional<VerifyFailure> failure = first_verify_failure(result.points.back().report);
  if (!failure) return result;
  // Shrinking judges the compiled kernels only when they are what failed.
  const std::vector<CompiledProgram>* compiled = failure->compiled ? &kernels : nullptr;
  auto judge_input = [&](const std::string& at) {
    return verify_chad(program, read_input_point(program, at), options.rules, compiled, options.faults, options.functions);
  };
  auto still_fails = [&](const std::string& at) {
    try {
      const VerifyReport r = judge_input(at);
      for (const VerifyCase& c : r.cases)
        if (c.mode == failure->mode && c.sums == failure->sums && c.compiled == failure->compiled)
          return r.differentiable() && c.verdict == failure->verdict;
    } catch (const DomainError&) {
    } catch (const ComparisonUndecided&) {
    } catch (const SourceError&) {  // a value the program's input reading refuses
    }
    return false;
  };
  ShrunkVerifyInput shrunk;
  shrunk.point = result.points.size() - 1;
  shrunk.failure = *failure;
  shrunk.shrink = shrink_input(program_text, result.points.back().at, still_fails, options.shrink_budget);
  shrunk.report = judge_input(shrunk.shrink.input);
  result.shrunk = std::move(shrunk);
  return result;
}

namespace {

// One point judged by the adapter, through the campaign's interface to it
// (oracle/implementation_registry.hpp); DomainError, ComparisonUndecided and overflow propagate.
AdapterPointReport judge_adapter_point(const CampaignOptions& options, const std::string& program_text,
                                       const std::shared_ptr<const CheckedProgram>& program, std::string at,
                                       bool given) {
  AdapterPointReport p{std::move(at), given, {}, {}};
  Case k(GeneratedCase{program_text, p.at}, program);
  const JacobianResult& reference = k.reference();
  if (!reference.differentiable) {
    p.skipped = "not differentiable here: " + reference.reason;
    return p;
  }
  const std::unique_ptr<ImplementationUnderTest> adapter = implementation_under_test(options);
  p.outcome = adapter->check(k, adapter->checks().front(), nullptr);
  return p;
}

}  // namespace

std::vector<AdapterPointReport> verify_adapter_at_points(const CampaignOptions& options, const std::string& program_text,
                                                         const CheckedProgram& program,
                                                         const std::optional<std::string>& given,
                                                         int random_points, std::uint64_t seed) {
  const auto shared = std::make_shared<const CheckedProgram>(program);
  std::vector<AdapterPointReport> points;
  if (given) points.push_back(judge_adapter_point(options, program_text, shared, *given, true));
  if (!holds_reals(program.input_type)) return points;
  ChoiceSource choices(seed);
  int judged = 0;
  for (int attempt = 0; judged < random_points && attempt < 4 * random_points; ++attempt) {
    const int depth = input_depth(judged, random_points);
    const std::string at = random_input_text(choices, program.input_type, depth);
    AdapterPointReport p{at, false, {}, {}, depth};
    try {
      p = judge_adapter_point(options, program_text, shared, at, false);
      p.depth = depth;
    } catch (const DomainError& e) {
      p.skipped = domain_error_here(e);
    } catch (const ComparisonUndecided& e) {
      p.skipped = "not differentiable here: " + e.message();
    } catch (const SourceError& e) {  // the reference overflows double
      p.skipped = "overflow here: " + e.message();
    }
    judged += p.skipped.empty();
    points.push_back(std::move(p));
  }
  return points;
}

}  // namespace chad

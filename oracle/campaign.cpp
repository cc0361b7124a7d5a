#include "oracle/campaign.hpp"

#include <cmath>
#include <set>

#include "diagrams/translate.hpp"
#include "logrel/agreement.hpp"
#include "model/scalar.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/judge_faults.hpp"
#include "oracle/screen_then_certify.hpp"
#include "oracle/adapter_check.hpp"
#include "oracle/adapter_cost_check.hpp"
#include "oracle/compiled_check.hpp"
#include "oracle/cost_check.hpp"
#include "oracle/chad_jacobian.hpp"
#include "oracle/informative.hpp"
#include "oracle/program_shapes.hpp"
#include "oracle/live_coverage.hpp"
#include "references/input_value.hpp"
#include "references/jacobian.hpp"
#include "oracle/relation_verdict.hpp"
#include "oracle/sd_check.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {

const char* implementation_name(Implementation i) {
  switch (i) {
    case Implementation::Chad: return "chad";
    case Implementation::StringDiagram: return "sd-rev";
    case Implementation::ChadCompiled: return "chad-compiled";
    case Implementation::Adapter: return "adapter";
  }
  return "?";
}

void record_judgement(CheckOutcome& c, Judgement j) {
  c.verdict = j.verdict;
  c.detail = std::move(j.reason);
  c.discrepancy = std::move(j.discrepancy);
}

std::string verdict_counts_text(const CampaignSummary& summary) {
  std::string text;
  for (const auto& [verdict, count] : summary.verdicts)
    text += (text.empty() ? "" : "  ") + verdict + " " + std::to_string(count);
  return text;
}

std::uint64_t program_seed(std::uint64_t seed, std::size_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (std::uint64_t(index) + 1);  // splitmix64
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// check_program's wrapper is `let <defs> in fun _input' -> let <parameters> in (body : B)`.
const TermP& user_body(const TermP& main_function) {
  const TermP* t = &main_function;
  while ((*t)->kind == TermKind::Let) t = &(*t)->args[1];
  if ((*t)->kind == TermKind::Lambda) t = &(*t)->args[0];
  while ((*t)->kind == TermKind::Let) t = &(*t)->args[1];
  if ((*t)->kind == TermKind::Ascribe) t = &(*t)->args[0];
  return *t;
}

namespace {

class StageTimer {
 public:
  StageTimer(std::map<std::string, double>* seconds, const char* stage)
      : seconds_(seconds), stage_(stage), start_(std::chrono::steady_clock::now()) {}
  ~StageTimer() {
    if (seconds_)
      (*seconds_)[stage_] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::map<std::string, double>* seconds_;
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
};

void type_formers(const TypeP& t, std::set<std::string>& out) {
  switch (t->kind) {
    case TypeKind::Real: out.insert(t->shape.empty() ? "type real" : "type real[..]"); return;
    case TypeKind::Unit: out.insert("type unit"); return;
    case TypeKind::Prod: out.insert("type *"); break;
    case TypeKind::Arrow: out.insert("type ->"); break;
    case TypeKind::Sum: out.insert("type sum"); break;
    case TypeKind::Mu: out.insert("type mu"); break;
    case TypeKind::Nu: out.insert("type nu"); break;
    default: return;
  }
  if (t->left) type_formers(t->left, out);
  if (t->right) type_formers(t->right, out);
  for (const auto& c : t->ctors) type_formers(c.type, out);
  if (t->body) type_formers(t->body, out);
}

void features_of(const TermP& t, std::set<std::string>& out) {
  out.insert(former_name(t->kind));
  if (t->kind == TermKind::Prim) out.insert(std::string("primitive ") + prim_name(t->op));
  if (t->type) type_formers(t->type, out);
  for (const auto& a : t->args) features_of(a, out);
  for (const auto& b : t->branches) features_of(b.body, out);
}

// The largest relative difference between CHAD's and the reference's Jacobian and output.
template <class Result>
double screen_error(const ChadEvaluation<double>& got, const Result& reference) {
  if (got.output_index != reference.output_index) return INFINITY;
  double worst = 0;
  for (std::size_t i = 0; i < got.output.size(); ++i)
    worst = std::fmax(worst, relative_error(got.output[i], reference.output_coords[i]));
  for (std::size_t i = 0; i < got.jacobian.size(); ++i)
    for (std::size_t j = 0; j < got.jacobian[i].size(); ++j)
      worst = std::fmax(worst, relative_error(got.jacobian[i][j], reference.jacobian[i][j]));
  return worst;
}

// The certified check of one (mode, sums) case: CHAD in intervals against the interval
// reference.
Judgement certify_chad(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input,
                       const Index& screened_index, const JacobianResult& certified) {
  if (screened_index != certified.output_index)
    return {Verdict::Fail,
            "the output's index is " + screened_index.to_string() + ", expected " + certified.output_index.to_string(),
            std::nullopt};
  ChadEvaluation<Mpfi> e = evaluate_chad_jacobian<Mpfi>(program, chad, input);
  std::vector<std::vector<Enclosure>> answer(e.jacobian.size());
  for (std::size_t i = 0; i < e.jacobian.size(); ++i)
    for (const Mpfi& x : e.jacobian[i]) answer[i].push_back(enclose(x));
  return certify_entries("CHAD", answer, false, 0, certified);
}

// --cross-check fd:RATE: fd against the certified reference, on the sampled programs; a
// disagreement makes the program a `fail`.
void cross_check_fd(const CampaignOptions& options, const GeneratedCase& generated,
                    const CheckedProgram& program, const NormalForm<double>& input,
                    std::optional<JacobianResult>& certified, ProgramOutcome& out,
                    std::map<std::string, double>* seconds) {
  if (!cross_check_sampled(generated.program, options.cross_check_fd_rate)) return;
  StageTimer t(seconds, "cross-check");
  CrossCheckOutcome c;
  try {
    if (!certified) certified = jacobian_by_interval(program, input);
    if (certified->differentiable) {
      c = cross_check_with_fd(program, input, *certified);
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

// A program whose output is a function or a stream: judged by the logical relation.
ProgramOutcome check_higher_order(const CampaignOptions& options, const CheckedProgram& program,
                                  const NormalForm<double>& input, ProgramOutcome& out,
                                  std::map<std::string, double>* seconds) {
  try {
    StageTimer t(seconds, "reference");
    run_main<Dual<double>>(program, relation_curve<double>(program, input, SumsStrategy::Biproduct).source);
  } catch (const DomainError& e) {
    out.verdict = Verdict::Skip;
    out.detail = std::string("domain error at this input: ") + e.message();
    return out;
  } catch (const ComparisonUndecided& e) {
    out.verdict = Verdict::Skip;
    out.detail = "not differentiable here: " + e.message();
    return out;
  }
  for (ChadMode mode : options.modes)
    for (SumsStrategy sums : options.sums) {
      StageTimer t(seconds, "chad");
      ScopedChadFaults faults(options.faults);  // (only CHAD's side runs faultable code)
      CheckOutcome c = check_by_relation(program, input, mode, sums, options.rules, options.functions);
      out.verdict = fold_check_verdict(out.verdict, c.verdict);
      out.checks.push_back(std::move(c));
    }
  return out;
}

}  // namespace

ProgramOutcome check_case(const CampaignOptions& options, const GeneratedCase& generated,
                          std::map<std::string, double>* seconds) {
  ProgramOutcome out;
  out.generated = generated;
  CheckedProgram program;
  NormalForm<double> input;
  try {
    StageTimer t(seconds, "check");
    program = check_program(parse_program(generated.program, "<generated>"));
    input = read_input_point(program, generated.input);
  } catch (const SourceError& e) {
    out.verdict = Verdict::Skip;
    out.detail = std::string("invalid program (a generator bug): ") + e.what();
    return out;
  }
  if (options.measure_coverage) {
    std::set<std::string> features;
    features_of(user_body(program.main_function), features);
    out.features.assign(features.begin(), features.end());
    out.shapes = program_shapes(program);
    try {
      StageTimer t(seconds, "live");
      out.live = live_features(program, input);
    } catch (const SourceError&) {  // no value at this input (a domain error, a tie): nothing live
    }
  }

  if (options.cost && options.implementation == Implementation::Chad) {
    for (ChadMode mode : options.modes)
      for (SumsStrategy sums : options.sums) {
        StageTimer t(seconds, "cost");
        CheckOutcome c = check_cost(options, program, input, mode, sums);
        out.verdict = fold_check_verdict(out.verdict, c.verdict);
        out.checks.push_back(std::move(c));
      }
    if (!options.check_derivatives) return out;
  }
  if (options.cost && options.implementation == Implementation::Adapter) {
    for (ChadMode mode : options.modes) {  // the tool's own strategy: no sums strategies
      StageTimer t(seconds, "cost");
      CheckOutcome c = check_cost_by_adapter(options, generated.program, program, input, mode);
      out.verdict = fold_check_verdict(out.verdict, c.verdict);
      out.checks.push_back(std::move(c));
    }
    if (!options.check_derivatives) return out;
  }

  const bool string_diagrams = options.implementation == Implementation::StringDiagram;
  if (string_diagrams && (!diagrams::program_in_fragment(program) || !is_data_type(program.output_type))) {
    out.verdict = Verdict::Skip;
    out.detail = "outside the first-order programs of string-diagram AD's simply typed fragment";
    return out;
  }
  const bool compiled = options.implementation == Implementation::ChadCompiled;
  const bool adapter = options.implementation == Implementation::Adapter;
  if (adapter && !is_data_type(program.output_type)) {
    out.verdict = Verdict::Skip;
    out.detail = "an adapter judges programs whose output is a data type (the protocol is over normal forms)";
    return out;
  }
  if (compiled && !is_data_type(program.output_type)) {
    out.verdict = Verdict::Skip;
    out.detail = "the compiled path judges programs whose output is a data type (the kernel ABI is over normal forms)";
    return out;
  }
  if (!is_data_type(program.output_type)) return check_higher_order(options, program, input, out, seconds);

  JacobianResult reference;
  try {
    StageTimer t(seconds, "reference");
    reference = jacobian_by_dual(program, input);
  } catch (const DomainError& e) {
    out.verdict = Verdict::Skip;
    out.detail = std::string("domain error at this input: ") + e.message();
    return out;
  } catch (const SourceError& e) {
    out.verdict = Verdict::Skip;
    out.detail = "overflow: " + e.message();
    return out;
  }
  if (!reference.differentiable) {
    out.verdict = Verdict::Skip;
    out.detail = "not differentiable here: " + reference.reason;
    return out;
  }

  if (string_diagrams) {
    StageTimer t(seconds, "sd-rev");
    out.checks.push_back(check_by_string_diagrams(program, input, reference, options.sd_rules));
    out.checks.back().informative = informative_jacobian(reference);
    out.verdict = out.checks.back().verdict;
    std::optional<JacobianResult> none_yet;
    cross_check_fd(options, generated, program, input, none_yet, out, seconds);
    return out;
  }

  std::optional<JacobianResult> certified;  // the interval reference, made when first needed
  if (adapter) {
    StageTimer t(seconds, "adapter");
    out.checks.push_back(check_by_adapter(options, generated.program, program, input, reference, certified));
    // (a check the tool declined could not have failed: never informative)
    out.checks.back().informative =
        out.checks.back().verdict != Verdict::Unsupported && informative_jacobian(reference);
    out.verdict = out.checks.back().verdict;
    cross_check_fd(options, generated, program, input, certified, out, seconds);
    return out;
  }
  if (compiled) {
    for (ChadMode mode : options.modes)
      for (SumsStrategy sums : options.sums) {
        StageTimer t(seconds, "chad-compiled");
        CheckOutcome c = check_compiled(options, generated.program, program, input, reference, certified, mode, sums);
        c.informative = informative_jacobian(reference);
        out.verdict = fold_check_verdict(out.verdict, c.verdict);
        out.checks.push_back(std::move(c));
      }
    cross_check_fd(options, generated, program, input, certified, out, seconds);
    return out;
  }
  for (ChadMode mode : options.modes)
    for (SumsStrategy sums : options.sums) {
      CheckOutcome c{mode, sums, Verdict::Pass, false, 0, {}};
      c.informative = informative_jacobian(reference);
      try {
        ChadProgram chad;
        ChadEvaluation<double> got;
        {
          StageTimer t(seconds, "chad");
          ScopedChadFaults faults(options.faults);
          chad = chad_program(program, campaign_chad_options(options, mode, sums));
          got = evaluate_chad_jacobian<double>(program, chad, input);
        }
        c.error = screen_error(got, reference);
        std::optional<StageTimer> t;  // (the certified check's time, when the screen disagreed)
        if (c.error > ScreenTolerance::relative) t.emplace(seconds, "certify");
        record_judgement(c, screen_then_certify("CHAD", c.error, program, input, certified,
                                                [&](const JacobianResult& certified_reference) {
                                                  ScopedChadFaults faults(options.faults);
                                                  return certify_chad(program, chad, input, got.output_index,
                                                                      certified_reference);
                                                },
                                                c.screen_cleared));
      } catch (const InternalError& e) {  // ill-typed output, mismatched values, lifted-sum inconsistency
        c.verdict = Verdict::Fault;
        c.detail = e.what();
      } catch (const ComparisonUndecided& e) {
        c.verdict = Verdict::FailNumeric;
        c.detail = "an interval comparison cannot be decided: " + e.message();
      } catch (const DomainError& e) {
        c.verdict = Verdict::Fail;
        c.detail = "CHAD's output raises a domain error the program does not: " + e.message();
      } catch (const SourceError& e) {  // a number not finite (the ladder judges its own reference)
        c.verdict = Verdict::FailNumeric;
        c.detail = std::string("CHAD differs from dual numbers and the interval check cannot decide: ") + e.what();
      }
      out.verdict = fold_check_verdict(out.verdict, c.verdict);
      out.checks.push_back(std::move(c));
    }
  cross_check_fd(options, generated, program, input, certified, out, seconds);
  return out;
}

ChadOptions campaign_chad_options(const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  ChadOptions chad{mode, sums, options.rules};
  chad.functions = options.functions;
  return chad;
}

std::vector<std::string> program_features(const CheckedProgram& program) {
  std::set<std::string> features;
  features_of(user_body(program.main_function), features);
  return {features.begin(), features.end()};
}

GeneratedCase generate_program_at(const CampaignOptions& options, std::size_t index,
                                  std::map<std::string, double>* seconds) {
  StageTimer t(seconds, "generate");
  ChoiceSource choices(program_seed(options.seed, index));
  return generate_case(choices, options.features, options.max_size);
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

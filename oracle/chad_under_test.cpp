// Interpreted CHAD under test (judge/implementation_under_test.hpp): one check per (mode, sums
// strategy) of the campaign, each with its functions strategy and any planted faults. A data
// output: CHAD's transformed program evaluated in double against the dual-number reference (the
// screen), and where they disagree, re-evaluated in intervals against the certified reference
// (judge/screen_then_certify.hpp). A function or stream output: the logical relation
// (judge/relation_verdict.hpp). It has the cost check (cost/cost_check.hpp) and the
// second-order checks (oracle/order2_check.hpp), and answers verify's cases in intervals
// (enclose_at, judge/verify_case.hpp).
#include <cmath>
#include <memory>

#include "logrel/agreement.hpp"
#include "model/scalar.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/chad_jacobian.hpp"
#include "cost/cost_check.hpp"
#include "judge/implementation_under_test.hpp"
#include "judge/judge_faults.hpp"
#include "oracle/order2_check.hpp"
#include "judge/relation_verdict.hpp"
#include "judge/screen_then_certify.hpp"
#include "judge/verify_case.hpp"
#include "judge/wider_than_double.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// The largest relative difference between CHAD's and the reference's Jacobian and output.
double screen_error(const ChadEvaluation<double>& got, const JacobianResult& reference) {
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
// reference. An entry whose enclosure is beyond double's range and meets the reference's
// decides nothing: the check is then `fail-numeric` unless another entry fails.
Judgement certify_chad(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input,
                       const Index& screened_index, const JacobianResult& certified) {
  if (screened_index != certified.output_index)
    return {Verdict::Fail,
            "the output's index is " + screened_index.to_string() + ", expected " + certified.output_index.to_string(),
            std::nullopt};
  ChadEvaluation<Mpfi> e = evaluate_chad_jacobian<Mpfi>(program, chad, input);
  const DecidableEntries answer = decidable_entries(e.jacobian, certified, e.jacobian.size());
  Judgement j = certify_entries("CHAD", answer.entries, false, 0, certified);
  if (j.verdict == Verdict::Pass && answer.beyond) return {Verdict::FailNumeric, *answer.beyond, std::nullopt};
  return j;
}

class ChadUnderTest : public ImplementationUnderTest {
 public:
  explicit ChadUnderTest(const CampaignOptions& options) : options_(options) {}

  std::string name() const override { return "CHAD"; }

  std::optional<std::string> outside_fragment(const CheckedProgram&) const override { return std::nullopt; }

  std::vector<CheckPlan> checks() const override { return every_mode_and_sums(options_); }

  CheckOutcome check(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    const CheckedProgram& program = k.program();
    const NormalForm<double>& input = k.input();
    CheckOutcome c{plan.mode, plan.sums, Verdict::Pass, false, 0, {}};
    try {
      ChadProgram chad;
      ChadEvaluation<double> got;
      {
        StageTimer t(seconds, "chad");
        ScopedChadFaults faults(options_.faults);
        chad = chad_program(program, campaign_chad_options(options_, plan.mode, plan.sums));
        got = evaluate_chad_jacobian<double>(program, chad, input);
      }
      c.error = screen_error(got, k.reference());
      std::optional<StageTimer> t;  // (the certified check's time, when the screen disagreed)
      if (c.error > ScreenTolerance::relative) t.emplace(seconds, "certify");
      record_judgement(c, screen_then_certify(name(), c.error, program, input, k.certified(),
                                              [&](const JacobianResult& certified_reference) {
                                                ScopedChadFaults faults(options_.faults);
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
    } catch (const DomainError& e) {  // undecided: an enclosure straddles a domain's edge (inputs at the edges)
      c.verdict = e.undecided() ? Verdict::FailNumeric : Verdict::Fail;
      c.detail = e.undecided() ? "the interval check cannot decide a domain: " + e.message()
                               : "CHAD's output raises a domain error the program does not: " + e.message();
    } catch (const SourceError& e) {  // a number not finite (the ladder judges its own reference)
      c.verdict = Verdict::FailNumeric;
      c.detail = std::string("CHAD differs from dual numbers and the interval check cannot decide: ") + e.what();
    }
    return c;
  }

  CheckOutcome check_by_relation(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    StageTimer t(seconds, "chad");
    ScopedChadFaults faults(options_.faults);  // (only CHAD's side runs faultable code)
    return chad::check_by_relation(k.program(), k.input(), plan.mode, plan.sums, options_.rules, options_.functions);
  }

  // verify's case: CHAD's transformed program evaluated in intervals, every entry's enclosure
  // judged (a data output), or the logical relation in intervals (a function or stream output).
  std::optional<VerifyCase> enclose_at(const CheckedProgram& program, const NormalForm<double>& input,
                                       const CheckPlan& plan, const JacobianResult& certified,
                                       const std::vector<Enclosure>& output) const override {
    VerifyCase c{plan.mode, plan.sums, Verdict::Pass, {}, 0, 0, {}, false, options_.functions, std::nullopt};
    ScopedChadFaults faults(options_.faults);
    ChadProgram chad = chad_program(program, campaign_chad_options(options_, plan.mode, plan.sums));
    if (!is_data_type(program.output_type)) {
      if (auto failure = relation_failure<Mpfi>(program, chad, input)) {
        c.verdict = Verdict::Fail;
        c.discrepancy = failure->error;
        c.detail = "the " + describe_relation_failure(*failure);
      }
      return c;
    }
    ChadEvaluation<Mpfi> e = evaluate_chad_jacobian<Mpfi>(program, chad, input);
    std::vector<Enclosure> outputs;
    for (const Mpfi& x : e.output) outputs.push_back(enclose(x));
    // An entry finite in MPFR but wider than double's range that meets the reference's decides
    // nothing (judge/wider_than_double.hpp): judged as the reference's, then `fail-numeric` unless
    // another entry fails, as the campaign's certified check does.
    const DecidableEntries judged = decidable_entries(e.jacobian, certified, certified_rows(e.jacobian.size()));
    judge_enclosures(c, e.output_index, outputs, judged.entries, certified, output);
    if (!judged.beyond) return c;
    for (std::size_t i = 0; i < c.enclosure.size(); ++i)  // (CHAD's own enclosures shown)
      for (std::size_t j = 0; j < c.enclosure[i].size(); ++j) c.enclosure[i][j] = enclose(e.jacobian[i][j]);
    if (c.verdict != Verdict::Pass) return c;
    c.verdict = Verdict::FailNumeric;
    c.detail = *judged.beyond;
    return c;
  }

  std::vector<CheckPlan> cost_checks() const override { return every_mode_and_sums(options_); }

  CheckOutcome check_cost(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    StageTimer t(seconds, "cost");
    return chad::check_cost(options_, k.program(), k.input(), plan.mode, plan.sums);
  }

  // CHAD differentiated twice: forward over its reverse derivative (a Reverse plan), forward over
  // its forward derivative (Forward), each sums strategy.
  std::vector<CheckPlan> second_order_checks() const override { return every_mode_and_sums(options_); }

  CheckOutcome check_second_order(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    StageTimer t(seconds, "chad");
    return check_order2(k, options_, plan.mode, plan.sums);
  }

  // The size check judges interpreted CHAD (oracle/size_check.hpp).
  std::vector<CheckPlan> size_checks() const override { return every_mode_and_sums(options_); }

  bool blamed_by_chad_rules() const override { return true; }
  bool draws_chad_output() const override { return true; }

 private:
  const CampaignOptions& options_;
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> make_chad_under_test(const CampaignOptions& options) {
  return std::make_unique<ChadUnderTest>(options);
}

}  // namespace chad

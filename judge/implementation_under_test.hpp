// One AD implementation the judge checks (an implementation under test): interpreted CHAD (every
// mode, sums and functions strategy), CHAD compiled to native code, string-diagram reverse AD, or
// an outside tool behind the adapter protocol. It says what it supports (the programs it judges,
// the checks it makes of each: one per (mode, sums strategy) for CHAD, one per mode for an
// adapter; its cost checks; its second-order checks) and makes those checks of a case against
// the case's reference. check_case
// (oracle/campaign.hpp) is one loop over them; oracle/implementation_registry.hpp makes one
// from a campaign's options.
#pragma once
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "judge/campaign_options.hpp"
#include "judge/case.hpp"
#include "judge/verify_case.hpp"

namespace chad {

// One check an implementation makes of each program: the mode and sums strategy it runs in
// (an adapter: the campaign's mode, biproduct; string diagrams: reverse, biproduct).
struct CheckPlan {
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
};

// Per-stage seconds (CampaignSummary::seconds), or null.
using StageSeconds = std::map<std::string, double>;

class ImplementationUnderTest {
 public:
  virtual ~ImplementationUnderTest() = default;

  // Its name as the details of its verdicts show it: "CHAD", "the compiled kernel", "sd-rev",
  // an adapter's tool (from its hello, e.g. "jax-jit-vjp").
  virtual std::string name() const = 0;

  // Why it judges no program like this one (it is outside its fragment: a `skip` with this
  // reason), or nullopt.
  virtual std::optional<std::string> outside_fragment(const CheckedProgram& program) const = 0;

  // The derivative checks it makes of each program it judges.
  virtual std::vector<CheckPlan> checks() const = 0;

  // One derivative check of a case whose output is a data type and whose reference (dual
  // numbers) is differentiable. It adds its time to `seconds` (its own stage names).
  virtual CheckOutcome check(Case& c, const CheckPlan& plan, StageSeconds* seconds) const = 0;

  // One check of a case whose output holds a function or a stream (no Jacobian: the logical
  // relation), for the implementations whose fragment has them; the others never get one.
  virtual CheckOutcome check_by_relation(Case& c, const CheckPlan& plan, StageSeconds* seconds) const;

  // `verify`: one case at the case's point in intervals, with every entry's enclosure kept
  // (judge/verify_case.hpp): its primal output against the program's own (`output`, enclosed)
  // and each Jacobian entry against the certified reference; for a program whose output holds a
  // function or a stream, the logical relation in intervals (`certified` and `output` unused).
  // Only an implementation that computes in intervals answers it (interpreted CHAD); nullopt:
  // it has no such case (it computes in double: `check` judges it). Throws ComparisonUndecided
  // where a comparison ties, InternalError where its output is broken.
  virtual std::optional<VerifyCase> enclose_at(const CheckedProgram& program, const NormalForm<double>& input,
                                               const CheckPlan& plan, const JacobianResult& certified,
                                               const std::vector<Enclosure>& output) const;

  // `--check cost`: its cost checks of each program (none: it has no cost check), and one of them.
  virtual std::vector<CheckPlan> cost_checks() const { return {}; }
  virtual CheckOutcome check_cost(Case& c, const CheckPlan& plan, StageSeconds* seconds) const;

  // `--order 2`: its second-order checks of each program (none: it has no second derivatives to
  // judge), and one of them against the certified Hessian (oracle/order2_check.hpp), named by its
  // CheckOutcome::mode_name. A `skip` says the program has no second derivative at its point.
  virtual std::vector<CheckPlan> second_order_checks() const { return {}; }
  virtual CheckOutcome check_second_order(Case& c, const CheckPlan& plan, StageSeconds* seconds) const;

  // The size check's plans (oracle/size_check.hpp: a share of the programs judged again at 100,000
  // nodes, one plan per mode drawn from these); none: it has no size check.
  virtual std::vector<CheckPlan> size_checks() const { return {}; }

  // What a counterexample report (reports/counterexample.cpp) shows of it. Whether blame (which
  // names CHAD's rules, triage/blame.hpp) applies to its failures: interpreted CHAD's, and the
  // compiled kernel's (triage/blame_compiled.hpp: the code generator's side when only it fails).
  virtual bool blamed_by_chad_rules() const { return false; }
  // Whether the report draws CHAD's output for the failing check (chad.svg): not for a tool whose
  // derivative is its own.
  virtual bool draws_chad_output() const { return false; }
  // The source of its derivative for one check (the compiled path: the kernel's C++), or nullopt.
  virtual std::optional<std::string> derivative_source(const CheckedProgram& program, const CheckPlan& plan) const;
};

// Adds the time from its making to its end to a stage of `seconds` (when not null).
class StageTimer {
 public:
  StageTimer(StageSeconds* seconds, const char* stage);
  ~StageTimer();
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 private:
  StageSeconds* seconds_;
  const char* stage_;
  std::chrono::steady_clock::time_point start_;
};

// Every (mode, sums strategy) of a campaign's options, modes outermost.
std::vector<CheckPlan> every_mode_and_sums(const CampaignOptions& options);

}  // namespace chad

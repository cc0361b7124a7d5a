// The verdict on CHAD at one point: CHAD in both modes and every sums strategy, evaluated in
// MPFI intervals, against the certified reference (the `interval` method): one loop over CHAD's
// checks as an implementation under test, each answered by its enclose_at (a VerifyCase,
// judge/verify_case.hpp). A case passes when
// CHAD's primal output encloses the same values as the source program's and every entry of
// CHAD's Jacobian enclosure meets the reference's. A fault of the transformation (its output
// does not type-check, the lifted-sum inconsistency, another internal error) fails the case.
// A program whose output holds a function or a stream has no Jacobian: it is judged by the
// logical relation (logrel/program_relation.hpp) in intervals, along one curve through the
// input; a case passes when the relation holds there.
// A program is verified at several points (verify_at_points): the one given (an example's
// `-- at:` point) and random points drawn from the input type, so that a wrong derivative
// that happens to agree at one point (2x = 1 at x = 0.5) is still caught.
// `verify --inputs N` (verify_inputs): N random inputs with sizes growing, stopping at the first
// failing one, which is shrunk with the program fixed (triage/input_shrink.hpp).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chad/transformer.hpp"
#include "oracle/campaign.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "judge/discrepancy.hpp"
#include "judge/verify_case.hpp"
#include "triage/input_shrink.hpp"
#include "references/jacobian.hpp"

namespace chad {

struct VerifyReport {
  JacobianResult reference;  // the interval method
  std::vector<VerifyCase> cases;
  bool by_relation = false;  // judged by the logical relation (no Jacobian: higher-order output)
  bool differentiable() const { return reference.differentiable; }
  bool passed() const;
  bool failed() const;  // some case is a failure (a fail or a fault)
  double worst_discrepancy() const;
};

// `rules` (if set) replaces the standard rules in every case (fault injection); `faults` (if set:
// a mutant's faults outside the rule table) are switched on around CHAD's transformation and
// evaluation only, never around the reference.
// `compiled` (if set; data output types only): the compiled kernels (compiled_verify_kernels)
// are judged too, one case each: in double, each number must lie within the screen's relative
// tolerance (logrel/agreement.hpp) of the certified enclosure.
VerifyReport verify_chad(const CheckedProgram& program, const NormalForm<double>& input,
                         const RuleTable* rules = nullptr,
                         const std::vector<CompiledProgram>* compiled = nullptr,
                         const ChadFaults* faults = nullptr,
                         FunctionsStrategy functions = kDefaultFunctionsStrategy);

// CHAD's fwd and rev kernels of `program` in every sums strategy, compiled in one translation
// unit (none when the output is not a data type). Throws what compile_programs throws.
std::vector<CompiledProgram> compiled_verify_kernels(const CheckedProgram& program, const CompilerOptions& compiler,
                                                     FunctionsStrategy functions = kDefaultFunctionsStrategy);

// One point of verify_at_points: where it came from, and its report, or why it was skipped
// (a random point outside a partial primitive's domain, or where the program is not
// differentiable, proves nothing either way).
struct PointReport {
  std::string at;       // the input value, as `--at` text
  bool given = true;    // the given point (else a random one)
  std::string skipped;  // non-empty: why this random point was not judged
  VerifyReport report;
  int depth = -1;       // a random point's size (triage/input_shrink.hpp's input_depth)
};

// `given`: the given point's text (checked whatever happens there: its domain errors propagate
// as DomainError); then points drawn from the input type with `seed`
// (generators/input_generator.hpp) until `random_points` of them were judged or 4 times as many
// were drawn, the skipped ones listed too; none when the input type holds no reals. Preconditions:
// as verify_chad; `given` is a value of the input type.
// `compiler` (if set): the compiled kernels are judged at every point too (compiled once).
std::vector<PointReport> verify_at_points(const CheckedProgram& program, const std::string& given,
                                          int random_points, std::uint64_t seed,
                                          const RuleTable* rules = nullptr,
                                          const CompilerOptions* compiler = nullptr,
                                          FunctionsStrategy functions = kDefaultFunctionsStrategy);

// verify_inputs's options: how many random inputs, their seed, fault injection (as verify_chad),
// the compiled kernels (as verify_at_points), the shrinking budget (candidates), and a callback
// that sees each point as soon as it is judged (progress, one line per input).
struct VerifyInputsOptions {
  int count = 3;
  std::uint64_t seed = 1;
  const RuleTable* rules = nullptr;
  const ChadFaults* faults = nullptr;
  const CompilerOptions* compiler = nullptr;
  int shrink_budget = 1000;
  std::function<void(const PointReport&)> on_point;
  FunctionsStrategy functions = kDefaultFunctionsStrategy;  // CHAD's, in every case
};

// The failure a shrunk input keeps: the first failing case of the failing point.
struct VerifyFailure {
  ChadMode mode = ChadMode::Reverse;
  SumsStrategy sums = SumsStrategy::Biproduct;
  bool compiled = false;
  Verdict verdict = Verdict::Fail;
};
// Null when no case of `report` is a failure (judge/verdict.hpp is_failure).
std::optional<VerifyFailure> first_verify_failure(const VerifyReport& report);

struct ShrunkVerifyInput {
  std::size_t point = 0;  // the failing point's index in VerifyInputsResult::points
  VerifyFailure failure;
  InputShrinkResult shrink;
  VerifyReport report;    // the shrunk input's
};

struct VerifyInputsResult {
  std::vector<PointReport> points;
  std::optional<ShrunkVerifyInput> shrunk;  // set when a point failed
};

// The given point (if any; judged whatever happens there: its domain errors propagate as
// DomainError), then random inputs of the input type drawn with options.seed, the k-th of N
// with depth input_depth(k, N), until N were judged or 4N drawn (none when the input type holds
// no reals), the skipped ones listed too; stops at the first failing point and shrinks its input
// (triage/input_shrink.hpp) against the same failure. Preconditions: as verify_chad;
// `program_text` is the program's source; `given` is a value of the input type.
VerifyInputsResult verify_inputs(const CheckedProgram& program, const std::string& program_text,
                                 const std::optional<std::string>& given, const VerifyInputsOptions& options);

// `verify --adapter`: an outside AD tool behind its adapter (options.adapter) judged at one point
// by check_by_adapter (adapter_client/adapter_check.hpp): its verdict (pass, fail, fail-numeric, skip,
// unsupported, fault) and detail, or why the point was not judged (`skipped`: a random point
// outside a primitive's domain or where the program is not differentiable; the given point
// when it is not differentiable).
struct AdapterPointReport {
  std::string at;
  bool given = true;
  std::string skipped;
  CheckOutcome outcome{ChadMode::Reverse, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}};
  int depth = -1;  // a random point's size (triage/input_shrink.hpp's input_depth)
};

// As verify_at_points, for an adapter: the given point if any (its domain errors propagate as
// DomainError, an overflow of the reference as SourceError), then random points drawn with `seed`
// until `random_points` were judged or 4 times as many drawn. Preconditions: options.adapter is
// set; the output type is a data type; `program_text` is the program's source.
std::vector<AdapterPointReport> verify_adapter_at_points(const CampaignOptions& options, const std::string& program_text,
                                                         const CheckedProgram& program, const std::optional<std::string>& given,
                                                         int random_points, std::uint64_t seed);

}  // namespace chad

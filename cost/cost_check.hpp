// The cost verdict of a campaign (`campaign --check cost`): is CHAD's derivative cheap, as the
// cheap-gradient principle asks? For one (mode, sums strategy), the program's input is grown
// (cost/input_growth.hpp: every list to length n, every tree to n nodes) to each of the sizes,
// and the primal and one JVP (forward) or VJP (reverse) are counted in the cost model
// (cost/cost_measure.hpp). The check gives `fail-cost` when
//   - at some size, derivative cost > max_ratio x primal cost (the constant of the principle;
//     34 is efficient CHAD's machine-checked bound for first-order programs), or
//   - the derivative's *marginal* growth exponent exceeds the primal's by more than
//     exponent_slack. The marginal exponent is the log-log slope of cost(n) - cost(n0)
//     against n - n0 (n0 the smallest size), fitted by least squares: subtracting the cost at
//     the smallest size removes the constant parts (a big array primitive outside the loop,
//     the transformation's set-up), so that two linear costs with different constants both
//     fit an exponent of 1 exactly, while a quadratic one fits nearly 2.
// An input with nothing to grow is checked at its own size only (the ratio). Programs whose
// output holds a function or a stream have no cotangent to pull back here: skip.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chad/transformer.hpp"
#include "model/cost_counter.hpp"
#include "model/normal_form.hpp"

namespace chad {

struct CampaignOptions;  // oracle/campaign.hpp
struct CheckOutcome;

struct CostCheckOptions {
  std::vector<std::size_t> sizes = {8, 32, 128, 512};  // at least two, increasing
  double max_ratio = 34;                             // derivative / primal, at every size
  double exponent_slack = 0.25;                      // marginal exponents: derivative - primal
};

// One size's measurement: counts (CHAD, in the cost model) or seconds (an outside tool).
struct CostRow {
  std::size_t size = 0;  // the grown input's list length / tree nodes; 0: the input as given
  CostCounts primal, derivative;                      // counted
  double primal_seconds = 0, derivative_seconds = 0;  // timed (CostTable::wall_time)
  double ratio = 0;  // derivative / primal, in total cost or in seconds
};

// What the check measured: the table, the fitted exponents (when the input grew) and the verdict.
struct CostTable {
  // The rows are the wall time an adapter measured (oracle/adapter_cost_check.hpp), not counts.
  bool wall_time = false;
  std::vector<CostRow> rows;
  std::optional<double> primal_exponent, derivative_exponent;  // marginal, as above
  bool too_expensive = false;  // the fail-cost condition
  std::string reason;          // why it failed, or why it was not grown
};

// The marginal growth exponent of `costs` at `sizes` (as above). Preconditions: at least three
// sizes, increasing; costs as many. Returns nullopt where the marginal costs are not all
// positive (a cost that does not grow: no exponent).
std::optional<double> marginal_growth_exponent(const std::vector<std::size_t>& sizes,
                                               const std::vector<double>& costs);

// The inputs the check measures at: `input` grown to each of options.sizes; or `input` alone, size
// 0, with the reason in `not_grown`, when it has no list or tree or fewer than three sizes are asked.
struct CostInputs {
  std::vector<std::size_t> sizes;
  std::vector<NormalForm<double>> inputs;
  std::string not_grown;
};
CostInputs cost_check_inputs(const CheckedProgram& program, const NormalForm<double>& input,
                             const CostCheckOptions& options);

// A timed row (seconds); its ratio divides by the primal's time, at least a clock's resolution (1 ns).
CostRow timed_cost_row(std::size_t size, double primal_seconds, double derivative_seconds);

// A row's primal and derivative, in the table's measure: seconds when timed, total cost otherwise.
double primal_measure(const CostTable& table, const CostRow& row);
double derivative_measure(const CostTable& table, const CostRow& row);

// "at size 32", or "at the given input" for size 0.
std::string cost_place(std::size_t size);

// The steps the source evaluator may take on the primal at one grown input (about a second): past
// it, the input is grown no further (a program exponential in its input stops this way).
inline constexpr std::uint64_t kCostCheckPrimalSteps = 20'000'000;
// "the primal passes 20000000 steps at size 32": why an input was grown no further.
std::string primal_steps_passed(const std::string& at);

// Timed rows whose primal takes less than this are not judged on their ratio: what is measured
// there is a tool's fixed cost per call (a tape opened, a graph built: tens of microseconds), not
// the cheap-gradient principle's constant. Their growth is still judged.
inline constexpr double kTimedRatioFloorSeconds = 1e-4;

// The verdict on a table's rows, counted or timed alike: fail-cost (too_expensive, with the
// reason) when a row's ratio passes max_ratio (timed: where the primal takes at least
// kTimedRatioFloorSeconds), or, over three rows or more of grown inputs, when
// the derivative's marginal exponent passes the primal's by more than exponent_slack (both
// exponents are set); for wall time, only when the ratio also grows by (n_last / n_first)^slack
// (a marginal time of microseconds is noise). A table already too expensive keeps its reason.
void judge_cost_table(CostTable& table, const CostCheckOptions& options);

// A cost check's outcome from its judged table: pass or fail-cost, the summary in `detail`,
// informative when the input was grown (three rows or more).
void set_cost_outcome(CheckOutcome& outcome, CostTable table);

// Measures and judges one mode and sums strategy of a checked program at a data-type input.
// Errors of evaluation propagate (DomainError, ComparisonUndecided, InternalError).
CostTable measure_cost_table(const CheckedProgram& program, const NormalForm<double>& input,
                             const ChadOptions& chad, const CostCheckOptions& options);

// The table as JSON (log lines, reports): {"unit": "cost" or "seconds", "rows": [{"size",
// "primal", "derivative", "ratio", and for counts "primal_parts", "derivative_parts"}],
// "primal_exponent", "derivative_exponent" (null when not fitted), "too_expensive", "reason"};
// "size" 0 is the input as given.
nlohmann::json cost_table_json(const CostTable& table);

// The options as JSON ({"sizes", "max_ratio", "exponent_slack"}; reports, so that replay
// re-checks as the campaign did) and back (throws nlohmann::json::exception on a bad object).
nlohmann::json cost_check_options_json(const CostCheckOptions& options);
CostCheckOptions cost_check_options_from_json(const nlohmann::json& j);

// "8,32,128,512": sizes as `--cost-sizes` takes them.
std::string cost_sizes_text(const std::vector<std::size_t>& sizes);

// The flags of a campaign command that makes the same checks: " --check cost --cost-sizes ...
// --cost-ratio R --cost-slack S" ("derivative,cost" when both), "" without a cost check.
std::string cost_check_flags(const CampaignOptions& options);

// A markdown table of the rows (report.md).
std::string cost_table_markdown(const CostTable& table, ChadMode mode);

// The campaign's check: a CheckOutcome with verdict pass, fail-cost, skip (a domain error at a
// grown input) or fault (an internal error), the table's summary in `detail`.
CheckOutcome check_cost(const CampaignOptions& options, const CheckedProgram& program,
                        const NormalForm<double>& input, ChadMode mode, SumsStrategy sums);

}  // namespace chad

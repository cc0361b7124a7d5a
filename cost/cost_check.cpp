#include "cost/cost_check.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "judge/campaign_options.hpp"
#include "cost/cost_measure.hpp"
#include "cost/input_growth.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// The derivative's bound at one size (kCostCheckPrimalSteps is the primal's), seconds of
// evaluation: a derivative that passes it is stopped there (a fail-cost when the bound is more
// than max_ratio times the primal's cost), so that a derivative whose cost explodes as the input
// grows does not hang the check.
constexpr std::uint64_t kDerivativeStepLimit = 100'000'000;

// measure_cost (cost/cost_measure.hpp) under those bounds, which it throws past.
CostRow measure_row(const CheckedProgram& program, const NormalForm<double>& input, const ChadOptions& chad,
                    std::size_t size) {
  CostOptions options;
  options.chad = chad;
  options.forward = chad.mode == ChadMode::Forward;
  options.reverse = !options.forward;
  options.full_jacobian = false;
  options.primal_step_limit = kCostCheckPrimalSteps;
  options.derivative_step_limit = kDerivativeStepLimit;
  ProgramCost cost;
  run_with_deep_stack([&] { cost = measure_cost(program, input, options); });
  CostRow row;
  row.size = size;
  row.primal = cost.primal;
  row.derivative = (options.forward ? cost.forward : cost.reverse)->one;
  row.ratio = cost_ratio(row.derivative, row.primal);
  return row;
}

std::string print_number(double x) {
  std::ostringstream s;
  s.precision(3);
  s << x;
  return s.str();
}

}  // namespace

std::optional<double> marginal_growth_exponent(const std::vector<std::size_t>& sizes,
                                               const std::vector<double>& costs) {
  std::vector<double> extra_sizes, extra_costs;
  for (std::size_t i = 1; i < sizes.size(); ++i) {
    const double extra = costs[i] - costs[0];
    if (!(extra > 0)) return std::nullopt;
    extra_sizes.push_back(double(sizes[i] - sizes[0]));
    extra_costs.push_back(extra);
  }
  return growth_exponent(extra_sizes, extra_costs);
}

CostInputs cost_check_inputs(const CheckedProgram& program, const NormalForm<double>& input,
                             const CostCheckOptions& options) {
  CostInputs out;
  if (has_growable_part(program.input_type) && options.sizes.size() >= 3) {
    try {
      for (std::size_t n : options.sizes) out.inputs.push_back(grow_input(program.input_type, input, n));
      out.sizes = options.sizes;
      return out;
    } catch (const GrowthError& e) {
      out.inputs.clear();
      out.not_grown = std::string("not grown: ") + e.what();
    }
  } else {
    out.not_grown = "not grown: the input has no list or tree";
  }
  out.inputs.push_back(input);
  out.sizes = {0};
  return out;
}

CostRow timed_cost_row(std::size_t size, double primal_seconds, double derivative_seconds) {
  CostRow row;
  row.size = size;
  row.primal_seconds = primal_seconds;
  row.derivative_seconds = derivative_seconds;
  row.ratio = derivative_seconds / std::max(primal_seconds, 1e-9);
  return row;
}

double primal_measure(const CostTable& table, const CostRow& row) {
  return table.wall_time ? row.primal_seconds : double(row.primal.total());
}
double derivative_measure(const CostTable& table, const CostRow& row) {
  return table.wall_time ? row.derivative_seconds : double(row.derivative.total());
}

std::string primal_steps_passed(const std::string& at) {
  return "the primal passes " + std::to_string(kCostCheckPrimalSteps) + " steps " + at;
}

std::string cost_place(std::size_t size) {
  return size == 0 ? std::string("at the given input") : "at size " + std::to_string(size);
}

void judge_cost_table(CostTable& table, const CostCheckOptions& options) {
  for (const CostRow& row : table.rows)
    if (!table.too_expensive && row.ratio > options.max_ratio &&
        (!table.wall_time || row.primal_seconds >= kTimedRatioFloorSeconds)) {
      table.too_expensive = true;
      table.reason = cost_place(row.size) + " the derivative " + (table.wall_time ? "takes " : "costs ") +
                     print_number(row.ratio) + " times the primal (at most " + print_number(options.max_ratio) + ")";
    }
  if (table.rows.size() < 3 || table.rows.front().size == 0) return;
  std::vector<std::size_t> sizes;
  std::vector<double> primal, derivative;
  for (const CostRow& row : table.rows) {
    sizes.push_back(row.size);
    primal.push_back(primal_measure(table, row));
    derivative.push_back(derivative_measure(table, row));
  }
  table.primal_exponent = marginal_growth_exponent(sizes, primal);
  table.derivative_exponent = marginal_growth_exponent(sizes, derivative);
  const double primal_exponent = table.primal_exponent.value_or(0);
  // Wall time: the ratio itself must grow too, as (n_last / n_first)^slack at least. A tool's
  // fixed costs (a call into it, a tape) dwarf what grows at small sizes, and a marginal time of
  // a few microseconds is noise that can fit any exponent.
  const CostRow &first = table.rows.front(), &last = table.rows.back();
  const double ratio_growth = first.ratio > 0 ? last.ratio / first.ratio : 0;
  const bool ratio_grows = !table.wall_time || (ratio_growth > 0 && std::log(ratio_growth) > options.exponent_slack *
                                                                         std::log(double(last.size) / double(first.size)));
  if (!table.too_expensive && table.derivative_exponent && ratio_grows &&
      *table.derivative_exponent > primal_exponent + options.exponent_slack) {
    table.too_expensive = true;
    table.reason = std::string("the derivative's ") + (table.wall_time ? "time" : "cost") + " grows as n^" +
                   print_number(*table.derivative_exponent) + ", the primal's as n^" + print_number(primal_exponent) +
                   " (slack " + print_number(options.exponent_slack) + ")";
  }
}

void set_cost_outcome(CheckOutcome& c, CostTable table) {
  c.verdict = table.too_expensive ? Verdict::FailCost : Verdict::Pass;
  const std::string what = table.wall_time ? "time" : "cost";
  c.detail = what + ": " + (table.too_expensive ? table.reason : std::string("within bounds"));
  if (!table.rows.empty()) {
    const CostRow& last = table.rows.back();
    c.detail += "; ratio " + print_number(last.ratio) + " " + cost_place(last.size);
  }
  if (table.derivative_exponent)
    c.detail += ", marginal exponents " + print_number(table.primal_exponent.value_or(0)) + " (primal) and " +
                print_number(*table.derivative_exponent) + " (derivative)";
  c.informative = table.rows.size() >= 3;  // grown: it could show a cost that grows too fast
  c.cost = std::make_shared<CostTable>(std::move(table));
}

CostTable measure_cost_table(const CheckedProgram& program, const NormalForm<double>& input,
                             const ChadOptions& chad, const CostCheckOptions& options) {
  CostTable table;
  const CostInputs grown = cost_check_inputs(program, input, options);
  table.reason = grown.not_grown;
  for (std::size_t i = 0; i < grown.inputs.size(); ++i) {
    const std::string at = cost_place(grown.sizes[i]);
    try {
      table.rows.push_back(measure_row(program, grown.inputs[i], chad, grown.sizes[i]));
    } catch (const PrimalCostLimitExceeded&) {
      table.reason = primal_steps_passed(at) + ": grown no further";
      break;
    } catch (const DerivativeCostLimitExceeded& e) {
      const std::string passes = at + " the derivative passes " + std::to_string(kDerivativeStepLimit) + " steps";
      if (double(kDerivativeStepLimit) > options.max_ratio * double(e.primal.total())) {
        table.too_expensive = true;
        table.reason = passes + ", more than " + print_number(options.max_ratio) + " times the primal's cost (" +
                       std::to_string(e.primal.total()) + "); stopped there";
      } else {
        table.reason = passes + " (the primal costs " + std::to_string(e.primal.total()) + "): grown no further";
      }
      break;
    }
  }
  judge_cost_table(table, options);
  return table;
}

nlohmann::json cost_table_json(const CostTable& table) {
  auto parts = [](const CostCounts& c) {
    return nlohmann::json{{"steps", c.steps}, {"scalar_ops", c.scalar_ops}, {"allocations", c.allocations}};
  };
  nlohmann::json rows = nlohmann::json::array();
  for (const CostRow& row : table.rows)
    if (table.wall_time)
      rows.push_back({{"size", row.size},
                      {"primal", row.primal_seconds},
                      {"derivative", row.derivative_seconds},
                      {"ratio", row.ratio}});
    else
      rows.push_back({{"size", row.size},
                      {"primal", row.primal.total()},
                      {"derivative", row.derivative.total()},
                      {"ratio", row.ratio},
                      {"primal_parts", parts(row.primal)},
                      {"derivative_parts", parts(row.derivative)}});
  auto optional = [](const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
  return {{"unit", table.wall_time ? "seconds" : "cost"},
          {"rows", rows},
          {"primal_exponent", optional(table.primal_exponent)},
          {"derivative_exponent", optional(table.derivative_exponent)},
          {"too_expensive", table.too_expensive},
          {"reason", table.reason}};
}

std::string cost_sizes_text(const std::vector<std::size_t>& sizes) {
  std::string text;
  for (std::size_t n : sizes) text += (text.empty() ? "" : ",") + std::to_string(n);
  return text;
}

std::string cost_check_flags(const CampaignOptions& options) {
  if (!options.cost) return "";
  std::ostringstream flags;
  flags << " --check " << (options.check_derivatives ? "derivative,cost" : "cost") << " --cost-sizes "
        << cost_sizes_text(options.cost->sizes) << " --cost-ratio " << options.cost->max_ratio << " --cost-slack "
        << options.cost->exponent_slack;
  return flags.str();
}

nlohmann::json cost_check_options_json(const CostCheckOptions& options) {
  return {{"sizes", options.sizes}, {"max_ratio", options.max_ratio}, {"exponent_slack", options.exponent_slack}};
}

CostCheckOptions cost_check_options_from_json(const nlohmann::json& j) {
  CostCheckOptions o;
  o.sizes = j.at("sizes").get<std::vector<std::size_t>>();
  o.max_ratio = j.at("max_ratio").get<double>();
  o.exponent_slack = j.at("exponent_slack").get<double>();
  return o;
}

std::string cost_table_markdown(const CostTable& table, ChadMode mode) {
  const std::string one = mode == ChadMode::Forward ? "JVP" : "VJP";
  std::ostringstream s;
  auto size = [](const CostRow& row) { return row.size == 0 ? std::string("as given") : std::to_string(row.size); };
  if (table.wall_time) {
    s << "| input size | primal seconds | " << one << " seconds | ratio |\n|---|---|---|---|\n";
    for (const CostRow& row : table.rows)
      s << "| " << size(row) << " | " << print_number(row.primal_seconds) << " | " << print_number(row.derivative_seconds)
        << " | " << print_number(row.ratio) << " |\n";
  } else {
    s << "| input size | primal cost | " << one << " cost | ratio | " << one << " steps | scalar ops | allocations |\n"
      << "|---|---|---|---|---|---|---|\n";
    for (const CostRow& row : table.rows)
      s << "| " << size(row) << " | " << row.primal.total() << " | " << row.derivative.total() << " | "
        << print_number(row.ratio) << " | " << row.derivative.steps << " | " << row.derivative.scalar_ops << " | "
        << row.derivative.allocations << " |\n";
  }
  const std::string measure = table.wall_time ? "time" : "cost";
  if (table.primal_exponent || table.derivative_exponent)
    s << "\nMarginal growth exponents (log-log slope of " << measure << "(n) - " << measure << "(" << table.rows.front().size
      << ")): primal " << (table.primal_exponent ? print_number(*table.primal_exponent) : std::string("-")) << ", "
      << one << " " << (table.derivative_exponent ? print_number(*table.derivative_exponent) : std::string("-"))
      << ".\n";
  if (!table.reason.empty()) s << "\n" << table.reason << ".\n";
  return s.str();
}

CheckOutcome check_cost(const CampaignOptions& options, const CheckedProgram& program,
                        const NormalForm<double>& input, ChadMode mode, SumsStrategy sums) {
  CheckOutcome c{mode, sums, Verdict::Pass, false, 0, {}};
  if (!is_data_type(program.output_type)) {
    c.verdict = Verdict::Skip;
    c.detail = "the cost check pulls back a cotangent of a data-type output; this output holds a function or a stream";
    return c;
  }
  const CostCheckOptions defaults;
  const CostCheckOptions& cost = options.cost ? *options.cost : defaults;
  const ChadOptions chad = campaign_chad_options(options, mode, sums);
  try {
    set_cost_outcome(c, measure_cost_table(program, input, chad, cost));
  } catch (const InternalError& e) {
    c.verdict = Verdict::Fault;
    c.detail = e.what();
  } catch (const SourceError& e) {  // a domain error or a tie at a grown input
    c.verdict = Verdict::Skip;
    c.detail = std::string("the cost check meets an error at a grown input: ") + e.what();
  }
  return c;
}

}  // namespace chad

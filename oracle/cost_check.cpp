#include "oracle/cost_check.hpp"

#include <sstream>

#include "oracle/campaign.hpp"
#include "oracle/cost_measure.hpp"
#include "oracle/input_growth.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// The bounds of one measurement (the primal and the derivative at one size), seconds of
// evaluation each: an input grown so far that the primal passes its bound is grown no further; a
// derivative that passes its bound is stopped there (a fail-cost when the bound is more than
// max_ratio times the primal's cost). They keep a program whose cost explodes as its input grows
// (a closure applied twice per list node is exponential) from hanging the check.
constexpr std::uint64_t kPrimalStepLimit = 20'000'000;
constexpr std::uint64_t kDerivativeStepLimit = 100'000'000;

// measure_cost (oracle/cost_measure.hpp) under those bounds, which it throws past.
CostRow measure_row(const CheckedProgram& program, const NormalForm<double>& input, const ChadOptions& chad,
                    std::size_t size) {
  CostOptions options;
  options.chad = chad;
  options.forward = chad.mode == ChadMode::Forward;
  options.reverse = !options.forward;
  options.full_jacobian = false;
  options.primal_step_limit = kPrimalStepLimit;
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

CostTable measure_cost_table(const CheckedProgram& program, const NormalForm<double>& input,
                             const ChadOptions& chad, const CostCheckOptions& options) {
  CostTable table;
  const bool growable = has_growable_part(program.input_type) && options.sizes.size() >= 3;
  std::vector<NormalForm<double>> inputs;
  if (growable) {
    try {
      for (std::size_t n : options.sizes) inputs.push_back(grow_input(program.input_type, input, n));
    } catch (const GrowthError& e) {
      inputs.clear();
      table.reason = std::string("not grown: ") + e.what();
    }
  } else {
    table.reason = "not grown: the input has no list or tree";
  }
  const bool given = inputs.empty();
  if (given) inputs.push_back(input);
  auto place = [](std::size_t size) {
    return size == 0 ? std::string("at the given input") : "at size " + std::to_string(size);
  };
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::size_t size = given ? 0 : options.sizes[i];
    const std::string at = place(size);
    try {
      table.rows.push_back(measure_row(program, inputs[i], chad, size));
    } catch (const PrimalCostLimitExceeded&) {
      table.reason = "the primal passes " + std::to_string(kPrimalStepLimit) + " steps " + at + ": grown no further";
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
  for (const CostRow& row : table.rows)
    if (!table.too_expensive && row.ratio > options.max_ratio) {
      table.too_expensive = true;
      table.reason = place(row.size) + " the derivative costs " + print_number(row.ratio) + " times the primal (at most " +
                     print_number(options.max_ratio) + ")";
    }
  if (table.rows.size() >= 3 && table.rows.front().size > 0) {
    std::vector<std::size_t> sizes;
    std::vector<double> primal, derivative;
    for (const CostRow& row : table.rows) {
      sizes.push_back(row.size);
      primal.push_back(double(row.primal.total()));
      derivative.push_back(double(row.derivative.total()));
    }
    table.primal_exponent = marginal_growth_exponent(sizes, primal);
    table.derivative_exponent = marginal_growth_exponent(sizes, derivative);
    const double primal_exponent = table.primal_exponent.value_or(0);
    if (!table.too_expensive && table.derivative_exponent &&
        *table.derivative_exponent > primal_exponent + options.exponent_slack) {
      table.too_expensive = true;
      table.reason = "the derivative's cost grows as n^" + print_number(*table.derivative_exponent) +
                     ", the primal's as n^" + print_number(primal_exponent) + " (slack " +
                     print_number(options.exponent_slack) + ")";
    }
  }
  return table;
}

nlohmann::json cost_table_json(const CostTable& table) {
  auto parts = [](const CostCounts& c) {
    return nlohmann::json{{"steps", c.steps}, {"scalar_ops", c.scalar_ops}, {"allocations", c.allocations}};
  };
  nlohmann::json rows = nlohmann::json::array();
  for (const CostRow& row : table.rows)
    rows.push_back({{"size", row.size},
                    {"primal", row.primal.total()},
                    {"derivative", row.derivative.total()},
                    {"ratio", row.ratio},
                    {"primal_parts", parts(row.primal)},
                    {"derivative_parts", parts(row.derivative)}});
  auto optional = [](const std::optional<double>& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
  return {{"rows", rows},
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
  s << "| input size | primal cost | " << one << " cost | ratio | " << one << " steps | scalar ops | allocations |\n"
    << "|---|---|---|---|---|---|---|\n";
  for (const CostRow& row : table.rows)
    s << "| " << (row.size == 0 ? std::string("as given") : std::to_string(row.size)) << " | " << row.primal.total()
      << " | " << row.derivative.total() << " | " << print_number(row.ratio) << " | " << row.derivative.steps << " | "
      << row.derivative.scalar_ops << " | " << row.derivative.allocations << " |\n";
  if (table.primal_exponent || table.derivative_exponent)
    s << "\nMarginal growth exponents (log-log slope of cost(n) - cost(" << table.rows.front().size
      << ")): primal " << (table.primal_exponent ? print_number(*table.primal_exponent) : std::string("-")) << ", "
      << one << " " << (table.derivative_exponent ? print_number(*table.derivative_exponent) : std::string("-"))
      << ".\n";
  if (!table.reason.empty()) s << "\n" << table.reason << ".\n";
  return s.str();
}

CheckOutcome check_cost(const CampaignOptions& options, const CheckedProgram& program,
                        const NormalForm<double>& input, ChadMode mode, SumsStrategy sums) {
  CheckOutcome c{mode, sums, CampaignVerdict::Pass, false, 0, {}};
  if (!is_data_type(program.output_type)) {
    c.verdict = CampaignVerdict::Skip;
    c.detail = "the cost check pulls back a cotangent of a data-type output; this output holds a function or a stream";
    return c;
  }
  const CostCheckOptions defaults;
  const CostCheckOptions& cost = options.cost ? *options.cost : defaults;
  const ChadOptions chad = campaign_chad_options(options, mode, sums);
  try {
    CostTable table = measure_cost_table(program, input, chad, cost);
    c.verdict = table.too_expensive ? CampaignVerdict::FailCost : CampaignVerdict::Pass;
    const CostRow& last = table.rows.back();
    c.detail = "cost: " + (table.too_expensive ? table.reason : std::string("within bounds")) + "; ratio " +
               print_number(last.ratio) + " at " + (last.size ? "size " + std::to_string(last.size) : std::string("the given input"));
    if (table.derivative_exponent)
      c.detail += ", marginal exponents " + print_number(table.primal_exponent.value_or(0)) + " (primal) and " +
                  print_number(*table.derivative_exponent) + " (derivative)";
    c.informative = table.rows.size() >= 3;  // grown: it could show a cost that grows too fast
    c.cost = std::make_shared<CostTable>(std::move(table));
  } catch (const InternalError& e) {
    c.verdict = CampaignVerdict::Fault;
    c.detail = e.what();
  } catch (const SourceError& e) {  // a domain error or a tie at a grown input
    c.verdict = CampaignVerdict::Skip;
    c.detail = std::string("the cost check meets an error at a grown input: ") + e.what();
  }
  return c;
}

}  // namespace chad

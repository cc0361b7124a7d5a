// `chad-oracle cost FILE --at V [--mode fwd|rev|both] [--sums S] [--sizes N1,N2,...]
// [--plot FILE.svg] [--json]`: the cost model's counts (model/cost_counter.hpp) of the primal,
// one JVP, one VJP and a full Jacobian, and their ratios to the primal (cost/cost_measure.hpp);
// with --sizes, the same (primal, JVP, VJP) with the input grown to each size
// (cost/input_growth.hpp), the fitted growth exponents, and with --plot an SVG of cost
// against size (reports/cost_plot.hpp).
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "cost/cost_growth.hpp"
#include "cost/cost_measure.hpp"
#include "cost/input_growth.hpp"
#include "point_option.hpp"
#include "campaigns/sizes_text.hpp"
#include "references/input_value.hpp"
#include "reports/cost_plot.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

const char* const kCostModel = "cost = steps + scalar_ops + allocations";

struct CostRequest {
  std::string mode = "both";
  std::string sums = "biproduct";
  std::string functions;  // --functions (efficient, paper)
  std::string sizes;
  std::string plot;
  std::size_t observations = 3;
};

nlohmann::json counts_json(const CostCounts& c, const CostCounts& primal) {
  return {{"cost", c.total()}, {"steps", c.steps}, {"scalar_ops", c.scalar_ops},
          {"allocations", c.allocations}, {"ratio", cost_ratio(c, primal)}};
}

void print_row(std::ostream& out, const std::string& label, const CostCounts& c, const CostCounts& primal) {
  out << std::left << std::setw(34) << label << std::right << std::setw(12) << c.total() << std::setw(12)
      << c.steps << std::setw(12) << c.scalar_ops << std::setw(13) << c.allocations << std::setw(10) << std::fixed
      << std::setprecision(2) << cost_ratio(c, primal) << std::defaultfloat << "\n";
}

std::string directions_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " direction" : " directions"); }

void print_cost(std::ostream& out, const ProgramCost& cost) {
  out << std::left << std::setw(34) << "" << std::right << std::setw(12) << "cost" << std::setw(12) << "steps"
      << std::setw(12) << "scalar_ops" << std::setw(13) << "allocations" << std::setw(10) << "ratio" << "\n";
  print_row(out, "primal", cost.primal, cost.primal);
  if (cost.forward) print_row(out, "JVP (forward CHAD, 1 direction)", cost.forward->one, cost.primal);
  if (cost.reverse) print_row(out, "VJP (reverse CHAD, 1 direction)", cost.reverse->one, cost.primal);
  if (cost.forward && cost.forward->jacobian_measured)
    print_row(out, "Jacobian, forward (" + directions_text(cost.forward->directions) + ")", cost.forward->jacobian,
              cost.primal);
  if (cost.reverse && cost.reverse->jacobian_measured)
    print_row(out, "Jacobian, reverse (" + directions_text(cost.reverse->directions) + ")", cost.reverse->jacobian,
              cost.primal);
  out << "code size (term nodes): source " << cost.source_size;
  if (cost.forward) out << ", forward CHAD " << cost.forward->code_size;
  if (cost.reverse) out << ", reverse CHAD " << cost.reverse->code_size;
  out << " (the transformation itself is not counted)\n";
}

// The growth table, exponents and plot for `sizes`.
nlohmann::json measure_growth(const CheckedProgram& program, const NormalForm<double>& input,
                              const std::vector<std::size_t>& sizes, const CostOptions& options,
                              const CommonOptions& common, const std::string& plot) {
  const bool observed = !is_data_type(program.output_type);  // a stream output (measurable_output)
  if (!observed && !has_growable_part(program.input_type))
    throw SourceError(entry_point(program.program).loc,
                      "--sizes: the input type `" + print_type(program.input_type) +
                          "` has nothing to grow: no list or tree (an inductive `mu` type); arrays have static "
                          "shapes and are not grown");
  CostGrowth growth;
  try {
    growth = measure_cost_growth(program, input, sizes, options);
  } catch (const GrowthError& e) {
    throw SourceError(Loc{intern_file_name("<--at>"), 0, 0}, std::string("--sizes: ") + e.what());
  }
  const std::vector<CostGrowthRow>& rows = growth.rows;
  std::vector<double> x;
  std::vector<CostSeries> series(1, CostSeries{"primal", {}, growth.primal_exponent});
  if (growth.jvp_exponent) series.push_back({"JVP (forward CHAD)", {}, *growth.jvp_exponent});
  if (growth.vjp_exponent) series.push_back({"VJP (reverse CHAD)", {}, *growth.vjp_exponent});
  for (const CostGrowthRow& row : rows) {
    x.push_back(double(row.size));
    std::size_t k = 0;
    series[k++].costs.push_back(double(row.cost.primal.total()));
    if (row.cost.forward) series[k++].costs.push_back(double(row.cost.forward->one.total()));
    if (row.cost.reverse) series[k++].costs.push_back(double(row.cost.reverse->one.total()));
  }

  nlohmann::json j = {{"sizes", sizes}, {"rows", nlohmann::json::array()},
                      {"grown", observed ? "the stream output, observed N times (the input as given)"
                                         : "lists to length N, trees to N nodes (balanced), the input's values cycled"},
                      {"not_grown", "arrays (static shapes in their types)"}, {"plot", nullptr}};
  for (const CostGrowthRow& row : rows) {
    nlohmann::json r = {{"size", row.size}, {"primal", counts_json(row.cost.primal, row.cost.primal)},
                        {"jvp", nullptr}, {"vjp", nullptr}};
    if (row.cost.forward) r["jvp"] = counts_json(row.cost.forward->one, row.cost.primal);
    if (row.cost.reverse) r["vjp"] = counts_json(row.cost.reverse->one, row.cost.primal);
    j["rows"].push_back(r);
  }
  auto exponent = [](const std::optional<double>& e) { return e ? nlohmann::json(*e) : nlohmann::json(nullptr); };
  j["exponents"] = {{"primal", growth.primal_exponent}, {"jvp", exponent(growth.jvp_exponent)},
                    {"vjp", exponent(growth.vjp_exponent)}};
  if (!plot.empty()) {
    std::ofstream file(plot);
    file << cost_plot_svg("Cost against input size: " + common.file, x, series);
    if (!file) throw SourceError(Loc{intern_file_name(plot), 0, 0}, "--plot: cannot write the file");
    j["plot"] = plot;
  }
  if (!common.json) {
    std::cout << (observed ? "\ngrowth (the stream output observed N times):\n"
                           : "\ngrowth (lists to length N, trees to N nodes; arrays are not grown):\n")
              << std::right << std::setw(10) << "size";
    for (const CostSeries& s : series) std::cout << std::setw(22) << s.label;
    std::cout << "\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      std::cout << std::setw(10) << rows[i].size;
      for (const CostSeries& s : series) std::cout << std::setw(22) << std::uint64_t(s.costs[i]);
      std::cout << "\n";
    }
    std::cout << "exponents (log-log slope):";
    for (std::size_t k = 0; k < series.size(); ++k)
      std::cout << (k ? "," : "") << " " << series[k].label << " " << std::fixed << std::setprecision(2)
                << series[k].exponent << std::defaultfloat;
    std::cout << "\n";
    if (!plot.empty()) std::cout << "plot: " << plot << "\n";
  }
  return j;
}

int run_cost(const CommonOptions& common, const std::string& at, const CostRequest& request) {
  CheckedProgram program = load_program(common.file);
  const std::vector<std::size_t> sizes =
      request.sizes.empty() ? std::vector<std::size_t>{} : parse_sizes_option("--sizes", request.sizes, 2, false);
  if (!request.plot.empty() && sizes.empty())
    throw SourceError(command_line_loc(), "--plot needs --sizes (the plot is of cost against size)");
  NormalForm<double> input = read_input_point(program, point_text(program, at, common.json));
  bool observed = false;
  if (!measurable_output(program.output_type, observed))
    throw SourceError(entry_point(program.program).loc,
                      "the output type `" + print_type(program.output_type) +
                          "` holds functions: cost measures outputs of data types and streams (nu types) only");
  CostOptions options;
  options.observations = request.observations;
  options.chad.sums = *parse_sums_strategy(request.sums);
  options.chad.functions = functions_option_value(request.functions);
  options.forward = request.mode != "rev";
  options.reverse = request.mode != "fwd";
  const ProgramCost cost = measure_cost(program, input, options);
  nlohmann::json j = {{"file", common.file}, {"cost_model", kCostModel}, {"sums", request.sums},
                      {"functions", request.functions}, {"mode", request.mode}, {"input_dimension", cost.input_dimension},
                      {"output_dimension", cost.output_dimension},
                      {"primal", counts_json(cost.primal, cost.primal)},
                      {"code_size", {{"source", cost.source_size}, {"forward", nullptr}, {"reverse", nullptr}}},
                      {"observations", nullptr}, {"jvp", nullptr}, {"vjp", nullptr},
                      {"jacobian_forward", nullptr}, {"jacobian_reverse", nullptr}, {"growth", nullptr}};
  if (cost.observed_output) j["observations"] = options.observations;
  // One mode's measurements: the JVP or VJP under `one`, the Jacobian under `jacobian`.
  auto add_mode = [&](const std::optional<DerivativeCost>& d, const char* one, const char* jacobian,
                      const char* mode) {
    if (!d) return;
    j[one] = counts_json(d->one, cost.primal);
    if (d->jacobian_measured) {
      j[jacobian] = counts_json(d->jacobian, cost.primal);
      j[jacobian]["directions"] = d->directions;
    }
    j["code_size"][mode] = d->code_size;
  };
  add_mode(cost.forward, "jvp", "jacobian_forward", "forward");
  add_mode(cost.reverse, "vjp", "jacobian_reverse", "reverse");
  if (!common.json) {
    std::cout << "cost model: " << kCostModel << " (counted by the evaluator; one direction: "
              << "all ones; sums: " << request.sums << "; functions: " << request.functions << ")\n";
    print_cost(std::cout, cost);
    if (cost.observed_output)
      std::cout << "the output is a stream, observed " << options.observations << " times"
                << (options.reverse && !cost.reverse ? "; its VJP is not measured (a sum or a nested fixpoint in the "
                                                       "stream's type)"
                                                     : "")
                << "; no reverse Jacobian\n";
  }
  if (!sizes.empty()) j["growth"] = measure_growth(program, input, sizes, options, common, request.plot);
  if (common.json) std::cout << j.dump(2) << "\n";
  return kExitOk;
}

}  // namespace

void add_cost_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  auto request = std::make_shared<CostRequest>();
  CLI::App* cmd = add_point_command(
      app, "cost",
      "Counted cost (steps + scalar ops + allocations) of the primal and of CHAD's JVP, VJP and Jacobian, "
      "their ratios, and with --sizes the growth exponents as the input's lists and trees grow",
      *options, *at);
  cmd->add_option("--mode", request->mode, "fwd (JVP, forward Jacobian), rev (VJP, reverse Jacobian) or both")
      ->check(CLI::IsMember({"fwd", "rev", "both"}))
      ->capture_default_str();
  add_sums_option(*cmd, request->sums);
  add_functions_option(*cmd, request->functions);
  cmd->add_option("--sizes", request->sizes,
                  "input sizes N1,N2,... (each >= 1): lists grown to length N, trees to N nodes; fits the "
                  "log-log slope of cost against size");
  cmd->add_option("--observations", request->observations,
                  "a stream (nu) output is observed this many times (lazy values forced); with --sizes, "
                  "each size is the number of observations")
      ->check(CLI::Range(std::size_t(1), std::size_t(100000000)))
      ->capture_default_str();
  cmd->add_option("--plot", request->plot, "with --sizes: write an SVG of cost against size (log-log) to this file");
  cmd->callback([options, at, request, &exit_code] {
    exit_code = run_command(*options, [&] { return run_cost(*options, *at, *request); });
  });
}

}  // namespace chad

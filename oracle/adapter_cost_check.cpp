#include "oracle/adapter_cost_check.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "cost/cost_check.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// The output's shape at a grown input (the request states it), and whether its coordinates are
// finite (a program that overflows there is grown no further): the program run once, at most
// kCostCheckPrimalSteps steps (past them, CostLimitExceeded).
Index output_index_at(const CheckedProgram& program, const NormalForm<double>& input, bool& finite) {
  NormalForm<double> output;
  CostLimit limit(kCostCheckPrimalSteps);
  run_with_deep_stack([&] {
    const ValueP<double> y = run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords));
    output = normal_form<double>(program.output_type, y);
  });
  finite = std::all_of(output.coords.begin(), output.coords.end(), [](double x) { return std::isfinite(x); });
  return output.index;
}

}  // namespace

CheckOutcome check_cost_by_adapter(const CampaignOptions& options, const std::string& program_text,
                                   const CheckedProgram& program, const NormalForm<double>& input, ChadMode mode) {
  CheckOutcome c{mode, SumsStrategy::Biproduct, Verdict::Pass, false, 0, {}};
  c.implementation = Implementation::Adapter;
  if (!is_data_type(program.output_type)) {
    c.verdict = Verdict::Skip;
    c.detail = "the cost check pulls back a cotangent of a data-type output; this output holds a function or a stream";
    return c;
  }
  AdapterClient& client = *options.adapter;
  const AdapterHello& hello = client.hello();
  const std::string tool = hello.tool;
  if (!hello.timing) {
    c.verdict = Verdict::Unsupported;
    c.detail = tool + "'s adapter does not time its answers (its hello has no \"timing\": true)";
    return c;
  }
  const CostCheckOptions defaults;
  const CostCheckOptions& cost = options.cost ? *options.cost : defaults;
  const AdapterAsk ask = mode == ChadMode::Forward ? AdapterAsk::Jvp : AdapterAsk::Vjp;
  const CostInputs grown = cost_check_inputs(program, input, cost);
  std::string not_grown = grown.not_grown;

  // The timed request at each size, made once (the translations are not remade).
  struct Timed {
    std::size_t size;
    AdapterRequest request;
    nlohmann::json message;
  };
  std::vector<Timed> timed;
  for (std::size_t i = 0; i < grown.inputs.size(); ++i) {
    const std::string at = cost_place(grown.sizes[i]);
    AdapterRequest request{program_text, &program, grown.inputs[i], {}, ask, {}, true};
    bool finite = true;
    std::string unmeasurable;  // why this size cannot be measured: the growth stops here
    try {
      request.output_index = output_index_at(program, grown.inputs[i], finite);
      if (!finite) unmeasurable = "the program overflows double " + at;
    } catch (const CostLimitExceeded&) {
      unmeasurable = primal_steps_passed(at);
    } catch (const SourceError& e) {  // a domain error or a tie at a grown input
      c.verdict = Verdict::Skip;
      c.detail = "the cost check meets an error " + at + ": " + e.what();
      return c;
    }
    if (!unmeasurable.empty() && i == 0) {
      c.verdict = Verdict::Skip;
      c.detail = unmeasurable;
      return c;
    }
    if (!unmeasurable.empty()) {
      not_grown = unmeasurable + ": grown no further";
      break;
    }
    const std::size_t n = request.input.coords.size(), m = std::size_t(request.output_index.dimension());
    if ((ask == AdapterAsk::Jvp ? n : m) == 0) {
      c.verdict = Verdict::Skip;
      c.detail = std::string("the cost check has no ") + (ask == AdapterAsk::Jvp ? "input" : "output") +
                 " coordinate to seed " + at;
      return c;
    }
    request.seeds.push_back(adapter_seed(ask == AdapterAsk::Jvp ? n : m, ask == AdapterAsk::Jvp ? 0 : 1));
    nlohmann::json message = differentiate_request(request, 0, hello);
    timed.push_back({grown.sizes[i], std::move(request), std::move(message)});
  }

  // One measurement at every size into `table`; false when the check ends without one (c says why).
  auto measure = [&](CostTable& table) {
    table.wall_time = true;
    table.reason = not_grown;
    for (std::size_t i = 0; i < timed.size(); ++i) {
      const std::string at = cost_place(timed[i].size);
      const std::string asked = std::string("the timed ") + ask_name(ask) + " request " + at;
      AdapterExchange exchanged = exchange_and_read(client, timed[i].message, timed[i].request);
      if (exchanged.timed_out && i > 0) {
        table.reason = at + " " + tool + " gave no answer within the timeout: grown no further";
        return true;
      }
      if (!exchanged.answer) {
        c.verdict = Verdict::Fault;
        c.detail = exchange_failure(tool, exchanged, asked);
        return false;
      }
      const AdapterAnswer& answer = *exchanged.answer;
      if (answer.error && answer.error_kind == "domain" && i > 0) {  // e.g. the derivative overflows double
        table.reason = at + " " + tool + " meets a domain error (" + answer.message + "): grown no further";
        return true;
      }
      if (answer.error) {
        c.verdict = answer.error_kind == "unsupported" ? Verdict::Unsupported
                    : answer.error_kind == "domain"    ? Verdict::Skip
                                                       : Verdict::Fault;
        c.detail = tool + " answers " + asked + " with an error of kind " + answer.error_kind + ": " + answer.message;
        return false;
      }
      table.rows.push_back(timed_cost_row(timed[i].size, answer.seconds->primal, answer.seconds->derivative));
    }
    return true;
  };

  CostTable table;
  if (!measure(table)) return c;
  judge_cost_table(table, cost);
  // Noise on a machine only adds time: a table that fails is measured once more, and at each size
  // the faster of the two measurements is judged.
  CostTable again;
  if (table.too_expensive && measure(again)) {
    CostTable faster;
    faster.wall_time = true;
    faster.reason = again.rows.size() < table.rows.size() ? again.reason : table.reason;
    for (std::size_t i = 0; i < std::min(table.rows.size(), again.rows.size()); ++i)
      faster.rows.push_back(timed_cost_row(table.rows[i].size,
                                      std::min(table.rows[i].primal_seconds, again.rows[i].primal_seconds),
                                      std::min(table.rows[i].derivative_seconds, again.rows[i].derivative_seconds)));
    table = std::move(faster);
    judge_cost_table(table, cost);
  } else if (table.too_expensive) {
    return c;  // the second measurement ended the check (c says why)
  }
  set_cost_outcome(c, std::move(table));
  return c;
}

}  // namespace chad

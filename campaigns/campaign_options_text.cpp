#include "campaigns/campaign_options_text.hpp"

#include <algorithm>
#include <sstream>
#include <vector>

#include "campaigns/sizes_text.hpp"
#include "codegen/codegen_fault.hpp"
#include "diagrams/faults.hpp"
#include "generators/declared_fragment.hpp"
#include "mutants/mutants.hpp"
#include "mutants/broken_output_faults.hpp"
#include "oracle/compiled_check.hpp"
#include "oracle/implementation_registry.hpp"

namespace chad {
namespace {

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) parts.push_back(item);
  return parts;
}

// The generator features of string-diagram AD's fragment (reals, arrays, products, functions; the
// first set of primitives, inputs away from the edges).
constexpr const char* kStringDiagramFeatures = "none,functions,arrays,partial,-second-set,-edges,-shapes";

// "fd:RATE" with RATE in [0, 1].
double parse_cross_check(const std::string& text, const Loc& where) {
  if (text.rfind("fd:", 0) == 0) {
    try {
      std::size_t used = 0;
      const double rate = std::stod(text.substr(3), &used);
      if (used == text.size() - 3 && rate >= 0 && rate <= 1) return rate;
    } catch (const std::exception&) {
    }
  }
  throw SourceError(where, "--cross-check: expected fd:RATE with 0 <= RATE <= 1, found `" + text + "`");
}

// --check derivative,cost with --cost-sizes, --cost-ratio, --cost-slack.
void use_check(CampaignOptions& o, const CampaignOptionsText& t, const Loc& where) {
  o.check_derivatives = false;
  bool cost = false;
  for (const auto& c : split(t.check)) {
    if (c == "derivative") o.check_derivatives = true;
    else if (c == "cost") cost = true;
    else throw SourceError(where, "--check: unknown check `" + c + "` (derivative, cost)");
  }
  if (!o.check_derivatives && !cost) throw SourceError(where, "--check needs at least one of derivative, cost");
  if (!cost) return;
  if (implementation_under_test(o)->cost_checks().empty())  // (CHAD's, counted; an adapter's, timed)
    throw SourceError(where,
                      "--check cost judges CHAD's derivative (counted) or an adapter's (timed): --implementation chad or adapter");
  auto options = std::make_shared<CostCheckOptions>();
  options->sizes = parse_sizes_option("--cost-sizes", t.cost_sizes, 3, true, where);
  if (!(t.cost_ratio >= 1)) throw SourceError(where, "--cost-ratio: expected a number >= 1");
  if (!(t.cost_slack >= 0)) throw SourceError(where, "--cost-slack: expected a number >= 0");
  options->max_ratio = t.cost_ratio;
  options->exponent_slack = t.cost_slack;
  o.cost = options;
}

// --implementation with what only some implementations take: --adapter, --codegen-fault, --batch.
void use_implementation(CampaignOptions& o, const CampaignOptionsText& t, const Loc& where) {
  const std::string& i = t.implementation;
  const std::optional<Implementation> named = implementation_named(i);
  if (!named) throw SourceError(where, "--implementation: unknown `" + i + "` (" + implementation_names() + ")");
  o.implementation = *named;
  if (o.implementation == Implementation::Adapter) {
    o.adapter = start_adapter(t.adapter, t.adapter_timeout, where);
  } else if (!t.adapter.empty()) {
    throw SourceError(where, "--adapter needs --implementation adapter");
  }
  if (o.implementation == Implementation::ChadCompiled) {
    auto compiled = std::make_shared<CompiledCampaignOptions>();
    compiled->compiler = t.compiler;
    compiled->batch = std::max<std::size_t>(1, t.batch);
    if (!t.codegen_fault.empty()) {
      std::optional<CodegenFault> fault = parse_codegen_fault(t.codegen_fault);
      if (!fault)
        throw SourceError(where, "--codegen-fault: unknown `" + t.codegen_fault +
                                     "` (drop-linear-add-right, fold-tangents-skipped, case-branches-swapped)");
      compiled->fault = *fault;
    }
    o.compiled = compiled;
  } else if (!t.codegen_fault.empty()) {
    throw SourceError(where, "--codegen-fault needs --implementation chad-compiled");
  }
}

// --order 2: the implementation's second-order checks, alone (no cost check, no fd cross-check).
void use_order(CampaignOptions& o, const CampaignOptionsText& t, const Loc& where) {
  if (t.order != 1 && t.order != 2) throw SourceError(where, "--order: expected 1 or 2, found " + std::to_string(t.order));
  o.order = t.order;
  if (o.order == 1) return;
  if (implementation_under_test(o)->second_order_checks().empty())
    throw SourceError(where, "--order 2 judges CHAD differentiated twice or an adapter's hvp and hessian: "
                             "--implementation chad or adapter, not " + t.implementation);
  if (o.cost) throw SourceError(where, "--order 2 judges second derivatives: not with --check cost");
  if (o.cross_check_fd_rate > 0) throw SourceError(where, "--order 2 has no fd cross-check: not with --cross-check");
}

}  // namespace

CampaignOptions campaign_options_from_text(const CampaignOptionsText& t, const Loc& where) {
  CampaignOptions o;
  o.seed = t.seed;
  o.count = t.count;
  o.max_size = t.max_size;
  use_implementation(o, t, where);
  const bool sd = o.implementation == Implementation::StringDiagram;
  try {
    // String-diagram AD covers the simply typed fragment: by default, generate only that.
    o.features = GeneratorFeatures::parse(sd && t.features.empty() ? std::string(kStringDiagramFeatures) : t.features);
    // The cost check grows the input's lists and trees: by default, every input has one.
    // Its cotangent is of a data-type output: by default, no function or stream outputs.
    if (t.features.empty() && t.check.find("cost") != std::string::npos) {
      o.features.inductive_input = true;
      o.features.higher_order = false;
    }
  } catch (const std::invalid_argument& e) {
    throw SourceError(where, std::string("--features: ") + e.what());
  }
  // An outside tool is judged on the fragment its hello declares: only such programs are drawn.
  if (o.adapter) narrow_to_fragment(o.features, o.adapter->hello().primitives, o.adapter->hello().formers);
  o.modes.clear();
  for (const auto& m : split(t.modes)) {
    if (m != "fwd" && m != "rev") throw SourceError(where, "--modes: unknown mode `" + m + "` (fwd, rev)");
    o.modes.push_back(m == "fwd" ? ChadMode::Forward : ChadMode::Reverse);
  }
  o.sums.clear();
  for (const auto& s : split(t.sums)) {
    auto parsed = parse_sums_strategy(s);
    if (!parsed) throw SourceError(where, "--sums: unknown strategy `" + s + "` (biproduct, lifted, zero-fn)");
    o.sums.push_back(*parsed);
  }
  if (o.modes.empty() || o.sums.empty()) throw SourceError(where, "--modes and --sums need at least one entry");
  const std::optional<FunctionsStrategy> functions = parse_functions_strategy(t.functions);
  if (!functions) throw SourceError(where, "--functions: unknown strategy `" + t.functions + "` (efficient, paper)");
  o.functions = *functions;
  use_mutant_option(o, t.mutant, sd, where);
  if (!t.cross_check.empty()) o.cross_check_fd_rate = parse_cross_check(t.cross_check, where);
  use_check(o, t, where);
  use_order(o, t, where);
  if (!(t.size_share >= 0 && t.size_share <= 1))
    throw SourceError(where, "--size-share: " + (std::ostringstream() << t.size_share).str() +
                                 " is not a share in [0, 1]");
  if (t.size_nodes < 1) throw SourceError(where, "--size-nodes: at least 1");
  o.size_share = t.size_share;
  o.size_nodes = t.size_nodes;
  return o;
}

CampaignOptionsText campaign_options_text(const CampaignOptions& o, const std::string& mutant) {
  CampaignOptionsText t;
  t.seed = o.seed;
  t.count = o.count;
  t.max_size = o.max_size;
  t.features = o.features.describe();
  t.modes.clear();
  for (ChadMode m : o.modes) t.modes += (t.modes.empty() ? "" : ",") + std::string(chad_mode_name(m));
  t.sums.clear();
  for (SumsStrategy s : o.sums) t.sums += (t.sums.empty() ? "" : ",") + std::string(sums_strategy_name(s));
  t.functions = functions_strategy_name(o.functions);
  t.implementation = implementation_name(o.implementation);
  t.mutant = mutant;
  if (o.compiled) {
    t.batch = o.compiled->batch;
    t.compiler = o.compiled->compiler;
    if (o.compiled->fault != CodegenFault::None) t.codegen_fault = codegen_fault_name(o.compiled->fault);
  }
  if (o.adapter) {
    t.adapter = o.adapter->options().command;
    t.adapter_timeout = o.adapter->options().timeout_seconds;
  }
  t.order = o.order;
  t.size_share = o.size_share;
  t.size_nodes = o.size_nodes;
  t.check = o.cost ? (o.check_derivatives ? "derivative,cost" : "cost") : "derivative";
  if (o.cost) {
    t.cost_sizes = cost_sizes_text(o.cost->sizes);
    t.cost_ratio = o.cost->max_ratio;
    t.cost_slack = o.cost->exponent_slack;
  }
  return t;
}

static std::string number_text(double x) {  // 1.5, 30: as typed
  std::ostringstream out;
  out << x;
  return out.str();
}

std::string campaign_replay_command(const CampaignOptionsText& t, const CampaignOptions& options, std::size_t index) {
  return "chad-oracle campaign --seed " + std::to_string(t.seed) + " --max-size " + std::to_string(t.max_size) +
         (t.features.empty() ? "" : " --features " + t.features) +
         (t.implementation == "chad" ? "" : " --implementation " + t.implementation) +
         (t.mutant.empty() ? "" : " --mutant " + t.mutant) +
         (t.modes == CampaignOptionsText{}.modes ? "" : " --modes " + t.modes) +
         (t.sums == CampaignOptionsText{}.sums ? "" : " --sums " + t.sums) +
         (t.codegen_fault.empty() ? "" : " --codegen-fault " + t.codegen_fault) +
         (t.adapter.empty() ? "" : " --adapter " + shell_quoted(t.adapter)) +
         // (a timeout's fault replays under the same timeout)
         (t.adapter.empty() || t.adapter_timeout == CampaignOptionsText{}.adapter_timeout
              ? ""
              : " --adapter-timeout " + number_text(t.adapter_timeout)) +
         (t.cross_check.empty() ? "" : " --cross-check " + t.cross_check) + cost_check_flags(options) +
         (t.functions == functions_strategy_name(kDefaultFunctionsStrategy) ? "" : " --functions " + t.functions) +
         (t.order == 1 ? "" : " --order " + std::to_string(t.order)) +
         (t.size_share == CampaignOptionsText{}.size_share ? "" : " --size-share " + number_text(t.size_share)) +
         (t.size_nodes == CampaignOptionsText{}.size_nodes ? "" : " --size-nodes " + std::to_string(t.size_nodes)) +
         " --only " + std::to_string(index);
}

void use_mutant_option(CampaignOptions& o, const std::string& name, bool string_diagrams, const Loc& where) {
  if (!name.empty() && string_diagrams) {
    const diagrams::SdFault* f = diagrams::find_sd_fault(name);
    if (!f) {
      std::string known;
      for (const diagrams::SdFault& k : diagrams::sd_fault_catalogue()) known += (known.empty() ? "" : ", ") + k.name;
      throw SourceError(where, "--mutant: unknown string-diagram fault `" + name + "` (known: " + known + ")");
    }
    o.sd_rules = &f->rules;
  } else if (!name.empty()) {
    const Mutant* m = find_mutant(name);
    if (!m) m = find_broken_output_fault(name);  // not catalogued: for the tests of the `fault` verdict
    if (!m) {
      std::string known;
      for (const Mutant& k : mutant_catalogue()) known += (known.empty() ? "" : ", ") + k.name;
      throw SourceError(where, "--mutant: unknown mutant `" + name + "` (known: " + known + ")");
    }
    use_mutant(o, *m);
  }
}

std::shared_ptr<AdapterClient> start_adapter(const std::string& command, double timeout_seconds, const Loc& where) {
  if (command.empty()) throw SourceError(where, "--adapter: the adapter's command line is missing");
  auto client = std::make_shared<AdapterClient>(AdapterOptions{command, timeout_seconds});
  try {
    client->hello();
  } catch (const AdapterStartError& e) {
    if (e.not_runnable) throw SourceError(where, std::string("--adapter: ") + e.what());
    throw AdapterStartError(std::string("--adapter: ") + e.what());
  }
  return client;
}

}  // namespace chad

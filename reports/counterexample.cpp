#include "reports/counterexample.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "campaigns/campaign_options_text.hpp"
#include "adapter_client/adapter_client.hpp"
#include "reports/standalone_script.hpp"
#include "triage/blame.hpp"
#include "triage/blame_compiled.hpp"
#include "oracle/campaign_log.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/compiled_check.hpp"
#include "cost/cost_check.hpp"
#include "oracle/implementation_registry.hpp"
#include "references/input_value.hpp"
#include "reports/cost_plot.hpp"
#include "reports/kink_distance.hpp"
#include "reports/rule_output.hpp"
#include "reports/term_graph.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "reports/written_file.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {
namespace {

std::string hex_float(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", x);
  return buffer;
}

// The input's normal-form coordinates as exact hex floats.
std::vector<std::string> input_coordinates(const Case& k) {
  std::vector<std::string> out;
  for (double x : k.input().coords) out.push_back(hex_float(x));
  return out;
}

std::vector<std::string> names(const CampaignOptions& o, bool modes) {
  std::vector<std::string> out;
  if (modes)
    for (ChadMode m : o.modes) out.push_back(chad_mode_name(m));
  else
    for (SumsStrategy s : o.sums) out.push_back(sums_strategy_name(s));
  return out;
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) s += (s.empty() ? "" : ",") + p;
  return s;
}

// The first failing check, or null.
const CheckOutcome* first_failure(const ProgramOutcome& o) {
  for (const CheckOutcome& k : o.checks)
    if (is_failure(k.verdict)) return &k;
  return nullptr;
}

nlohmann::json blame_json(const Blame& b) {
  nlohmann::json j = {{"found", b.found}, {"reason", b.reason}, {"former", nullptr}, {"primitive", nullptr},
                      {"rule", nullptr}, {"mode", nullptr}, {"sums", nullptr}, {"subterm", nullptr},
                      {"in_body", nullptr}, {"node", nullptr}};  // null when nothing was blamed
  // Where the fault lies: a CHAD rule, the code generator (a compiled kernel's failure that
  // interpreted CHAD does not share), or not known.
  j["side"] = b.found ? nlohmann::json("chad-rule") : b.codegen ? nlohmann::json("codegen") : nlohmann::json();
  if (b.codegen) {
    j["mode"] = chad_mode_name(b.mode);
    j["sums"] = sums_strategy_name(b.sums);
  }
  if (!b.found) return j;
  j["former"] = former_name(b.kind);
  if (b.kind == TermKind::Prim) j["primitive"] = prim_name(b.op);
  j["rule"] = b.rule;
  j["mode"] = chad_mode_name(b.mode);
  j["sums"] = sums_strategy_name(b.sums);
  j["subterm"] = b.subterm;
  j["in_body"] = b.in_body;
  if (b.in_body) j["node"] = b.node;
  return j;
}

// program.dot / .svg: the program's body with the blamed node highlighted, or, when blame falls
// on check_program's wrapper, the whole main function (wrapper and body) with it highlighted.
bool write_program_picture(const std::string& dir, const CheckedProgram& program, const Blame& blame) {
  const std::string dot = (std::filesystem::path(dir) / "program.dot").string();
  if (blame.found && !blame.in_body) {
    TermDotOptions options;
    options.highlight_id = int(blame.function_node);
    return write_dot_and_svg(term_dot(program.main_function,
                                      "the program's main function: the body inside its wrapper (the entry's "
                                      "`fun` and its parameters' `let`s), where the blamed node is",
                                      options),
                             dot);
  }
  return write_dot_and_svg(term_dot(entry_point(program.program).body, "the program's body", 400,
                                    blame.found ? int(blame.node) : -1),
                           dot);
}

// chad.dot / .svg: the part of CHAD's output that the blamed rule made (its subterms' parts as
// one box each, the blamed node's parent as context), for the blamed check; chad-full.dot: the
// whole output. Without a blame, chad.dot / .svg is the whole output of the first failing check.
bool write_chad_picture(const std::string& dir, const Counterexample& c, const CheckedProgram& program,
                        const Blame& blame, const CheckOutcome& first) {
  namespace fs = std::filesystem;
  const ChadMode mode = blame.found ? blame.mode : first.mode;
  const SumsStrategy sums = blame.found ? blame.sums : first.sums;
  ScopedChadFaults faults(c.options.faults);
  const ChadOptions options = campaign_chad_options(c.options, mode, sums);
  ChadProgram chad = chad_program(program, options);
  const std::string title = std::string("CHAD ") + chad_mode_name(mode) + " (sums " + sums_strategy_name(sums) + ")";
  const std::string full = term_dot(chad.target, title);
  std::optional<RuleOutput> part;
  if (blame.found) part = rule_output(program, options, blame.function_node);
  if (!part) return write_dot_and_svg(full, (fs::path(dir) / "chad.dot").string());
  write_text_file(fs::path(dir) / "chad-full.dot", full);
  TermDotOptions cut;
  cut.highlight = part->output.get();
  cut.collapsed = part->others;
  if (!part->parent.empty()) cut.context = "inside " + part->parent_rule + ": " + part->parent;
  return write_dot_and_svg(term_dot(part->output,
                                    title + ": the part the rule " + blame.rule +
                                        " made (dashed: its subterms' parts; linear lets not yet inlined; the "
                                        "whole output: chad-full.dot)",
                                    cut),
                           (fs::path(dir) / "chad.dot").string());
}

// The pictures (program.svg, chad.svg); returns a line for report.md.
std::string write_pictures(const std::string& dir, const Counterexample& c, const ImplementationUnderTest& tested,
                           const CheckedProgram& program, const Blame& blame) {
  bool svg = write_program_picture(dir, program, blame);
  if (!tested.draws_chad_output())  // (a tool's own derivative has no picture)
    return svg ? "Picture: `program.svg` (the program's term)." : "Picture: `program.dot` (Graphviz's `dot` was not found).";
  for (const CheckOutcome& k : c.outcome.checks) {
    if (k.verdict == Verdict::Pass) continue;
    svg = write_chad_picture(dir, c, program, blame, k) && svg;
    break;
  }
  const std::string chad = blame.found ? "`chad.svg` (the part of CHAD's output that the blamed rule made, for the "
                                         "blamed check; the whole output in `chad-full.dot`)"
                                       : "`chad.svg` (CHAD's output for the first failing check)";
  return svg ? "Pictures: `program.svg` (the program's term, the blamed node in red), " + chad + "."
             : "Pictures: `program.dot`, `chad.dot` (Graphviz's `dot` was not found, so no SVG).";
}

// --codegen-fault's name, or "" (none injected, or not the compiled path).
std::string codegen_fault(const CampaignOptions& options) {
  if (options.implementation != Implementation::ChadCompiled || !options.compiled ||
      options.compiled->fault == CodegenFault::None)
    return "";
  return codegen_fault_name(options.compiled->fault);
}

// kernel.cpp: the generated C++ of the first failing check's kernel (the compiled path: the
// implementations with a derivative_source), or "".
std::string write_kernel_source(const std::string& dir, const Counterexample& c, const ImplementationUnderTest& tested,
                                const CheckedProgram& program) {
  const CheckOutcome* k = first_failure(c.outcome);
  if (!k) return "";
  try {
    std::optional<std::string> source = tested.derivative_source(program, {k->mode, k->sums});
    if (!source) return "";
    write_text_file(std::filesystem::path(dir) / "kernel.cpp", *source);
    return std::string("The compiled kernel that failed (") + chad_mode_name(k->mode) + ", " + sums_strategy_name(k->sums) +
           (codegen_fault(c.options).empty() ? "" : ", with the code-generator fault " + codegen_fault(c.options)) +
           "): `kernel.cpp`, compilable on its own (`c++ -std=c++20 kernel.cpp`, then `./a.out --at '" +
           c.outcome.generated.input + "'`).";
  } catch (const std::exception& e) {
    return std::string("No generated C++: ") + e.what();
  }
}

// "## Cost": the first fail-cost check's table, and its plot in dir/cost.svg where the input grew
// ("" when no check failed on cost).
std::string cost_section(const std::string& dir, const ProgramOutcome& o) {
  for (const CheckOutcome& k : o.checks) {
    if (k.verdict != Verdict::FailCost || !k.cost) continue;
    const std::string one = k.mode == ChadMode::Forward ? "JVP" : "VJP";
    const CostTable& t = *k.cost;
    const std::string measured =
        t.wall_time ? "The adapter's own wall time (the fastest of its repetitions) of the primal and of one " + one +
                          " (ask `" + (k.mode == ChadMode::Forward ? "jvp" : "vjp") + "`)"
                    : "The cost model's counts (`chad-oracle cost`; cost = steps + scalar operations + allocations) of "
                      "the primal and of one " + one + " (" + chad_mode_name(k.mode) + ", sums " +
                          sums_strategy_name(k.sums) + ")";
    std::string section = "\n## Cost\n\n" + measured + ", the input's lists and trees grown to each size:\n\n" +
                          cost_table_markdown(t, k.mode);
    const std::string who = t.wall_time ? std::string("the tool") : chad_mode_name(k.mode) + std::string(" CHAD");
    if (t.rows.size() >= 2 && t.rows.front().size > 0) {
      std::vector<double> sizes;
      CostSeries primal{"primal", {}, t.primal_exponent.value_or(0)};
      CostSeries derivative{one + " (" + who + ")", {}, t.derivative_exponent.value_or(0)};
      const double least = t.wall_time ? 1e-9 : 1;  // the plot is logarithmic: positive values
      for (const CostRow& row : t.rows) {
        sizes.push_back(double(row.size));
        primal.costs.push_back(std::max(primal_measure(t, row), least));
        derivative.costs.push_back(std::max(derivative_measure(t, row), least));
      }
      const std::string title = std::string(t.wall_time ? "seconds" : "cost") + " against input size";
      write_text_file(std::filesystem::path(dir) / "cost.svg",
                      cost_plot_svg(title + " (marginal exponents in the legend)", sizes, {primal, derivative}));
      section += "\n![" + title + "](cost.svg)\n";
    }
    return section;
  }
  return "";
}

}  // namespace

// A fenced code block closes on a line of its own: a program without a final newline gets one.
static bool ends_with_newline(const std::string& text) { return !text.empty() && text.back() == '\n'; }

std::string shrunk_text(std::size_t original_size, std::size_t shrunk_size) {
  if (shrunk_size >= original_size)
    return "not shrunk (" + std::to_string(original_size) + " term nodes: no smaller program fails)";
  return "shrunk from " + std::to_string(original_size) + " to " + std::to_string(shrunk_size) + " term nodes";
}

void write_report(const std::string& dir, const Counterexample& c) { write_report(dir, c, ReportOrigin{}); }

void write_report(const std::string& dir, const Counterexample& c, const ReportOrigin& origin) {
  namespace fs = std::filesystem;
  std::error_code made;
  fs::create_directories(dir, made);  // a read-only or full disk: the environment's fault (exit 3), not ours
  if (made) throw OutputError("cannot write " + dir + ": " + made.message());
  const ProgramOutcome& o = c.outcome;
  std::string replay = "chad-oracle replay " + dir;
  if (c.options.order == 2)  // (`replay DIR` re-checks it too: report.json records the order)
    replay = "chad-oracle verify --order 2 " + (fs::path(dir) / "program.chad").string() +
             (c.mutant.empty() ? "" : " --mutant " + c.mutant) +
             (c.options.adapter ? " --adapter " + shell_quoted(c.options.adapter->options().command) : "");
  // The campaign command that generates the original program (its options as text).
  CampaignOptionsText text = campaign_options_text(c.options, c.mutant);
  text.seed = c.campaign_seed;
  std::string regenerate = campaign_replay_command(text, c.options, c.index);
  if (!origin.regenerate.empty()) regenerate = origin.regenerate;
  const std::string sizes = !c.size_note.empty()        ? c.size_note
                            : c.not_reproduced.empty() ? shrunk_text(c.original_size, c.shrunk_size)
                                                       : "not shrunk (" + std::to_string(c.original_size) + " term nodes)";
  const Case judged(o.generated, "program.chad");  // parsed and checked once, for everything below
  const std::string at = readable_input(judged.program(), o.generated.input);  // lists as [..]
  write_text_file_with(fs::path(dir) / "program.chad", [&](std::ostream& out) { out
      << (c.not_reproduced.empty() ? "" : "-- Did not reproduce on replay: " + c.not_reproduced + ".\n")
      << "-- " << (c.not_reproduced.empty() ? "Counterexample" : "Checked again") << ": " << verdict_name(o.verdict) << " ("
      << (origin.found_by.empty() ? "program " + std::to_string(c.index) + " of campaign seed " + std::to_string(c.campaign_seed) +
                                   ", " + sizes
                             : origin.found_by)
      << ").\n-- Replay: " << replay << "\n-- at: " << at
      << "\n" << o.generated.program; });
  const std::unique_ptr<ImplementationUnderTest> tested = implementation_under_test(c.options);
  Blame blame;
  if (!tested->blamed_by_chad_rules())
    blame.reason = "blame names CHAD's rules; this report judges " +
                   (c.options.adapter ? c.options.adapter->hello().name() : std::string(implementation_name(c.options.implementation)));
  else if (o.verdict == Verdict::FailCost)
    blame.reason = "blame looks for a wrong derivative; this report is about a derivative's cost (see Cost)";
  else if (const CheckOutcome* k = first_failure(o))
    blame = blame_campaign_failure(c.options, judged, k->mode, k->sums);
  nlohmann::json j = outcome_json(o);
  j["blame"] = blame_json(blame);
  j["input_coords_hex"] = input_coordinates(judged);
  j["campaign_seed"] = c.campaign_seed;
  j["index"] = c.index;
  j["mutant"] = c.mutant;
  j["implementation"] = implementation_name(c.options.implementation);
  j["codegen_fault"] = codegen_fault(c.options);
  j["check_derivatives"] = c.options.check_derivatives;
  if (c.options.order != 1) j["order"] = c.options.order;
  // The size check's share and nodes where they are not the default (a size check's failure: 1).
  if (c.options.size_share != kDefaultSizeShare) j["size_share"] = c.options.size_share;
  if (c.options.size_nodes != CampaignOptions{}.size_nodes) j["size_nodes"] = c.options.size_nodes;
  if (c.options.cost) j["cost_check"] = cost_check_options_json(*c.options.cost);
  if (c.options.adapter) {
    const AdapterHello& hello = c.options.adapter->hello();
    j["adapter"] = {{"command", c.options.adapter->options().command},
                    {"timeout_seconds", c.options.adapter->options().timeout_seconds},
                    {"tool", hello.tool},
                    {"version", hello.version},
                    {"precision", precision_name(hello.precision)},
                    {"mode", hello.mode}};
  }
  // A failure against an outside tool: its reproduction in the tool alone, beside report.md.
  const bool failed = is_failure(o.verdict) && o.verdict != Verdict::FailCost;
  const StandaloneScript standalone =
      c.options.adapter && failed ? write_standalone_script(dir, c.options, o.generated) : StandaloneScript{};
  if (!standalone.file.empty()) j["standalone_script"] = standalone.file;
  j["modes"] = names(c.options, true);
  j["sums"] = names(c.options, false);
  j["functions"] = functions_strategy_name(c.options.functions);
  j["program_features"] = j["features"];  // the log line's: what the program uses
  j["features"] = c.options.features.describe();  // the generator's
  j["max_size"] = c.options.max_size;
  j["original_size"] = c.original_size;
  j["shrunk_size"] = c.shrunk_size;
  j["replay"] = replay;
  j["found_by"] = origin.found_by;
  if (!c.not_reproduced.empty()) j["not_reproduced"] = c.not_reproduced;
  j["regenerate_original"] = regenerate;
  const std::optional<std::string> kink = nearest_kink(judged.program(), judged.input());
  if (kink) j["nearest_kink"] = *kink;
  write_text_file(fs::path(dir) / "report.json", j.dump(2) + "\n");

  std::ostringstream md;
  if (c.not_reproduced.empty())
    md << "# Counterexample: " << verdict_name(o.verdict) << "\n\n";
  else
    md << "# Did not reproduce on replay\n\nThis is not a counterexample: " << c.not_reproduced << ".\n\n";
  md
     << (origin.found_by.empty() ? "Program " + std::to_string(c.index) + " of the campaign with seed " +
                                  std::to_string(c.campaign_seed)
                            : origin.found_by)
     << (c.mutant.empty() ? "" : ", with the fault `" + c.mutant + "` injected")
     << (origin.found_by.empty() ? "; " + sizes : "")
     << ".\n\n"
     << "```\n" << o.generated.program << (ends_with_newline(o.generated.program) ? "" : "\n")
     << "```\n\nInput: `" << at
     << "` (coordinates " << join(input_coordinates(judged)) << ")\n\n";
  if (c.options.adapter) {
    const AdapterHello& hello = c.options.adapter->hello();
    md << "The tool: " << hello.tool << " " << hello.version << (hello.mode.empty() ? "" : ", mode " + hello.mode)
       << " (" << arithmetic_name(hello.precision, hello.subnormals) << "), behind the adapter `" << c.options.adapter->options().command
       << "`.\n\n"
       << "| tool | verdict | detail |\n|---|---|---|\n";
    for (const CheckOutcome& k : o.checks)
      md << "| " << hello.name() << " | " << verdict_name(k.verdict) << " | " << k.detail << " |\n";
    if (!standalone.paragraph.empty()) md << "\n## In " << hello.tool << " alone\n\n" << standalone.paragraph << "\n";
  } else {
    md << "Functions strategy: " << functions_strategy_name(c.options.functions) << ".\n\n";
    md << "| mode | sums | verdict | detail |\n|---|---|---|---|\n";
    for (const CheckOutcome& k : o.checks)
      md << "| " << check_mode_name(k) << " | " << sums_strategy_name(k.sums) << " | "
         << verdict_name(k.verdict) << " | " << k.detail << " |\n";
  }
  if (kink)
    md << "\nNear a kink (where the derivative is not defined): " << *kink
       << ". A tool's answer this near it may be the derivative of the other side.\n";
  md << cost_section(dir, o);
  if (c.options.adapter) {
    // An outside tool's report is in its own terms: blame names CHAD's rules, so no section of it.
  } else if (blame.found) {
    md << "\n## Blame\n\n";
    md << "The smallest subterm that fails its own check (in context of its free variables) is `" << blame.subterm
       << "` (" << (blame.in_body ? "node " + std::to_string(blame.node) + " of the body"
                           : std::string("in the wrapper around the body: the entry's `fun` and its parameters' `let`s"))
       << ", a `" << former_name(blame.kind)
       << "`): CHAD's rule **" << blame.rule << "** (sums " << sums_strategy_name(blame.sums) << ") is responsible. "
       << "Its check: " << blame.reason << "\n";
  } else if (blame.codegen) {
    md << "\n## Blame\n\nBlamed on **the code generator** (codegen/), not on a CHAD rule: " << blame.reason
       << ". The kernel's C++ is below.\n";
  } else {
    md << "\n## Blame\n\nNo subterm could be blamed: " << blame.reason << "\n";
  }
  std::string pictures;
  try {
    pictures = write_pictures(dir, c, *tested, judged.program(), blame);
  } catch (const std::exception& e) {  // CHAD's output may not even type-check (a fault)
    pictures = std::string("No picture of CHAD's output: ") + e.what();
  }
  if (const std::string kernel = write_kernel_source(dir, c, *tested, judged.program()); !kernel.empty())
    md << "\n" << kernel << "\n";
  md << "\n" << pictures << "\n\nReplay: `" << replay << "`. The original, unshrunk program: `"
     << regenerate << "`.\n";
  write_text_file(fs::path(dir) / "report.md", md.str());
}

Replay replay_report(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / "report.json").string();
  std::ifstream in(path);
  Loc loc{intern_file_name(path), 0, 0};
  if (!in) throw SourceError(loc, "no report here (report.json is missing)");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("program") || !j.contains("checks"))
    throw SourceError(loc, "not a counterexample report");
  // The report's options as text, made into options by the same function as the command line's.
  CampaignOptionsText text;
  auto joined = [&](const char* field) {
    std::string names;
    for (const auto& name : j[field]) {
      if (!names.empty()) names += ",";
      names += name.get<std::string>();
    }
    return names;
  };
  text.modes = joined("modes");
  text.sums = joined("sums");
  // Reports written before the functions strategy existed were of the paper's.
  text.functions = j.value("functions", "paper");
  text.implementation = j.value("implementation", "chad");
  text.mutant = j.value("mutant", "");
  text.codegen_fault = j.value("codegen_fault", "");
  text.order = j.value("order", 1);
  text.size_share = j.value("size_share", kDefaultSizeShare);
  text.size_nodes = j.value("size_nodes", CampaignOptions{}.size_nodes);
  if (j.contains("adapter")) {
    text.implementation = "adapter";
    text.adapter = j["adapter"].value("command", "");
    text.adapter_timeout = j["adapter"].value("timeout_seconds", 30.0);
  }
  const bool cost = j.contains("cost_check");
  text.check = std::string(j.value("check_derivatives", true) ? "derivative" : "") + (cost ? ",cost" : "");
  if (cost) {
    try {
      const CostCheckOptions recorded = cost_check_options_from_json(j["cost_check"]);
      text.cost_sizes = cost_sizes_text(recorded.sizes);
      text.cost_ratio = recorded.max_ratio;
      text.cost_slack = recorded.exponent_slack;
    } catch (const nlohmann::json::exception& e) {
      throw SourceError(loc, std::string("the report's cost_check: ") + e.what());
    }
  }
  const CampaignOptions options = campaign_options_from_text(text, loc);
  Replay r;
  r.outcome = check_case(options, GeneratedCase{j["program"], j["input"]});
  r.recorded_verdict = j["verdict"];
  r.not_reproduced = j.value("not_reproduced", std::string());
  r.reproduced = verdict_name(r.outcome.verdict) == r.recorded_verdict &&
                 r.outcome.checks.size() == j["checks"].size();
  for (std::size_t i = 0; r.reproduced && i < r.outcome.checks.size(); ++i)
    r.reproduced = j["checks"][i]["verdict"] == verdict_name(r.outcome.checks[i].verdict);
  return r;
}

}  // namespace chad

#include "reports/counterexample.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "diagrams/faults.hpp"
#include "oracle/adapter_client.hpp"
#include "oracle/blame.hpp"
#include "oracle/campaign_log.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/compiled_check.hpp"
#include "references/input_value.hpp"
#include "mutants/mutants.hpp"
#include "mutants/test_faults.hpp"
#include "reports/term_graph.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

std::string hex_float(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", x);
  return buffer;
}

// The input's normal-form coordinates as exact hex floats.
std::vector<std::string> input_coordinates(const GeneratedCase& g) {
  CheckedProgram program = check_program(parse_program(g.program, "program.chad"));
  std::vector<std::string> out;
  for (double x : read_input_point(program, g.input).coords) out.push_back(hex_float(x));
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

// program.dot / .svg (the program's body, the blamed subterm highlighted) and chad.dot / .svg
// (CHAD's output for the first failing check, with the report's mutant if any). Returns a line
// for report.md.
std::string write_pictures(const std::string& dir, const Counterexample& c, const Blame& blame) {
  namespace fs = std::filesystem;
  Program parsed = parse_program(c.outcome.generated.program, "program.chad");
  bool svg = write_dot_and_svg(term_dot(entry_point(parsed).body, "the program's body", 400,
                                        blame.found && blame.in_body ? int(blame.node) : -1),
                               (fs::path(dir) / "program.dot").string());
  if (c.options.implementation == Implementation::Adapter)  // the tool's own derivative has no picture
    return svg ? "Picture: `program.svg` (the program's term)." : "Picture: `program.dot` (Graphviz's `dot` was not found).";
  for (const CheckOutcome& k : c.outcome.checks) {
    if (k.verdict == CampaignVerdict::Pass) continue;
    CheckedProgram program = check_program(parsed);
    ScopedChadFaults faults(c.options.faults);
    ChadProgram chad = chad_program(program, ChadOptions{k.mode, k.sums, c.options.rules});
    svg = write_dot_and_svg(term_dot(chad.target, std::string("CHAD ") + chad_mode_name(k.mode) +
                                                      " (sums " + sums_strategy_name(k.sums) + ")"),
                            (fs::path(dir) / "chad.dot").string()) && svg;
    break;
  }
  return svg ? "Pictures: `program.svg` (the program's term, the blamed subterm in red), `chad.svg` (CHAD's output "
               "for the first failing check)."
             : "Pictures: `program.dot`, `chad.dot` (Graphviz's `dot` was not found, so no SVG).";
}

// --codegen-fault's name, or "" (none injected, or not the compiled path).
std::string codegen_fault(const CampaignOptions& options) {
  if (options.implementation != Implementation::ChadCompiled || !options.compiled ||
      options.compiled->fault == CodegenFault::None)
    return "";
  return codegen_fault_name(options.compiled->fault);
}

// kernel.cpp: the generated C++ of the first failing check's kernel (the compiled path).
std::string write_kernel_source(const std::string& dir, const Counterexample& c) {
  const CheckOutcome* k = first_failure(c.outcome);
  if (!k) return "";
  try {
    const CheckedProgram program = check_program(parse_program(c.outcome.generated.program, "<counterexample>"));
    std::ofstream(std::filesystem::path(dir) / "kernel.cpp")
        << compiled_kernel_source(c.options, program, k->mode, k->sums);
    return std::string("The compiled kernel that failed (") + chad_mode_name(k->mode) + ", " + sums_strategy_name(k->sums) +
           (codegen_fault(c.options).empty() ? "" : ", with the code-generator fault " + codegen_fault(c.options)) +
           "): `kernel.cpp`, compilable on its own (`c++ -std=c++20 -I/usr/include/eigen3 kernel.cpp`, then `./a.out --at '" +
           c.outcome.generated.input + "'`).";
  } catch (const std::exception& e) {
    return std::string("No generated C++: ") + e.what();
  }
}

}  // namespace

void write_report(const std::string& dir, const Counterexample& c) { write_report(dir, c, ReportOrigin{}); }

void write_report(const std::string& dir, const Counterexample& c, const ReportOrigin& origin) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  const ProgramOutcome& o = c.outcome;
  const std::string replay = "chad-oracle replay " + dir;
  std::string regenerate = "chad-oracle campaign --seed " + std::to_string(c.campaign_seed) +
                                 " --max-size " + std::to_string(c.options.max_size) +
                                 " --features " + c.options.features.describe() +
                                 (c.options.implementation == Implementation::Chad
                                      ? ""
                                      : std::string(" --implementation ") + implementation_name(c.options.implementation)) +
                                 (c.mutant.empty() ? "" : " --mutant " + c.mutant) +
                                 (codegen_fault(c.options).empty() ? "" : " --codegen-fault " + codegen_fault(c.options)) +
                                 (c.options.adapter ? " --adapter " + shell_quoted(c.options.adapter->options().command) : "") +
                                 " --only " + std::to_string(c.index);
  if (!origin.regenerate.empty()) regenerate = origin.regenerate;
  std::ofstream(fs::path(dir) / "program.chad")
      << "-- Counterexample: " << campaign_verdict_name(o.verdict) << " ("
      << (origin.found_by.empty() ? "program " + std::to_string(c.index) + " of campaign seed " + std::to_string(c.campaign_seed) +
                                   ", shrunk from " + std::to_string(c.original_size) + " to " +
                                   std::to_string(c.shrunk_size) + " term nodes"
                             : origin.found_by)
      << ").\n-- Replay: " << replay << "\n-- at: " << o.generated.input
      << "\n" << o.generated.program;
  Blame blame;
  if (c.options.implementation != Implementation::Chad)
    blame.reason = "blame names CHAD's rules; this report judges " + std::string(implementation_name(c.options.implementation));
  else if (const CheckOutcome* k = first_failure(o))
    blame = blame_failure(c.options, o.generated, k->mode, k->sums);
  nlohmann::json j = outcome_json(o);
  j["blame"] = blame_json(blame);
  j["input_coords_hex"] = input_coordinates(o.generated);
  j["campaign_seed"] = c.campaign_seed;
  j["index"] = c.index;
  j["mutant"] = c.mutant;
  j["implementation"] = implementation_name(c.options.implementation);
  j["codegen_fault"] = codegen_fault(c.options);
  if (c.options.adapter) {
    const AdapterHello& hello = c.options.adapter->hello();
    j["adapter"] = {{"command", c.options.adapter->options().command},
                    {"timeout_seconds", c.options.adapter->options().timeout_seconds},
                    {"tool", hello.tool},
                    {"version", hello.version},
                    {"precision", precision_name(hello.precision)}};
  }
  j["modes"] = names(c.options, true);
  j["sums"] = names(c.options, false);
  j["program_features"] = j["features"];  // the log line's: what the program uses
  j["features"] = c.options.features.describe();  // the generator's
  j["max_size"] = c.options.max_size;
  j["original_size"] = c.original_size;
  j["shrunk_size"] = c.shrunk_size;
  j["replay"] = replay;
  j["found_by"] = origin.found_by;
  j["regenerate_original"] = regenerate;
  std::ofstream(fs::path(dir) / "report.json") << j.dump(2) << "\n";

  std::ostringstream md;
  md << "# Counterexample: " << campaign_verdict_name(o.verdict) << "\n\n"
     << (origin.found_by.empty() ? "Program " + std::to_string(c.index) + " of the campaign with seed " +
                                  std::to_string(c.campaign_seed)
                            : origin.found_by)
     << (c.mutant.empty() ? "" : ", with the fault `" + c.mutant + "` injected")
     << (origin.found_by.empty() ? "; shrunk from " + std::to_string(c.original_size) + " to " +
                                  std::to_string(c.shrunk_size) + " term nodes"
                            : "")
     << ".\n\n"
     << "```\n" << o.generated.program << "```\n\nInput: `" << o.generated.input
     << "` (coordinates " << join(input_coordinates(o.generated)) << ")\n\n";
  if (c.options.adapter) {
    const AdapterHello& hello = c.options.adapter->hello();
    md << "The tool: " << hello.tool << " " << hello.version << " (" << precision_name(hello.precision)
       << "), behind the adapter `" << c.options.adapter->options().command << "`.\n\n"
       << "| tool | verdict | detail |\n|---|---|---|\n";
    for (const CheckOutcome& k : o.checks)
      md << "| " << hello.tool << " | " << campaign_verdict_name(k.verdict) << " | " << k.detail << " |\n";
  } else {
    md << "| mode | sums | verdict | detail |\n|---|---|---|---|\n";
    for (const CheckOutcome& k : o.checks)
      md << "| " << chad_mode_name(k.mode) << " | " << sums_strategy_name(k.sums) << " | "
         << campaign_verdict_name(k.verdict) << " | " << k.detail << " |\n";
  }
  md << "\n## Blame\n\n";
  if (blame.found)
    md << "The smallest subterm that fails its own check (in context of its free variables) is `" << blame.subterm
       << "` (" << (blame.in_body ? "node " + std::to_string(blame.node) + " of the body"
                           : std::string("in the wrapper around the body: the entry's `fun` and its parameters' `let`s"))
       << ", a `" << former_name(blame.kind)
       << "`): CHAD's rule **" << blame.rule << "** (sums " << sums_strategy_name(blame.sums) << ") is responsible. "
       << "Its check: " << blame.reason << "\n";
  else
    md << "No subterm could be blamed: " << blame.reason << "\n";
  std::string pictures;
  try {
    pictures = write_pictures(dir, c, blame);
  } catch (const std::exception& e) {  // CHAD's output may not even type-check (a fault)
    pictures = std::string("No picture of CHAD's output: ") + e.what();
  }
  if (c.options.implementation == Implementation::ChadCompiled) md << "\n" << write_kernel_source(dir, c) << "\n";
  md << "\n" << pictures << "\n\nReplay: `" << replay << "`. The original, unshrunk program: `"
     << regenerate << "`.\n";
  std::ofstream(fs::path(dir) / "report.md") << md.str();
}

Replay replay_report(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / "report.json").string();
  std::ifstream in(path);
  Loc loc{intern_file_name(path), 0, 0};
  if (!in) throw SourceError(loc, "no report here (report.json is missing)");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("program") || !j.contains("checks"))
    throw SourceError(loc, "not a counterexample report");
  CampaignOptions options;
  options.modes.clear();
  for (const auto& m : j["modes"]) options.modes.push_back(m == "fwd" ? ChadMode::Forward : ChadMode::Reverse);
  options.sums.clear();
  for (const auto& s : j["sums"]) options.sums.push_back(*parse_sums_strategy(s.get<std::string>()));
  const std::string mutant = j.value("mutant", "");
  const bool sd = j.value("implementation", "chad") == "sd-rev";
  if (sd) options.implementation = Implementation::StringDiagram;
  if (j.value("implementation", "chad") == "chad-compiled") {
    auto compiled = std::make_shared<CompiledCampaignOptions>();
    const std::string fault = j.value("codegen_fault", "");
    if (!fault.empty()) {
      std::optional<CodegenFault> f = parse_codegen_fault(fault);
      if (!f) throw SourceError(loc, "the report names an unknown code-generator fault `" + fault + "`");
      compiled->fault = *f;
    }
    options.implementation = Implementation::ChadCompiled;
    options.compiled = compiled;
  }
  if (j.contains("adapter")) {
    options.implementation = Implementation::Adapter;
    options.adapter = std::make_shared<AdapterClient>(
        AdapterOptions{j["adapter"].value("command", ""), j["adapter"].value("timeout_seconds", 30.0)});
    try {
      options.adapter->hello();
    } catch (const AdapterStartError& e) {
      throw SourceError(loc, std::string("the report's adapter: ") + e.what());
    }
  }
  if (!mutant.empty() && sd) {
    const diagrams::SdFault* f = diagrams::find_sd_fault(mutant);
    if (!f) throw SourceError(loc, "the report names an unknown string-diagram fault `" + mutant + "`");
    options.sd_rules = &f->rules;
  } else if (!mutant.empty()) {
    const Mutant* m = find_mutant(mutant);
    if (!m) m = find_test_fault(mutant);
    if (!m) throw SourceError(loc, "the report names an unknown mutant `" + mutant + "`");
    use_mutant(options, *m);
  }
  Replay r;
  r.outcome = check_case(options, GeneratedCase{j["program"], j["input"]});
  r.recorded_verdict = j["verdict"];
  r.reproduced = campaign_verdict_name(r.outcome.verdict) == r.recorded_verdict &&
                 r.outcome.checks.size() == j["checks"].size();
  for (std::size_t i = 0; r.reproduced && i < r.outcome.checks.size(); ++i)
    r.reproduced = j["checks"][i]["verdict"] == campaign_verdict_name(r.outcome.checks[i].verdict);
  return r;
}

}  // namespace chad

// `chad-oracle verify FILE [--at VALUE] [--points N] [--seed S] [--compiled]`: CHAD in both
// modes and every sums strategy, in intervals (and with --compiled also CHAD's compiled kernels,
// in double, within the screen's tolerance), against the certified reference, at the given point (--at, or
// the file's `-- at:` line) and at N random points of the input type (verify/verify.hpp); a
// table of verdicts and the worst discrepancy per point. Outputs holding functions or streams
// are judged by the logical relation instead. Exit 0 when every case passes, 1 on a fail
// or fault at any point, 2 when the given point is not differentiable (a random point where
// the program is not differentiable, or outside a primitive's domain, is skipped).
// `--adapter 'CMD'`: an outside AD tool instead of CHAD, judged at the same points by the
// adapter verdict (docs/adapter-protocol.md): pass, fail, skip, unsupported or fault per point;
// exit 1 on a fail or fault, 2 when the given point is not differentiable.
// `--inputs N` (alias `--points N`): N random inputs of main's input type (beside the given point, if
// any: without --at and without a `-- at:` line there is none), drawn with --seed, sizes growing
// (triage/input_shrink.hpp); one line per input (a progress line on a terminal when N > 50), the
// first failing one shrunk with the program fixed (verify/verify.hpp's verify_inputs); with --out DIR
// its counterexample report (reports/counterexample.hpp, as a campaign's) and `chad-oracle replay
// DIR` as its replay command, else the `verify --at` of the shrunk input. `--mutant NAME` injects a
// catalogued fault into CHAD (campaigns/campaign_options_text.hpp). With --adapter, the random
// inputs grow the same way; with --out DIR the first failing one is shrunk, the program fixed, and
// its report written as a campaign's (input_report.hpp).
#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "adapter_options.hpp"
#include "command_context.hpp"
#include "compiler_options.hpp"
#include "order2_verify.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/jacobian_json.hpp"
#include "verify/verify.hpp"
#include "point_option.hpp"
#include "campaigns/campaign_options_text.hpp"
#include "adapter_client/adapter_client.hpp"
#include "oracle/compiled_check.hpp"
#include "triage/shrink.hpp"
#include "reports/counterexample.hpp"
#include "input_report.hpp"

namespace chad {
namespace {

// The keys of one judged point (docs/schemas/verify.schema.json); each case's `enclosure` is
// indexed as the reference's `jacobian` (rows: row_labels, columns: col_labels), [] when the case
// has none (judged by the relation, or a fault before any number).
nlohmann::json report_json(const VerifyReport& report, const CheckedProgram& program) {
  nlohmann::json cases = nlohmann::json::array();
  for (const VerifyCase& c : report.cases) {
    nlohmann::json enclosure = nlohmann::json::array();
    for (const auto& row : c.enclosure) {
      nlohmann::json r = nlohmann::json::array();
      for (const Enclosure& e : row) r.push_back({e.lo, e.hi});
      enclosure.push_back(r);
    }
    cases.push_back({{"mode", chad_mode_name(c.mode)},
                     {"compiled", c.compiled},
                     {"sums", sums_strategy_name(c.sums)},
                     {"functions", functions_strategy_name(c.functions)},
                     {"verdict", verdict_name(c.verdict)},
                     {"discrepancy", c.discrepancy},
                     {"gap", c.gap},
                     {"detail", c.detail},
                     {"enclosure", enclosure}});
  }
  return {{"passed", report.passed()},
          {"differentiable", report.differentiable()},
          {"worst_discrepancy", report.worst_discrepancy()},
          {"judged_by", report.by_relation ? "logical relation" : "jacobian"},
          {"reference", report.by_relation ? nlohmann::json() : jacobian_json(report.reference, program)},
          {"cases", cases}};
}

// The columns of the table (and the keys of each case in --json), for `verify --help` and the README.
constexpr const char* kVerifyColumns =
    "Columns (one row per case; the same keys in each --json case):\n"
    "  mode         fwd or rev: CHAD's forward or reverse derivative, evaluated in MPFI intervals;\n"
    "               fwd-compiled / rev-compiled (--compiled): CHAD's compiled kernel, in double\n"
    "  sums         how CHAD represents (co)tangents of sum types: biproduct, lifted or zero-fn\n"
    "  verdict      pass, fail (a number is wrong), fault (CHAD's output is ill-typed or fails\n"
    "               internally), skip (not differentiable here: a comparison ties at this point)\n"
    "  discrepancy  the largest, over the Jacobian's entries, of |m - r| / max(1, |r|), where m and r\n"
    "               are the midpoints of CHAD's and the reference's enclosures of the entry (relative\n"
    "               distance of midpoints; inf when an enclosure is unbounded). A compiled kernel's\n"
    "               number x counts as the enclosure x +- 1e-9 max(1, |x|). Judged by the logical\n"
    "               relation: the relation's relative error in double. Informative only: a case\n"
    "               fails on a gap, not on a discrepancy\n"
    "  gap          the largest distance between CHAD's enclosure and the reference's, over the\n"
    "               Jacobian's entries and the primal output's coordinates: 0 when every pair meets\n"
    "               (intervals that meet may hold the same exact number); > 0 proves a wrong number\n"
    "  detail       what failed first and where (e.g. `d output[0] / d input[1]: CHAD encloses [a, b],\n"
    "               the certified reference [c, d]`, the primal coordinate, or the fault's message);\n"
    "               empty on pass\n"
    "The reference is the certified interval Jacobian (jacobian --method interval). --json: one object\n"
    "(docs/schemas/verify.schema.json); rows and columns of each Jacobian are labelled by their path in\n"
    "the value (row_labels: out..., col_labels: the parameters').";

nlohmann::json points_json(const std::string& file, std::uint64_t seed, const std::vector<PointReport>& points,
                           const CheckedProgram& program) {
  nlohmann::json all = nlohmann::json::array();
  bool passed = true;
  for (const PointReport& p : points) {
    nlohmann::json j = {{"at", p.at}, {"origin", p.given ? "given" : "random"}};
    if (!p.skipped.empty()) {
      j["skipped"] = p.skipped;
    } else {
      j["skipped"] = nullptr;
      j.update(report_json(p.report, program));
      passed = passed && p.report.passed();
    }
    all.push_back(j);
  }
  return {{"file", file}, {"passed", passed}, {"seed", seed}, {"points", all}};
}

void print_report(std::ostream& out, const VerifyReport& report) {
  if (!report.differentiable()) {
    // (an unbounded reference enclosure: its reason starts "cannot certify: ")
    out << (report.reference.cannot_certify ? "at this point: " : "not differentiable at this point: ")
        << report.reference.reason << "\n";
    return;
  }
  int mode_width = 6;
  for (const VerifyCase& c : report.cases)
    if (c.compiled) mode_width = 14;
  out << std::left << std::setw(mode_width) << "mode" << std::setw(11) << "sums" << std::setw(20)
      << "verdict" << std::setw(14) << "discrepancy" << std::setw(10) << "gap" << "detail\n";
  for (const VerifyCase& c : report.cases)
    out << std::setw(mode_width) << (chad_mode_name(c.mode) + std::string(c.compiled ? "-compiled" : ""))
        << std::setw(11) << sums_strategy_name(c.sums)
        << std::setw(20) << verdict_name(c.verdict) << std::setw(14) << c.discrepancy
        << std::setw(10) << c.gap << c.detail << "\n";
  if (report.by_relation) {
    out << (report.passed() ? "PASS" : "FAIL")
        << ": the logical relation, in intervals, along one curve through the input (the output holds "
           "a function or a stream, so there is no Jacobian)\n";
    return;
  }
  // Every failing case undecided (an enclosure wider than double: oracle/wider_than_double.hpp) is
  // `fail-numeric`, as the campaign says, not a fail.
  bool undecided_only = !report.passed();
  for (const VerifyCase& c : report.cases)
    if (is_failure(c.verdict) && c.verdict != Verdict::FailNumeric) undecided_only = false;
  out << (report.passed() ? "PASS" : undecided_only ? "FAIL-NUMERIC (the interval check cannot decide)" : "FAIL")
      << ": worst discrepancy "
      << report.worst_discrepancy()
      << " (relative distance of midpoints) against the certified interval reference\n";
}

// --adapter: one line per point (or one JSON object), the shrunk input and its report (--out),
// and the exit code.
int report_adapter_points(const CommonOptions& options, std::uint64_t seed, const std::string& command,
                          const AdapterHello& hello, const std::vector<AdapterPointReport>& points,
                          const std::optional<AdapterInputReport>& report, const std::string& out) {
  bool any_failed = false;
  std::size_t skipped = 0;
  for (const AdapterPointReport& p : points) {
    skipped += !p.skipped.empty();
    any_failed = any_failed || (p.skipped.empty() && is_failure(p.outcome.verdict));
  }
  if (options.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const AdapterPointReport& p : points) {
      nlohmann::json j = {{"at", p.at}, {"origin", p.given ? "given" : "random"}};
      if (!p.skipped.empty()) {
        j["skipped"] = p.skipped;
      } else {
        j["skipped"] = nullptr;
        j["verdict"] = verdict_name(p.outcome.verdict);
        j["error"] = p.outcome.error;
        j["detail"] = p.outcome.detail;
      }
      all.push_back(j);
    }
    std::cout << nlohmann::json{{"file", options.file},
                                {"adapter", command},
                                {"tool", hello.tool},
                                {"version", hello.version},
                                {"precision", precision_name(hello.precision)},
                                {"passed", !any_failed},
                                {"seed", seed},
                                {"points", all},
                                {"shrunk", report ? nlohmann::json{{"point", report->point},
                                                                   {"original", report->original},
                                                                   {"input", report->shrink.input},
                                                                   {"original_nodes", report->shrink.original_nodes},
                                                                   {"nodes", report->shrink.nodes},
                                                                   {"candidates", report->shrink.candidates},
                                                                   {"verdict", report->verdict}}
                                                  : nlohmann::json(nullptr)},
                                {"report", report ? nlohmann::json(out) : nlohmann::json(nullptr)},
                                {"replay", report ? nlohmann::json("chad-oracle replay " + shell_quoted(out))
                                                  : nlohmann::json(nullptr)}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "tool: " << hello.tool << " " << hello.version << ", " << precision_name(hello.precision) << "\n";
    std::cout << std::left << std::setw(8) << "origin" << std::setw(13) << "verdict" << std::setw(14) << "error"
              << "at / detail\n";
    for (const AdapterPointReport& p : points) {
      std::cout << std::setw(8) << (p.given ? "given" : "random")
                << std::setw(13) << (p.skipped.empty() ? verdict_name(p.outcome.verdict) : "not-judged")
                << std::setw(14) << (p.skipped.empty() ? p.outcome.error : 0.0) << p.at << "\n";
      const std::string& detail = p.skipped.empty() ? p.outcome.detail : p.skipped;
      if (!detail.empty()) std::cout << std::string(35, ' ') << detail << "\n";
    }
    const bool given = points.front().given;
    std::cout << "== " << (any_failed ? "FAILED" : "PASSED") << " at " << points.size() - skipped << " of "
              << points.size() << " points (" << (given ? "the given one and " : "")
              << points.size() - (given ? 1 : 0) << " random, seed " << seed << "; " << skipped << " not judged)\n";
    if (report)
      std::cout << "shrunk input " << report->point << " from " << report->shrink.original_nodes << " to " << report->shrink.nodes
                << " term nodes, the program fixed: " << report->shrink.input << "\nreport: " << out
                << "\nreplay: chad-oracle replay " << shell_quoted(out) << "\n";
  }
  if (any_failed) return kExitCheckFailed;
  return !points.front().given || points.front().skipped.empty() ? kExitOk : kExitNotDifferentiable;
}

// What `verify --inputs` was asked, for its lines, its report and its replay commands.
struct InputsRun {
  std::string file;
  int count = 3;
  std::uint64_t seed = 1;
  std::string mutant;
  bool compiled = false;
  std::string out;  // the report directory, or empty
  FunctionsStrategy functions = kDefaultFunctionsStrategy;
  std::string command() const {
    return "chad-oracle verify " + shell_quoted(file) + " --inputs " + std::to_string(count) + " --seed " +
           std::to_string(seed) + (mutant.empty() ? "" : " --mutant " + mutant) + (compiled ? " --compiled" : "") +
           " --functions " + functions_strategy_name(functions);
  }
};

// One line for a point: its number, origin and size, its verdict, its input.
std::string point_line(const PointReport& p, std::size_t number) {
  std::ostringstream line;
  line << "input " << number << " (" << (p.given ? "given" : "size " + std::to_string(p.depth)) << "): ";
  if (!p.skipped.empty())
    line << "skipped: " << p.skipped;
  else if (!p.report.differentiable())
    line << "not differentiable: " << p.report.reference.reason;
  else if (std::optional<VerifyFailure> f = first_verify_failure(p.report))
    line << "FAIL (" << chad_mode_name(f->mode) << (f->compiled ? "-compiled " : " ") << sums_strategy_name(f->sums)
         << ": " << verdict_name(f->verdict) << ")";
  else
    line << "pass, worst discrepancy " << p.report.worst_discrepancy();
  line << ": " << p.at;
  return line.str();
}

// Writes the counterexample report of a shrunk input into run.out, as a campaign does (the
// campaign's check of the program at the shrunk input; replay_report re-checks it the same way).
// Returns the report's verdict.
std::string write_input_report(const InputsRun& run, const std::string& program_text, const VerifyInputsResult& result,
                               const CompilerOptions& compiler) {
  const ShrunkVerifyInput& shrunk = *result.shrunk;
  CampaignOptions campaign;
  campaign.seed = run.seed;
  campaign.functions = run.functions;
  use_mutant_option(campaign, run.mutant, false);
  if (shrunk.failure.compiled) {
    auto compiled = std::make_shared<CompiledCampaignOptions>();
    compiled->compiler = compiler;
    campaign.implementation = Implementation::ChadCompiled;
    campaign.compiled = compiled;
  }
  return write_shrunk_input_report(campaign, run.mutant, program_text, shrunk.point, result.points[shrunk.point].at,
                                   shrunk.shrink, run.command(), run.out);
}

// `verify` without --adapter: the points (streamed as they are judged), the shrunk input, the
// report and the summary; returns the exit code.
int run_inputs(const CommonOptions& options, const InputsRun& run, const CheckedProgram& program,
               const std::optional<std::string>& given, const CompilerOptions* compiler) {
  CampaignOptions mutated;
  mutated.functions = run.functions;
  use_mutant_option(mutated, run.mutant, false);  // (a mutant may fix its functions strategy)
  VerifyInputsOptions o;
  o.count = run.count;
  o.seed = run.seed;
  o.rules = mutated.rules;
  o.faults = mutated.faults;
  o.compiler = compiler;
  o.functions = mutated.functions;
  const bool progress = !options.json && isatty(STDOUT_FILENO) && run.count > 50;
  std::size_t seen = 0, passed = 0;
  o.on_point = [&](const PointReport& p) {
    ++seen;
    passed += p.skipped.empty() && p.report.passed();
    if (options.json) return;
    const bool failing = p.skipped.empty() && p.report.failed();
    if (progress && !failing && !p.given) {
      std::cerr << "\rinput " << seen << " of " << run.count + (given ? 1 : 0) << ": " << passed << " passed"
                << std::flush;
      return;
    }
    if (progress) std::cerr << "\n";
    if (p.given) {
      std::cout << "== given point: " << p.at << "\n";
      print_report(std::cout, p.report);
      return;
    }
    std::cout << point_line(p, seen - 1) << "\n";
    if (failing) print_report(std::cout, p.report);
  };
  const std::string& program_text = loaded_program_text(options.file);
  const VerifyInputsResult result = verify_inputs(program, program_text, given, o);
  if (progress) std::cerr << "\n";
  const std::vector<PointReport>& reports = result.points;
  bool any_failed = false, all_passed = true;
  std::size_t skipped = 0, not_judged = 0;
  for (const PointReport& p : reports) {
    if (!p.skipped.empty()) {
      ++skipped;
      continue;
    }
    any_failed = any_failed || p.report.failed();
    all_passed = all_passed && p.report.passed();
    not_judged += !p.report.failed() && !p.report.passed();
  }
  std::string replay, report_verdict;
  if (result.shrunk) {
    if (!run.out.empty()) {
      report_verdict = write_input_report(run, program_text, result, compiler ? *compiler : CompilerOptions{});
      replay = "chad-oracle replay " + shell_quoted(run.out);
    } else {
      replay = "chad-oracle verify " + shell_quoted(options.file) + " --at " + shell_quoted(result.shrunk->shrink.input) +
               " --inputs 0" + (run.mutant.empty() ? "" : " --mutant " + run.mutant) + (run.compiled ? " --compiled" : "");
    }
  }
  if (options.json) {
    nlohmann::json j = points_json(options.file, run.seed, reports, program);
    for (std::size_t k = 0; k < reports.size(); ++k)
      j["points"][k]["size"] = reports[k].given ? nlohmann::json(nullptr) : nlohmann::json(reports[k].depth);
    j["inputs"] = run.count;
    j["mutant"] = run.mutant;
    j["shrunk"] = nullptr;
    if (result.shrunk) {
      const ShrunkVerifyInput& s = *result.shrunk;
      nlohmann::json shrunk = {{"point", s.point},
                               {"original", reports[s.point].at},
                               {"input", s.shrink.input},
                               {"original_nodes", s.shrink.original_nodes},
                               {"nodes", s.shrink.nodes},
                               {"candidates", s.shrink.candidates},
                               {"mode", chad_mode_name(s.failure.mode)},
                               {"sums", sums_strategy_name(s.failure.sums)},
                               {"compiled", s.failure.compiled},
                               {"verdict", verdict_name(s.failure.verdict)}};
      shrunk.update(report_json(s.report, program));
      j["shrunk"] = shrunk;
    }
    j["report"] = result.shrunk && !run.out.empty() ? nlohmann::json(run.out) : nlohmann::json(nullptr);
    j["replay"] = replay.empty() ? nlohmann::json(nullptr) : nlohmann::json(replay);
    std::cout << j.dump(2) << "\n";
  } else {
    if (result.shrunk) {
      const ShrunkVerifyInput& s = *result.shrunk;
      std::cout << "== input " << s.point << " shrunk with the program fixed (" << s.shrink.candidates
                << " candidates; " << s.shrink.original_nodes << " -> " << s.shrink.nodes
                << " term nodes): " << s.shrink.input << "\n";
      print_report(std::cout, s.report);
      if (!run.out.empty())
        std::cout << "counterexample report in " << run.out << "/ (the campaign's check there: " << report_verdict
                  << ")\n";
    }
    const std::size_t random = reports.size() - (given ? 1 : 0);
    if (any_failed)
      std::cout << "== FAILED at input " << reports.size() - 1 << " (" << (given ? "the given one and " : "") << random
                << " random judged, seed " << run.seed << "; " << skipped << " skipped; stopped at the first failure)\n";
    else if (all_passed)
      std::cout << "== PASSED at " << reports.size() - skipped << " of " << reports.size() << " points ("
                << (given ? "the given one and " : "") << random << " random, seed " << run.seed << "; " << skipped
                << " skipped)\n";
    else  // (each point is counted once: a passed point is not called not differentiable)
      std::cout << "== NOT JUDGED at " << not_judged << " of " << reports.size()
                << " points (not differentiable there, or the reference cannot certify; "
                << (given ? "the given one and " : "") << random << " random, seed " << run.seed << "; passed at "
                << reports.size() - skipped - not_judged << ", " << skipped << " skipped)\n";
    if (!replay.empty()) std::cout << "replay: " << replay << "\n";
  }
  if (any_failed) return kExitCheckFailed;
  if (given && !reports.front().report.differentiable()) return kExitNotDifferentiable;
  return all_passed ? kExitOk : kExitNotDifferentiable;
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto at = std::make_shared<std::string>();
  auto points = std::make_shared<int>(3);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto compiled = std::make_shared<bool>(false);
  auto compiler = std::make_shared<CompilerOptions>();
  CLI::App* cmd = add_point_command(
      app, "verify",
      "Check CHAD (both modes, every sums strategy) against the certified reference, at the given "
      "point and at random points",
      *options, *at);
  cmd->footer(kVerifyColumns);
  cmd->add_option("--inputs,--points", *points,
                  "random inputs of the input type checked beside the given point (if any), sizes growing; "
                  "the first failing one is shrunk with the program fixed")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--seed", *seed, "seed of the random inputs")->check(CLI::NonNegativeNumber)->capture_default_str();
  auto mutant = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("--mutant", *mutant, "inject a fault into CHAD: a catalogued mutant (`chad-oracle mutants`)");
  cmd->add_option("--out", *out,
                  "write the counterexample report of a shrunk failing input here (as a campaign's; "
                  "`chad-oracle replay DIR` re-checks it)");
  cmd->add_flag("--compiled", *compiled,
                "also check CHAD's compiled kernels (fwd and rev, every sums strategy, in double)");
  add_compiler_options(*cmd, *compiler);
  auto functions = std::make_shared<std::string>();
  add_functions_option(*cmd, *functions);
  auto adapter = std::make_shared<std::string>();
  auto adapter_timeout = std::make_shared<double>(30);
  add_adapter_options(*cmd, *adapter, *adapter_timeout);
  auto order = std::make_shared<int>(1);
  cmd->add_option("--order", *order,
                  "2: CHAD differentiated twice (forward over reverse, forward over forward, every sums strategy), "
                  "or with --adapter the tool's hvp and hessian, against the certified Hessian at the given point "
                  "(no random inputs)")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  cmd->callback([options, at, points, seed, compiled, compiler, functions, adapter, adapter_timeout, mutant, out,
                 order, &exit_code] {
    exit_code = run_command(*options, [&] {
      if (*order == 2) {
        CampaignOptions campaign;
        campaign.order = 2;
        use_mutant_option(campaign, *mutant, false);
        if (!adapter->empty()) {  // the tool's hvp and hessian (adapter_client/adapter_order2_check.hpp)
          if (!mutant->empty()) throw SourceError(command_line_loc(), "--mutant injects a fault into CHAD: not with --adapter");
          campaign.implementation = Implementation::Adapter;
          campaign.adapter = start_adapter(*adapter, *adapter_timeout);
        }
        return verify_order2(options->file, *at, campaign, options->json);
      }
      CheckedProgram program = load_program(options->file);
      if (!adapter->empty()) {
        if (!mutant->empty())
          throw SourceError(command_line_loc(),
                            "--mutant injects a fault into CHAD: not with --adapter");
        if (!is_data_type(program.output_type))
          throw SourceError(entry_point(program.program).loc,
                            "--adapter: the output type is not a data type (an adapter answers over normal forms)");
        CampaignOptions campaign;
        campaign.implementation = Implementation::Adapter;
        campaign.seed = *seed;
        campaign.adapter = start_adapter(*adapter, *adapter_timeout);
        const AdapterHello hello = campaign.adapter->hello();
        // --inputs needs no given point: without --at and a `-- at:` line, random inputs alone.
        std::optional<std::string> given;
        try {
          given = point_text(program, *at, options->json);
        } catch (const SourceError&) {
          if (!at->empty() || *points == 0) throw;
        }
        const std::vector<AdapterPointReport> judged =
            verify_adapter_at_points(campaign, loaded_program_text(options->file), program, given, *points, *seed);
        if (judged.empty()) throw SourceError(entry_point(program.program).loc, "--inputs: main's input holds no real to draw");
        std::optional<AdapterInputReport> report;
        if (!out->empty())
          report = write_adapter_input_report(
              campaign, loaded_program_text(options->file), judged, *out,
              "chad-oracle verify " + shell_quoted(options->file) + " --adapter " + shell_quoted(*adapter) +
                  " --inputs " + std::to_string(*points) + " --seed " + std::to_string(*seed));
        return report_adapter_points(*options, *seed, *adapter, hello, judged, report, *out);
      }
      // --inputs needs no given point: without --at and a `-- at:` line, random inputs alone.
      std::optional<std::string> given;
      try {
        given = point_text(program, *at, options->json);
      } catch (const SourceError&) {
        if (!at->empty() || *points == 0) throw;  // --at @FILE that cannot be read; nothing to check
      }
      InputsRun run{options->file, *points, *seed, *mutant, *compiled, *out};
      run.functions = functions_option_value(*functions);
      return run_inputs(*options, run, program, given, *compiled ? compiler.get() : nullptr);
    });
  });
}

}  // namespace chad

// `chad-oracle verify FILE [--at VALUE] [--points N] [--seed S] [--compiled]`: CHAD in both
// modes and every sums strategy, in intervals (and with --compiled also CHAD's compiled kernels,
// in double, within the screen's tolerance), against the certified reference, at the given point (--at, or
// the file's `-- at:` line) and at N random points of the input type (oracle/verify.hpp); a
// table of verdicts and the worst discrepancy per point. Outputs holding functions or streams
// are judged by the logical relation instead. Exit 0 when every case passes, 1 on a mismatch
// or fault at any point, 2 when the given point is not differentiable (a random point where
// the program is not differentiable, or outside a primitive's domain, is skipped).
// `--adapter 'CMD'`: an outside AD tool instead of CHAD, judged at the same points by the
// adapter verdict (docs/adapter-protocol.md): pass, fail, skip, unsupported or fault per point;
// exit 1 on a fail or fault, 2 when the given point is not differentiable.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "adapter_options.hpp"
#include "command_context.hpp"
#include "compiler_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "references/jacobian_json.hpp"
#include "oracle/verify.hpp"
#include "point_option.hpp"

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
    "  verdict      pass, mismatch (a number is wrong), fault (CHAD's output is ill-typed or fails\n"
    "               internally), not-differentiable (a comparison ties at this point)\n"
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
    "               the reference [c, d]`, the primal coordinate, or the fault's message); empty on pass\n"
    "The reference is the certified interval Jacobian (jacobian --method interval). --json: one object\n"
    "(docs/schemas/verify.schema.json); rows and columns of each Jacobian are labelled by their path in\n"
    "the value (row_labels: out..., col_labels: the parameters').";

bool failed(const VerifyReport& report) {
  for (const VerifyCase& c : report.cases)
    if (c.verdict == Verdict::Mismatch || c.verdict == Verdict::Fault) return true;
  return false;
}

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
    out << "not differentiable at this point: " << report.reference.reason << "\n";
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
  out << (report.passed() ? "PASS" : "FAIL") << ": worst discrepancy "
      << report.worst_discrepancy()
      << " (relative distance of midpoints) against the certified interval reference\n";
}

// --adapter: one line per point (or one JSON object), and the exit code.
int report_adapter_points(const CommonOptions& options, std::uint64_t seed, const std::string& command,
                          const AdapterHello& hello, const std::vector<AdapterPointReport>& points) {
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
        j["verdict"] = campaign_verdict_name(p.outcome.verdict);
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
                                {"points", all}}
                     .dump(2)
              << "\n";
  } else {
    std::cout << "tool: " << hello.tool << " " << hello.version << ", " << precision_name(hello.precision) << "\n";
    std::cout << std::left << std::setw(8) << "origin" << std::setw(13) << "verdict" << std::setw(14) << "error"
              << "at / detail\n";
    for (const AdapterPointReport& p : points) {
      std::cout << std::setw(8) << (p.given ? "given" : "random")
                << std::setw(13) << (p.skipped.empty() ? campaign_verdict_name(p.outcome.verdict) : "not-judged")
                << std::setw(14) << (p.skipped.empty() ? p.outcome.error : 0.0) << p.at << "\n";
      const std::string& detail = p.skipped.empty() ? p.outcome.detail : p.skipped;
      if (!detail.empty()) std::cout << std::string(35, ' ') << detail << "\n";
    }
    std::cout << "== " << (any_failed ? "FAILED" : "PASSED") << " at " << points.size() - skipped << " of "
              << points.size() << " points (the given one and " << points.size() - 1 << " random, seed " << seed
              << "; " << skipped << " not judged)\n";
  }
  if (any_failed) return kExitCheckFailed;
  return points.front().skipped.empty() ? kExitOk : kExitNotDifferentiable;
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
  cmd->add_option("--points", *points, "random points of the input type checked beside the given one")
      ->check(CLI::Range(0, 1000))
      ->capture_default_str();
  cmd->add_option("--seed", *seed, "seed of the random points")->capture_default_str();
  cmd->add_flag("--compiled", *compiled,
                "also check CHAD's compiled kernels (fwd and rev, every sums strategy, in double)");
  add_compiler_options(*cmd, *compiler);
  auto adapter = std::make_shared<std::string>();
  auto adapter_timeout = std::make_shared<double>(30);
  add_adapter_options(*cmd, *adapter, *adapter_timeout);
  cmd->callback([options, at, points, seed, compiled, compiler, adapter, adapter_timeout, &exit_code] {
    exit_code = run_command(*options, [&] {
      CheckedProgram program = load_program(options->file);
      if (!adapter->empty()) {
        if (!is_data_type(program.output_type))
          throw SourceError(entry_point(program.program).loc,
                            "--adapter: the output type is not a data type (an adapter answers over normal forms)");
        CampaignOptions campaign;
        campaign.implementation = Implementation::Adapter;
        campaign.adapter = start_adapter(*adapter, *adapter_timeout);
        const AdapterHello hello = campaign.adapter->hello();
        const std::vector<AdapterPointReport> judged =
            verify_adapter_at_points(campaign, loaded_program_text(options->file), program,
                                     point_text(program, *at, options->json), *points, *seed);
        return report_adapter_points(*options, *seed, *adapter, hello, judged);
      }
      std::vector<PointReport> reports =
          verify_at_points(program, point_text(program, *at, options->json), *points, *seed, nullptr,
                           *compiled ? compiler.get() : nullptr);
      if (options->json) {
        std::cout << points_json(options->file, *seed, reports, program).dump(2) << "\n";
      } else {
        for (const PointReport& p : reports) {
          std::cout << "== " << (p.given ? "given point" : "random point") << ": " << p.at << "\n";
          if (p.skipped.empty())
            print_report(std::cout, p.report);
          else
            std::cout << "skipped: " << p.skipped << "\n";
        }
      }
      bool any_failed = false, all_passed = true;
      std::size_t skipped = 0;
      for (const PointReport& p : reports) {
        if (!p.skipped.empty()) {
          ++skipped;
          continue;
        }
        any_failed = any_failed || failed(p.report);
        all_passed = all_passed && p.report.passed();
      }
      if (!options->json)
        std::cout << "== " << (any_failed ? "FAILED" : all_passed ? "PASSED" : "NOT DIFFERENTIABLE")
                  << " at " << reports.size() - skipped << " of " << reports.size()
                  << " points (the given one and " << reports.size() - 1 << " random, seed " << *seed
                  << "; " << skipped << " skipped)\n";
      if (any_failed) return kExitCheckFailed;
      if (!reports.front().report.differentiable()) return kExitNotDifferentiable;
      return all_passed ? kExitOk : kExitNotDifferentiable;
    });
  });
}

}  // namespace chad

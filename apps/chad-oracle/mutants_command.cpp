// `chad-oracle mutants [--seed S] [--count N] [--only NAME] [--jobs J] [--out DIR] [--compiled]
// [--json] [--quiet]`: a campaign against each mutant of the catalogue until its first `fail`, shrunk and blamed
// (mutants/kill_matrix.hpp), printed as the kill matrix. --out DIR writes mutants.md,
// mutants.json and a counterexample report per killed mutant (DIR/reports/NAME). Worker
// processes take the mutants in turn. --quiet prints only the totals. Exit 0 when every mutant
// is killed, 1 otherwise.
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>

#include "command_context.hpp"
#include "compiler_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "mutants/kill_matrix.hpp"
#include "point_option.hpp"
#include "oracle/compiled_check.hpp"
#include "reports/counterexample.hpp"
#include "reports/written_file.hpp"

namespace chad {
namespace {

namespace fs = std::filesystem;

struct MutantsArgs {
  std::uint64_t seed = 1;
  std::size_t count = 2000;
  std::string only, out;
  int jobs = 1;
  bool compiled = false;     // --compiled: hunt with CHAD's output compiled to native code
  bool no_shrink = false;    // --no-shrink: find each killing program only
  bool quiet = false;        // --quiet: only the totals, no progress line
  CompilerOptions compiler;  // with --compiled
  std::string functions;     // --functions: CHAD's functions strategy (a mutant may fix its own)
};

// Each mutant is hunted at its own order (Mutant::order: a campaign at order 2 for one right at
// first order and wrong at second). With --compiled, the mutants of the interpreter (evaluator
// helpers, its derivative table) and those of order 2 are left out: compiled kernels do not run
// that code, nor are they differentiated twice (the code generator's own faults are
// `campaign --codegen-fault`).
bool applies(const Mutant& m, const MutantsArgs& a) {
  if (a.compiled && m.order != 1) return false;
  return !a.compiled || m.faults.evaluator == EvaluatorFault::None;
}

std::vector<const Mutant*> chosen(const MutantsArgs& a) {
  std::vector<const Mutant*> list;
  for (const Mutant& m : mutant_catalogue())
    if ((a.only.empty() || m.name == a.only) && applies(m, a)) list.push_back(&m);
  if (list.empty()) {
    std::string known;
    for (const Mutant& k : mutant_catalogue()) known += (known.empty() ? "" : ", ") + k.name;
    throw SourceError(command_line_loc(), "--only: unknown mutant `" + a.only + "` (known: " + known + ")");
  }
  return list;
}

void write_kill_report(const std::string& dir, const MutantKill& k, const CampaignOptions& base) {
  if (!k.killed) return;
  CampaignOptions options = base;
  use_mutant(options, *find_mutant(k.name));
  write_report((fs::path(dir) / "reports" / k.name).string(),
               Counterexample{base.seed, k.index, k.name, options, k.outcome, k.original_size, k.counterexample_size});
}

// Runs the mutants in `jobs` worker processes (mutant i in worker i mod jobs); each worker
// writes its kills, one JSON line each, to a file the parent reads back.
std::vector<MutantKill> run_workers(const std::vector<const Mutant*>& mutants, const CampaignOptions& base,
                                    const MutantsArgs& a) {
  const bool progress = isatty(STDERR_FILENO) && !a.quiet;
  auto kill_one = [&](const Mutant* m) {
    if (progress) std::cerr << "\r\033[K" << m->name << " ..." << std::flush;
    MutantKill k = kill_mutant(*m, base, !a.no_shrink);
    if (!a.out.empty()) write_kill_report(a.out, k, base);
    return k;
  };
  std::vector<MutantKill> kills;
  if (a.jobs <= 1) {
    for (const Mutant* m : mutants) kills.push_back(kill_one(m));
  } else {
    const fs::path scratch = fs::temp_directory_path() / ("chad-mutants-" + std::to_string(getpid()));
    fs::create_directories(scratch);
    std::vector<pid_t> children;
    for (int w = 0; w < a.jobs; ++w) {
      std::cout.flush();
      pid_t pid = fork();
      if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int code = 0;
        try {
          std::ofstream out(scratch / ("worker-" + std::to_string(w) + ".jsonl"));
          for (std::size_t i = std::size_t(w); i < mutants.size(); i += std::size_t(a.jobs))
            out << kill_json(kill_one(mutants[i])).dump() << "\n" << std::flush;
        } catch (const std::exception& e) {
          std::cerr << "worker " << w << ": " << e.what() << "\n";
          code = kExitInternalError;
        }
        _exit(code);
      }
      children.push_back(pid);
    }
    int failed = 0;
    for (pid_t pid : children) {
      int status = 0;
      waitpid(pid, &status, 0);
      failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    std::map<std::string, MutantKill> by_name;
    for (int w = 0; w < a.jobs; ++w) {
      std::ifstream in(scratch / ("worker-" + std::to_string(w) + ".jsonl"));
      for (std::string line; std::getline(in, line);) {
        MutantKill k = kill_from_json(nlohmann::json::parse(line));
        by_name[k.name] = k;
      }
    }
    fs::remove_all(scratch);
    if (failed) throw InternalError(std::to_string(failed) + " mutant worker(s) failed");
    for (const Mutant* m : mutants) kills.push_back(by_name.at(m->name));
  }
  if (progress) std::cerr << "\r\033[K" << std::flush;
  return kills;
}

void print_totals(std::ostream& out, const std::vector<MutantKill>& kills, std::size_t count) {
  const KillTotals t = kill_totals(kills);
  out << t.killed << " of " << t.mutants << " mutants killed (at most " << t.max_programs
      << " programs each); median counterexample " << t.median_counterexample_size << " term nodes; blame named "
      << "the mutated rule for " << t.blame_correct << " of " << t.killed << " kills\n"
      << describe_programs_to_kill(t, count) << "\n";
}

void print_matrix(std::ostream& out, const std::vector<MutantKill>& kills, std::size_t count) {
  // Columns as wide as their longest entry and two spaces (a rule's name runs to 50 characters).
  std::size_t name_width = 6, rule_width = 4;
  for (const MutantKill& k : kills) {
    name_width = std::max(name_width, k.name.size());
    rule_width = std::max(rule_width, k.rule.size());
  }
  const int name_column = int(name_width) + 2, rule_column = int(rule_width) + 2;
  out << std::left << std::setw(name_column) << "mutant" << std::setw(rule_column) << "rule" << std::setw(8) << "killed"
      << std::setw(10) << "programs" << std::setw(9) << "seconds" << std::setw(6) << "size"
      << "blame\n";
  for (const MutantKill& k : kills)
    out << std::setw(name_column) << k.name << std::setw(rule_column) << k.rule << std::setw(8) << (k.killed ? "yes" : "NO")
        << std::setw(10) << k.programs << std::setw(9) << std::fixed << std::setprecision(2) << k.seconds << std::defaultfloat
        << std::setw(6) << (k.killed ? std::to_string(k.counterexample_size) : "-")
        << (k.killed && k.shrunk
                ? (k.blame_correct ? "right" : "wrong: " + (k.blame.found ? k.blame.rule : std::string("none")))
                : "-")
        << "\n";
  print_totals(out, kills, count);
}

}  // namespace

void add_mutants_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto args = std::make_shared<MutantsArgs>();
  CLI::App* cmd = app.add_subcommand("mutants", "Run a campaign against every mutant of CHAD and print the kill matrix");
  cmd->add_option("--seed", args->seed, "the campaigns' seed (default 1)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--count", args->count, "programs per mutant at most (default 2000)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--only", args->only, "run one mutant");
  cmd->add_option("--jobs", args->jobs, "worker processes (default 1)")->check(CLI::Range(1, 256));
  cmd->add_option("--out", args->out, "write mutants.md, mutants.json and a report per killed mutant here");
  cmd->add_flag("--compiled", args->compiled,
                "judge the compiled path: each mutant's CHAD output compiled to native code (campaign "
                "--implementation chad-compiled)");
  add_compiler_options(*cmd, args->compiler);
  add_functions_option(*cmd, args->functions);
  cmd->add_flag("--no-shrink", args->no_shrink, "find each mutant's killing program without shrinking and blaming it");
  cmd->add_flag("--json", options->json, "print the kill matrix as one JSON object");
  cmd->add_flag("--quiet", args->quiet, "print only the totals (no line per mutant, no progress line)");
  cmd->callback([options, args, &exit_code] {
    exit_code = run_command(*options, [&] {
      CampaignOptions base;
      base.seed = args->seed;
      base.count = args->count;
      base.functions = functions_option_value(args->functions);
      if (args->compiled) {
        auto compiled = std::make_shared<CompiledCampaignOptions>();
        compiled->compiler = args->compiler;
        base.implementation = Implementation::ChadCompiled;
        base.compiled = compiled;
      }
      std::vector<MutantKill> kills = run_workers(chosen(*args), base, *args);
      const nlohmann::json j = kill_matrix_json(kills, base);
      if (!args->out.empty()) {
        fs::create_directories(args->out);
        write_text_file(fs::path(args->out) / "mutants.json", j.dump(2) + "\n");
        write_text_file(fs::path(args->out) / "mutants.md", kill_matrix_markdown(kills, base));
      }
      if (options->json)
        std::cout << j.dump(2) << "\n";
      else if (args->quiet)
        print_totals(std::cout, kills, base.count);
      else
        print_matrix(std::cout, kills, base.count);
      const KillTotals t = kill_totals(kills);
      return t.killed == t.mutants ? kExitOk : kExitCheckFailed;
    });
  });
}

}  // namespace chad

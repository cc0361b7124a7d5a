// `chad-oracle campaign`: generate programs from a seed and check CHAD on each against the
// reference (oracle/campaign.hpp). Options: --seed, --count or --time, --max-size, --features,
// --modes, --sums, --jobs (worker processes), --shard I/N|auto|auto/N (disjoint,
// deterministic parts of one campaign; auto reads a Slurm array's or a Kubernetes Indexed Job's
// index: shard_option.hpp), --out DIR (log.jsonl, summary.json, summary.md, and failures/INDEX/ with a shrunk
// counterexample report for each failure; a re-run with the same arguments resumes from the
// log), --only INDEX (check and print one program), --mutant NAME (inject a catalogued fault),
// --implementation chad|sd-rev (the AD under test: CHAD, or string-diagram reverse AD on its
// fragment, whose faults --mutant then names), --cross-check fd:RATE (oracle/fd_cross_check.hpp),
// --json, --quiet (only the final summary). A progress line on a terminal; failures are printed one
// line per failure class (reports/failure_classes.hpp), not one per program. Every worker is a
// child process (also with --jobs 1): a program whose check kills it (a signal) is logged as
// `crash` with its replay command, and a new worker goes on after it; failures (fail, fail-numeric, fault) are shrunk and reported
// in child processes too. Exit 0 when nothing failed, faulted or crashed, 1 otherwise; 3 when the
// --out directory cannot be written (read-only, full, an I/O error: the logs so far are kept for a
// resume), is busy with another campaign, or holds a campaign with other parameters
// (campaign.json, apps/chad-oracle/campaign_parameters.hpp).
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "campaign_files.hpp"
#include "campaign_parameters.hpp"
#include "child_process.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "diagrams/faults.hpp"
#include "oracle/campaign_log.hpp"
#include "mutants/mutants.hpp"
#include "mutants/test_faults.hpp"
#include "oracle/shrink.hpp"
#include "reports/counterexample.hpp"
#include "reports/failure_classes.hpp"
#include "compiler_options.hpp"
#include "oracle/compiled_check.hpp"
#include "oracle/cost_check.hpp"
#include "adapter_options.hpp"
#include "point_option.hpp"
#include "worker_markers.hpp"
#include "shard_option.hpp"
#include "sizes_option.hpp"
#include "mutant_option.hpp"

namespace chad {
namespace {

struct CampaignArgs {
  std::uint64_t seed = 1;
  std::size_t count = 1000;
  double time = 0;
  int max_size = 20;
  std::string features, modes = "fwd,rev", sums = "biproduct,lifted,zero-fn", shard = "0/1", out, mutant;
  std::string implementation = "chad";
  std::string codegen_fault;  // chad-compiled: a fault of the code generator
  std::size_t batch = 32;     // chad-compiled: programs per translation unit
  CompilerOptions compiler;   // chad-compiled: --cxx, --cxxflags, --cache-dir
  std::string adapter;          // adapter: the adapter's command line
  double adapter_timeout = 30;  // adapter: seconds per answer
  std::string cross_check;  // "fd:RATE"
  std::string check = "derivative";  // --check: derivative, cost (oracle/cost_check.hpp)
  std::string cost_sizes = cost_sizes_text(CostCheckOptions{}.sizes);
  double cost_ratio = CostCheckOptions{}.max_ratio, cost_slack = CostCheckOptions{}.exponent_slack;
  int reports = 5;
  int jobs = 1;
  long only = -1;
  bool quiet = false;  // only the final summary: no progress, no failure classes, no report lines
  std::string functions = functions_strategy_name(kDefaultFunctionsStrategy);  // --functions
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty()) parts.push_back(item);
  return parts;
}

// The generator features of string-diagram AD's fragment (reals, arrays, products, functions).
constexpr const char* kStringDiagramFeatures = "none,functions,arrays,partial";

// "fd:RATE" with RATE in [0, 1].
double parse_cross_check_option(const std::string& text) {
  if (text.rfind("fd:", 0) == 0) {
    try {
      std::size_t used = 0;
      const double rate = std::stod(text.substr(3), &used);
      if (used == text.size() - 3 && rate >= 0 && rate <= 1) return rate;
    } catch (const std::exception&) {
    }
  }
  throw SourceError(command_line_loc(), "--cross-check: expected fd:RATE with 0 <= RATE <= 1, found `" + text + "`");
}

// --check derivative,cost with --cost-sizes, --cost-ratio, --cost-slack.
void use_check_option(CampaignOptions& o, const CampaignArgs& a) {
  o.check_derivatives = false;
  bool cost = false;
  for (const auto& c : split(a.check)) {
    if (c == "derivative") o.check_derivatives = true;
    else if (c == "cost") cost = true;
    else throw SourceError(command_line_loc(), "--check: unknown check `" + c + "` (derivative, cost)");
  }
  if (!o.check_derivatives && !cost) throw SourceError(command_line_loc(), "--check needs at least one of derivative, cost");
  if (!cost) return;
  if (o.implementation != Implementation::Chad && o.implementation != Implementation::Adapter)
    throw SourceError(command_line_loc(),
                      "--check cost judges CHAD's derivative (counted) or an adapter's (timed): --implementation chad or adapter");
  auto options = std::make_shared<CostCheckOptions>();
  options->sizes = parse_sizes_option("--cost-sizes", a.cost_sizes, 3, true);
  if (!(a.cost_ratio >= 1)) throw SourceError(command_line_loc(), "--cost-ratio: expected a number >= 1");
  if (!(a.cost_slack >= 0)) throw SourceError(command_line_loc(), "--cost-slack: expected a number >= 0");
  options->max_ratio = a.cost_ratio;
  options->exponent_slack = a.cost_slack;
  o.cost = options;
}

CampaignOptions campaign_options(const CampaignArgs& a) {
  CampaignOptions o;
  o.seed = a.seed;
  o.count = a.count;
  o.max_size = a.max_size;
  if (a.implementation != "chad" && a.implementation != "sd-rev" && a.implementation != "chad-compiled" &&
      a.implementation != "adapter")
    throw SourceError(command_line_loc(),
                      "--implementation: unknown `" + a.implementation + "` (chad, chad-compiled, sd-rev, adapter)");
  const bool sd = a.implementation == "sd-rev";
  o.implementation = sd ? Implementation::StringDiagram : Implementation::Chad;
  if (a.implementation == "adapter") {
    o.implementation = Implementation::Adapter;
    o.adapter = start_adapter(a.adapter, a.adapter_timeout);
  } else if (!a.adapter.empty()) {
    throw SourceError(command_line_loc(), "--adapter needs --implementation adapter");
  }
  if (a.implementation == "chad-compiled") {
    o.implementation = Implementation::ChadCompiled;
    auto compiled = std::make_shared<CompiledCampaignOptions>();
    compiled->compiler = a.compiler;
    compiled->batch = std::max<std::size_t>(1, a.batch);
    if (!a.codegen_fault.empty()) {
      std::optional<CodegenFault> fault = parse_codegen_fault(a.codegen_fault);
      if (!fault)
        throw SourceError(command_line_loc(), "--codegen-fault: unknown `" + a.codegen_fault +
                                            "` (drop-linear-add-right, fold-tangents-skipped, case-branches-swapped)");
      compiled->fault = *fault;
    }
    o.compiled = compiled;
  } else if (!a.codegen_fault.empty()) {
    throw SourceError(command_line_loc(), "--codegen-fault needs --implementation chad-compiled");
  }
  try {
    // String-diagram AD covers the simply typed fragment: by default, generate only that.
    o.features = GeneratorFeatures::parse(sd && a.features.empty() ? std::string(kStringDiagramFeatures) : a.features);
    // The cost check grows the input's lists and trees: by default, every input has one.
    // Its cotangent is of a data-type output: by default, no function or stream outputs.
    if (a.features.empty() && a.check.find("cost") != std::string::npos) {
      o.features.inductive_input = true;
      o.features.higher_order = false;
    }
  } catch (const std::invalid_argument& e) {
    throw SourceError(command_line_loc(), std::string("--features: ") + e.what());
  }
  o.modes.clear();
  for (const auto& m : split(a.modes)) {
    if (m != "fwd" && m != "rev") throw SourceError(command_line_loc(), "--modes: unknown mode `" + m + "` (fwd, rev)");
    o.modes.push_back(m == "fwd" ? ChadMode::Forward : ChadMode::Reverse);
  }
  o.sums.clear();
  for (const auto& s : split(a.sums)) {
    auto parsed = parse_sums_strategy(s);
    if (!parsed) throw SourceError(command_line_loc(), "--sums: unknown strategy `" + s + "` (biproduct, lifted, zero-fn)");
    o.sums.push_back(*parsed);
  }
  if (o.modes.empty() || o.sums.empty()) throw SourceError(command_line_loc(), "--modes and --sums need at least one entry");
  o.functions = functions_option_value(a.functions);
  use_mutant_option(o, a.mutant, sd);
  if (!a.cross_check.empty()) o.cross_check_fd_rate = parse_cross_check_option(a.cross_check);
  use_check_option(o, a);
  return o;
}

void print_outcome(std::ostream& out, const ProgramOutcome& o) {
  out << "program " << o.index << " (seed " << o.seed << "): " << verdict_name(o.verdict)
      << (o.detail.empty() ? "" : ": " + o.detail) << "\n"
      << o.generated.program << "-- at: " << o.generated.input << "\n";
  for (const CheckOutcome& c : o.checks)
    out << "  " << chad_mode_name(c.mode) << " " << sums_strategy_name(c.sums) << ": "
        << verdict_name(c.verdict) << (c.detail.empty() ? "" : " (" + c.detail + ")") << "\n";
  if (o.cross_check != CrossCheck::NotChecked)
    out << "  cross-check with fd: " << cross_check_name(o.cross_check)
        << (o.cross_check_detail.empty() ? "" : " (" + o.cross_check_detail + ")") << "\n";
}

// The command that checks program `index` of this campaign alone.
std::string replay_command(const CampaignArgs& args, const CampaignOptions& options, std::size_t index) {
  return "chad-oracle campaign --seed " + std::to_string(args.seed) + " --max-size " + std::to_string(args.max_size) +
         (args.features.empty() ? "" : " --features " + args.features) +
         (args.implementation == "chad" ? "" : " --implementation " + args.implementation) +
         (args.mutant.empty() ? "" : " --mutant " + args.mutant) +
         (args.codegen_fault.empty() ? "" : " --codegen-fault " + args.codegen_fault) +
         (args.adapter.empty() ? "" : " --adapter " + shell_quoted(args.adapter)) +
         (args.cross_check.empty() ? "" : " --cross-check " + args.cross_check) + cost_check_flags(options) +
         (args.functions == functions_strategy_name(kDefaultFunctionsStrategy) ? "" : " --functions " + args.functions) +
         " --only " + std::to_string(index);
}

// A test hook, for the tests of the `crash` verdict only: with CHAD_ORACLE_TEST_CRASH_AT=INDEX
// (or INDEX:SIGNAL) in the environment, the worker that checks program INDEX raises SIGSEGV
// (or SIGNAL) after generating it. Nothing else reads this variable; `--only` ignores it.
struct TestCrash {
  std::size_t index;
  int signal;
};
std::optional<TestCrash> test_crash_hook() {
  const char* text = std::getenv("CHAD_ORACLE_TEST_CRASH_AT");
  if (!text || !*text) return std::nullopt;
  TestCrash crash{0, SIGSEGV};
  char* end = nullptr;
  crash.index = std::strtoull(text, &end, 10);
  if (*end == ':') crash.signal = int(std::strtol(end + 1, &end, 10));
  if (end == text || *end != '\0' || crash.signal <= 0 || crash.signal >= NSIG)
    throw SourceError(command_line_loc(), std::string("CHAD_ORACLE_TEST_CRASH_AT: expected INDEX or INDEX:SIGNAL, found `") +
                                        text + "`");
  return crash;
}

// Shrinks a failing program and writes its report to dir; returns a line saying so.
std::string report_failure(const CampaignArgs& args, const CampaignOptions& options, std::size_t index,
                           const std::string& dir) {
  const std::uint64_t seed = program_seed(options.seed, index);
  const ShrinkResult shrunk = shrink_campaign_failure(options, index).shrunk;
  Counterexample c{options.seed, index, args.mutant, options, check_case(options, shrunk.shrunk),
                   shrunk.original_size, shrunk.size};
  c.outcome.index = index;
  c.outcome.seed = seed;
  write_report(dir, c);
  return "program " + std::to_string(index) + ": shrunk from " + std::to_string(shrunk.original_size) +
         " to " + std::to_string(shrunk.size) + " term nodes (" + std::to_string(shrunk.candidates) +
         " candidates); report in " + dir + "/";
}

// What decides this campaign's log, for campaign.json (the shard apart): options as parsed.
CampaignParameters campaign_parameters(const CampaignArgs& args, const CampaignOptions& options, std::size_t shard,
                                       std::size_t shards) {
  nlohmann::json modes = nlohmann::json::array(), sums = nlohmann::json::array();
  for (ChadMode m : options.modes) modes.push_back(chad_mode_name(m));
  for (SumsStrategy s : options.sums) sums.push_back(sums_strategy_name(s));
  CampaignParameters p;
  p.campaign = {{"seed", args.seed},
                {"count", args.time > 0 && args.count == 0 ? 0 : args.count},
                {"max_size", args.max_size},
                {"features", options.features.describe()},
                {"modes", modes},
                {"sums", sums},
                {"functions", functions_strategy_name(options.functions)},
                {"implementation", args.implementation},
                {"mutant", args.mutant},
                {"codegen_fault", args.codegen_fault},
                {"cross_check_fd_rate", options.cross_check_fd_rate}};
  if (!args.adapter.empty()) p.campaign["adapter"] = args.adapter;
  if (options.cost) p.campaign["check"] = cost_check_flags(options);
  p.shard_count = shards;
  p.shards = {shard};
  return p;
}

// Ends the remaining workers (SIGKILL) and waits for them.
void stop_workers(std::map<pid_t, int>& children) {
  for (const auto& [pid, worker] : children) kill(pid, SIGKILL);
  for (const auto& [pid, worker] : children)
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  children.clear();
}

// A campaign never ends well with fewer programs than asked for, nor with one not asked for.
void check_complete(const std::vector<nlohmann::json>& lines, const CampaignParameters& parameters,
                    std::size_t shard, std::size_t shards, const std::string& dir) {
  const std::size_t count = parameters.campaign["count"];
  for (const auto& line : lines) {
    const std::size_t index = line["index"];
    if (index % shards != shard || (count > 0 && index >= count))
      throw InternalError("the log in " + dir + " holds program " + std::to_string(index) +
                          ", which is not part of this campaign");
  }
  const std::optional<std::size_t> expected = parameters.expected_programs();
  if (expected && lines.size() != *expected)
    throw InternalError("the log in " + dir + " holds " + std::to_string(lines.size()) + " programs, not the " +
                        std::to_string(*expected) + " asked for; run the same command again to resume");
}

int run(const CampaignArgs& args, bool json) {
  const CampaignOptions options = campaign_options(args);
  if (args.only >= 0) {
    ProgramOutcome o = check_program_at(options, std::size_t(args.only));
    if (json)
      std::cout << outcome_json(o).dump(2) << "\n";
    else
      print_outcome(std::cout, o);
    return is_failure(o.verdict) ? kExitCheckFailed : kExitOk;
  }
  const ShardChoice shard_choice = parse_shard(args.shard);
  const std::size_t shard = shard_choice.index, shards = shard_choice.count;
  if (args.shard.rfind("auto", 0) == 0) std::cerr << "shard " << shard << "/" << shards << " (from " << shard_choice.source << ")\n";
  CampaignFiles files(args.out);
  const CampaignParameters parameters = campaign_parameters(args, options, shard, shards);
  record_or_check_campaign(files.dir(), parameters);
  std::set<std::size_t> done = files.done_indices();
  // This shard's indices: shard, shard + shards, ...; with --time, as many as time allows.
  const std::size_t limit = args.time > 0 && args.count == 0 ? std::size_t(-1) : args.count;
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration<double>(args.time > 0 ? args.time : 1e12);
  const int jobs = std::max(1, args.jobs);
  std::map<std::string, double> seconds;
  // Every worker is a child process, also with --jobs 1, so that a crash while checking a
  // program ends only that worker: its marker names the program, which is logged as `crash`,
  // and a new worker goes on after it.
  WorkerMarkers markers(jobs);
  const std::optional<TestCrash> test_crash = test_crash_hook();
  auto work = [&](int worker, std::size_t first, std::map<std::string, double>* stage_seconds) {
    std::unique_ptr<AppendFile> log = files.open_worker_log(worker);
    std::size_t position = 0;
    for (std::size_t index = shard; index < limit; index += shards, ++position) {
      if (std::chrono::steady_clock::now() > deadline) break;
      if (int(position % std::size_t(jobs)) != worker || index < first || done.count(index)) continue;
      if (options.implementation == Implementation::ChadCompiled && options.compiled) {
        // The next batch of this worker's programs, compiled together (once per batch).
        std::vector<std::size_t> upcoming;
        std::size_t p = position;
        for (std::size_t i = index; i < limit && upcoming.size() < options.compiled->batch; i += shards, ++p)
          if (int(p % std::size_t(jobs)) == worker && !done.count(i)) upcoming.push_back(i);
        prefetch_compiled_kernels(options, upcoming, stage_seconds);
      }
      markers.begin(worker, index);
      nlohmann::json line;
      try {
        const GeneratedCase generated = generate_program_at(options, index, stage_seconds);
        markers.generated(worker, generated);
        if (test_crash && test_crash->index == index) raise(test_crash->signal);
        ProgramOutcome o = check_case(options, generated, stage_seconds);
        o.index = index;
        o.seed = program_seed(options.seed, index);
        line = outcome_json(o);
      } catch (const std::exception& e) {  // an error of the oracle itself: this program only
        line = crash_json(index, program_seed(options.seed, index), markers.current_case(worker),
                          std::string("an error escaped the checks: ") + e.what(), 0, replay_command(args, options, index));
      }
      log->append_line(line.dump());
      markers.end(worker);
    }
  };
  auto start_worker = [&](int k, std::size_t first) {
    std::cout.flush();
    const pid_t pid = fork();
    if (pid < 0) throw InternalError("cannot start a campaign worker");
    if (pid == 0) {
      prepare_child_process();
      int code = 0;
      try {
        std::map<std::string, double> worker_seconds;
        work(k, first, &worker_seconds);
        files.write_worker_seconds(k, worker_seconds);
      } catch (const SourceError& e) {  // its log cannot be written (a full disk, an I/O error)
        std::cerr << "worker " << k << ": " << e.what() << "\n";
        code = kExitBadInput;
      } catch (const std::exception& e) {
        std::cerr << "worker " << k << ": " << e.what() << "\n";
        code = kExitInternalError;
      }
      _exit(code);
    }
    return pid;
  };
  const auto start = std::chrono::steady_clock::now();
  std::map<pid_t, int> children;  // worker process -> worker number
  for (int k = 0; k < jobs; ++k) children[start_worker(k, 0)] = k;
  int failed_workers = 0;
  while (!children.empty()) {  // poll the workers, drawing the progress line in between
    for (auto it = children.begin(); it != children.end();) {
      int status = 0;
      const pid_t reaped = waitpid(it->first, &status, WNOHANG);
      if (reaped == 0 || (reaped < 0 && errno == EINTR)) {  // still running
        ++it;
        continue;
      }
      const int k = it->second;
      it = children.erase(it);
      if (reaped > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
      if (reaped > 0 && WIFEXITED(status) && WEXITSTATUS(status) == kExitBadInput) {
        stop_workers(children);  // their logs stay as they are, for a resume
        throw SourceError(Loc{intern_file_name(files.dir()), 0, 0},
                          "a campaign worker could not write its log (above); the programs checked so far are "
                          "kept in this directory: make room and run the same command again to resume");
      }
      const std::optional<std::size_t> index = markers.current(k);
      if (reaped < 0 || !WIFSIGNALED(status) || !index) {  // not while checking a program
        ++failed_workers;
        continue;
      }
      const std::string signal = signal_description(WTERMSIG(status));
      try {
        files.append_to_worker_log(
            k, crash_json(*index, program_seed(options.seed, *index), markers.current_case(k),
                          "the worker died of " + signal + " while checking this program", WTERMSIG(status),
                          replay_command(args, options, *index)));
      } catch (const SourceError&) {
        stop_workers(children);
        throw;
      }
      markers.end(k);
      children[start_worker(k, *index + 1)] = k;  // the campaign goes on after it
      it = children.begin();
    }
    if (!args.quiet) files.update_progress(jobs, limit, shards);
    if (!children.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(jobs == 1 ? 5 : 50));
  }
  files.clear_progress();
  if (failed_workers) throw InternalError(std::to_string(failed_workers) + " campaign worker(s) failed");
  seconds = files.collect_worker_seconds(jobs);  // summed over the workers
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<nlohmann::json> lines = files.merge_logs();
  if (args.time == 0) check_complete(lines, parameters, shard, shards, files.dir());
  CampaignSummary summary = summarize(lines);
  summary.seconds = seconds;
  summary.seconds["wall"] = wall;
  files.write_summary(summary, lines);
  std::vector<std::string> reported;
  if (!args.out.empty())
    for (const auto& line : lines)
      if (is_failure(line["verdict"].get<std::string>()) && line["verdict"] != "crash" &&
          int(reported.size()) < args.reports) {
        // In a child process: shrinking runs the faulty AD on many more programs, which may crash.
        const std::size_t index = line["index"];
        const std::string dir = (std::filesystem::path(args.out) / "failures" / std::to_string(index)).string();
        ChildOutcome report = run_in_child([&] { return report_failure(args, options, index, dir); });
        reported.push_back(report.completed ? report.output
                                            : "program " + std::to_string(index) + ": no report, shrinking it " +
                                                  report.failure);
      }
  if (json) {
    nlohmann::json j = summary_json(summary, lines);
    j["functions"] = functions_strategy_name(options.functions);
    j["tool"] = nullptr;  // the judged outside tool, with --implementation adapter
    if (options.adapter) {
      const AdapterHello& hello = options.adapter->hello();
      j["tool"] = {{"name", hello.tool}, {"version", hello.version}, {"precision", precision_name(hello.precision)},
                   {"adapter", args.adapter}, {"restarts", options.adapter->restarts()}};
    }
    std::cout << j.dump(2) << "\n";
  } else {
    if (options.adapter) {
      const AdapterHello& hello = options.adapter->hello();
      std::cout << "judged: " << hello.tool << " " << hello.version << " (" << precision_name(hello.precision)
                << ") behind the adapter `" << args.adapter << "`\n";
    }
    std::cout << summary.programs << " programs (seed " << args.seed << ", shard " << shard << "/"
              << shards << "): ";
    std::cout << verdict_counts_text(summary);
    if (options.adapter)  // no screen: the answers that did not equal the dual-number reference
      std::cout << "\n" << summary.screen_cleared << " checks passed through the enclosures (not equal to the reference)\n";
    else
      std::cout << "\n" << summary.screen_cleared << " checks cleared by the certified check after the double screen\n";
    if (summary.cross_check.checked)
      std::cout << "cross-check with fd: " << summary.cross_check.checked << " programs, "
                << summary.cross_check.disagreements << " disagreements, " << summary.cross_check.cannot_certify
                << " cannot certify\n";
    std::cout << int(100.0 * informative_share(summary) + 0.5) << "% informative checks (" << summary.informative_checks
              << " of " << summary.checks << ")\n";
    if (!args.quiet) {
      for (const FailureClass& c : failure_classes(lines))
        std::cout << "FAILED " << c.programs << (c.programs == 1 ? " program: " : " programs: ") << c.describe()
                  << "; first program " << c.first_index << ", replay with `" << replay_command(args, options, c.first_index)
                  << "`\n";
      for (const auto& r : reported) std::cout << r << "\n";
    }
    if (!args.out.empty()) std::cout << "log and summary in " << args.out << "/\n";
  }
  for (const auto& [verdict, programs] : summary.verdicts)
    if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
  return kExitOk;
}

}  // namespace

void add_campaign_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto args = std::make_shared<CampaignArgs>();
  CLI::App* cmd = app.add_subcommand("campaign", "Check CHAD on generated programs (a correctness campaign)");
  cmd->add_option("--seed", args->seed, "the campaign's seed")->capture_default_str();
  cmd->add_option("--count", args->count, "programs to check (0 with --time: no limit)")->capture_default_str();
  cmd->add_option("--time", args->time, "stop after this many seconds")->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-size", args->max_size, "the size budget of a generated program")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--features", args->features,
                  "generator features: functions, sums, inductive, coinductive, arrays, comparisons, "
                  "partial; `-name` turns one off (default: all but comparisons)");
  cmd->add_option("--modes", args->modes, "CHAD modes to check")->capture_default_str();
  cmd->add_option("--sums", args->sums, "sums strategies to check")->capture_default_str();
  add_functions_option(*cmd, args->functions);
  cmd->add_option("--jobs", args->jobs, "worker processes")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--shard", args->shard,
                  "I/N: check only programs I, I + N, I + 2N, ...; auto: I and N from a Slurm job array "
                  "(SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT); auto/N: I from SLURM_ARRAY_TASK_ID or a "
                  "Kubernetes Indexed Job's JOB_COMPLETION_INDEX, N given")->capture_default_str();
  cmd->add_option("--out", args->out, "directory for log.jsonl, summary.json, summary.md (resumes a run)");
  cmd->add_option("--only", args->only, "check and print only the program with this index");
  cmd->add_option("--mutant", args->mutant,
                  "inject a fault: replace a CHAD rule by a catalogued mutant (with sd-rev: a string-diagram fault)");
  cmd->add_option("--implementation", args->implementation,
                  "the AD under test: chad (default), chad-compiled (CHAD's output compiled to native code), "
                  "sd-rev (string-diagram reverse AD, on its fragment) or adapter (an outside tool: --adapter)");
  add_adapter_options(*cmd, args->adapter, args->adapter_timeout);
  cmd->add_option("--codegen-fault", args->codegen_fault,
                  "with chad-compiled, inject a fault into the code generator: drop-linear-add-right, "
                  "fold-tangents-skipped, case-branches-swapped");
  cmd->add_option("--batch", args->batch, "with chad-compiled, programs compiled in one translation unit")
      ->capture_default_str();
  add_compiler_options(*cmd, args->compiler);
  cmd->add_option("--cross-check", args->cross_check,
                  "fd:RATE: also check this share of the programs (chosen from the program, so a replay "
                  "agrees) with finite differences against the certified reference");
  cmd->add_option("--check", args->check,
                  "what to judge: derivative (the derivatives' values), cost (their cost as the input grows: "
                  "fail-cost), or both")
      ->capture_default_str();
  cmd->add_option("--cost-sizes", args->cost_sizes, "--check cost: the sizes the input's lists and trees are grown to")
      ->capture_default_str();
  cmd->add_option("--cost-ratio", args->cost_ratio, "--check cost: the most a derivative may cost, times the primal")
      ->capture_default_str();
  cmd->add_option("--cost-slack", args->cost_slack,
                  "--check cost: how much faster than the primal's the derivative's cost may grow (exponent)")
      ->capture_default_str();
  cmd->add_option("--reports", args->reports, "shrink and report at most this many failures (with --out)")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "print the summary as one JSON object");
  cmd->add_flag("--quiet", args->quiet,
                "print only the final summary (no progress line, no failure classes, no report lines)");
  cmd->footer(std::string("Without --quiet, failures are printed one line per failure class, with its number of "
                          "programs and its first program's replay command. ") +
              kFailureClassHelp + ".");
  cmd->callback([options, args, &exit_code] {
    exit_code = run_command(*options, [&] { return run(*args, options->json); });
  });
}

}  // namespace chad

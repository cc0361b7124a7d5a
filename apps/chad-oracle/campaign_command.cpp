// `chad-oracle campaign`: generate programs from a seed and check CHAD on each against the
// reference (oracle/campaign.hpp). Options: --seed, --count or --time, --max-size, --features,
// --modes, --sums, --jobs (worker processes), --shard I/N|auto|auto/N (disjoint,
// deterministic parts of one campaign; auto reads a Slurm array's or a Kubernetes Indexed Job's
// index: campaigns/shard.hpp), --out DIR (log.jsonl, summary.json, summary.md, and failures/INDEX/ with a shrunk
// counterexample report for each failure; a re-run with the same arguments resumes from the
// log), --only INDEX (check and print one program), --mutant NAME (inject a catalogued fault),
// --implementation chad|sd-rev (the AD under test: CHAD, or string-diagram reverse AD on its
// fragment, whose faults --mutant then names), --cross-check fd:RATE (judge/fd_cross_check.hpp),
// --order 2 (second derivatives: oracle/order2_check.hpp), --json, --quiet (only the final summary). A progress line on a terminal; failures are printed one
// line per failure class (oracle/failure_classes.hpp), not one per program. Every worker is a
// child process (also with --jobs 1): a program whose check kills it (a signal) is logged as
// `crash` with its replay command, and a new worker goes on after it; failures (fail, fail-numeric, fault) are shrunk and reported
// in child processes too. Exit 0 when nothing failed, faulted or crashed, 1 otherwise; 3 when the
// --out directory cannot be written (read-only, full, an I/O error: the logs so far are kept for a
// resume), is busy with another campaign, or holds a campaign with other parameters
// (campaign.json, campaigns/campaign_parameters.hpp). The engine is campaigns/ (campaign_run.hpp,
// worker_pool.hpp); this command parses the options (campaigns/campaign_options_text.hpp), calls
// it and prints.
#include <iomanip>
#include <iostream>

#include "adapter_options.hpp"
#include "campaigns/campaign_options_text.hpp"
#include "campaigns/campaign_run.hpp"
#include "campaigns/child_process.hpp"
#include "campaigns/judged_share.hpp"
#include "campaigns/shard.hpp"
#include "command_context.hpp"
#include "commands.hpp"
#include "compiler_options.hpp"
#include "exit_codes.hpp"
#include "point_option.hpp"
#include "oracle/campaign_log.hpp"
#include "oracle/implementation_registry.hpp"
#include "reports/campaign_failure_report.hpp"
#include "oracle/failure_classes.hpp"

namespace chad {
// A campaign's child processes say whose fault their failure is with the tool's own exit codes.
static_assert(kChildStorageFailed == kExitBadInput && kChildFailed == kExitInternalError);

namespace {

// The options as given: the campaign's text (campaigns/campaign_options_text.hpp), and what only
// this command's run takes.
struct CampaignArgs {
  CampaignOptionsText text;
  double time = 0;
  std::string shard = "0/1", out;
  int reports = 5;
  int jobs = 1;
  long only = -1;
  bool quiet = false;  // only the final summary: no progress, no failure classes, no report lines
  double min_judged = kDefaultMinJudgedShare;  // with an adapter (campaigns/judged_share.hpp)
  double program_seconds = kDefaultProgramSeconds;  // the watchdog (campaigns/worker_pool.hpp)
};

void print_outcome(std::ostream& out, const ProgramOutcome& o) {
  out << "program " << o.index << " (seed " << o.seed << "): " << verdict_name(o.verdict)
      << (o.detail.empty() ? "" : ": " + o.detail) << "\n"
      << o.generated.program << "-- at: " << o.generated.input << "\n";
  for (const CheckOutcome& c : o.checks)
    out << "  " << check_mode_name(c) << " " << sums_strategy_name(c.sums) << ": "
        << verdict_name(c.verdict) << (c.detail.empty() ? "" : " (" + c.detail + ")") << "\n";
  if (o.cross_check != CrossCheck::NotChecked)
    out << "  cross-check with fd: " << cross_check_name(o.cross_check)
        << (o.cross_check_detail.empty() ? "" : " (" + o.cross_check_detail + ")") << "\n";
}

// The summary: as one JSON object, or as lines (with failure classes and report lines unless --quiet).
void print_summary(const CampaignArgs& args, const CampaignOptions& options, const ShardChoice& shard,
                   const CampaignRunResult& result, const JudgedShare& share, const std::string& too_little, bool json) {
  const CampaignSummary& summary = result.summary;
  const std::vector<nlohmann::json>& lines = result.lines;
  if (json) {
    nlohmann::json j = summary_json(summary, lines);
    j["functions"] = functions_strategy_name(options.functions);
    if (options.order != 1) j["order"] = options.order;
    j["tool"] = nullptr;  // the judged outside tool, with --implementation adapter
    if (options.adapter) {
      const JudgedTool tool = judged_tool(options.adapter->hello(), args.text.adapter, options.adapter->restarts(),
                                          share, args.min_judged, too_little, lines);
      j["tool"] = tool.tool;
      j["judged"] = tool.judged;
    }
    std::cout << j.dump(2) << "\n";
    return;
  }
  if (options.adapter) {
    std::cout << judged_tool_header_text(options.adapter->hello(), args.text.adapter);
  }
  std::cout << summary.programs << " programs (seed " << args.text.seed << ", shard " << shard.index << "/"
            << shard.count << "): ";
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
  if (options.adapter) std::cout << judged_share_text(share, lines, too_little);
  if (options.order == 2) {  // the share judged: programs with a second derivative at their point
    const std::size_t judged = summary.programs - summary.verdicts.at("skip");
    const double wall = summary.seconds.count("wall") ? summary.seconds.at("wall") : 0;
    std::cout << "order 2: judged " << judged << " of " << summary.programs
              << " programs (the others have no second derivative to judge at their point)";
    // The rate of this run's own programs: a resumed campaign's earlier ones took no time here.
    const std::size_t resumed = summary.programs - result.checked_now;
    if (wall > 0 && result.checked_now > 0)
      std::cout << "; " << std::fixed << std::setprecision(1) << double(result.checked_now) / wall
                << std::defaultfloat << " programs/s" << (resumed ? " (this run's " + std::to_string(result.checked_now) +
                                                                        "; " + std::to_string(resumed) + " resumed from the log)"
                                                                  : std::string());
    std::cout << "\n";
  }
  if (!args.quiet) {
    for (const FailureClass& c : failure_classes(lines, options.adapter ? options.adapter->hello().name() : ""))
      std::cout << "FAILED " << c.programs << (c.programs == 1 ? " program: " : " programs: ") << c.describe()
                << "; first program " << c.first_index << ", replay with `"
                << campaign_replay_command(args.text, options, c.first_index) << "`\n";
    for (const auto& r : result.reported) std::cout << r << "\n";
  }
  if (!args.out.empty()) std::cout << "log and summary in " << args.out << "/\n";
}

int run(const CampaignArgs& args, bool json) {
  const CampaignOptions options = campaign_options_from_text(args.text);
  if (args.only >= 0) {
    ProgramOutcome o = check_program_at(options, std::size_t(args.only));
    if (json)
      std::cout << outcome_json(o).dump(2) << "\n";
    else
      print_outcome(std::cout, o);
    return is_failure(o.verdict) ? kExitCheckFailed : kExitOk;
  }
  CampaignRun run{args.text,    options,      parse_shard(args.shard), args.out, args.time, args.jobs,
                  args.reports, !args.quiet, {},                      args.program_seconds};
  if (args.shard.rfind("auto", 0) == 0)
    std::cerr << "shard " << run.shard.index << "/" << run.shard.count << " (from " << run.shard.source << ")\n";
  run.report_failure = [&](std::size_t index, const std::string& dir, const nlohmann::json& logged) {
    return report_campaign_failure(options, args.text.mutant, index, dir, logged);
  };
  const CampaignRunResult result = run_campaign_directory(run);
  const JudgedShare share = judged_share(result.summary);  // (an adapter's declines: campaigns/judged_share.hpp)
  const std::string too_little = options.adapter ? too_little_judged(share, args.min_judged) : "";
  if (options.adapter && !args.out.empty())  // summary.json and summary.md name the tool too
    add_judged_tool_to_summary(args.out, judged_tool(options.adapter->hello(), args.text.adapter,
                                                     options.adapter->restarts(), share, args.min_judged, too_little,
                                                     result.lines));
  print_summary(args, options, run.shard, result, share, too_little, json);
  for (const auto& [verdict, programs] : result.summary.verdicts)
    if (programs > 0 && is_failure(verdict)) return kExitCheckFailed;
  if (!too_little.empty()) return kExitCheckFailed;
  return kExitOk;
}

}  // namespace

void add_campaign_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CommonOptions>();
  auto args = std::make_shared<CampaignArgs>();
  CLI::App* cmd = app.add_subcommand("campaign", "Check CHAD on generated programs (a correctness campaign)");
  cmd->add_option("--seed", args->text.seed, "the campaign's seed")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--count", args->text.count, "programs to check (0 with --time: no limit)")->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--time", args->time, "stop after this many seconds")->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-size", args->text.max_size, "the size budget of a generated program")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cmd->add_option("--features", args->text.features,
                  "generator features: functions, sums, inductive, coinductive, arrays, comparisons, "
                  "partial, higher-order (on by default but comparisons); inductive-input (off by default); "
                  "second-set (the second set of primitives), edges (inputs at the edges: subnormal to near "
                  "overflow, ties, zeros), shapes (nested mu/nu, big structures), each drawn per program by "
                  "default (the mix: 60%, 15%, 40%); edges-only; `-name` turns one off, `+name` on (for every "
                  "program), `all`, `none`; `mix` is the default's mix, `second-set~P%` mixes one at P percent");
  cmd->add_option("--modes", args->text.modes, "CHAD modes to check")->capture_default_str();
  cmd->add_option("--sums", args->text.sums, "sums strategies to check")->capture_default_str();
  add_functions_option(*cmd, args->text.functions);
  cmd->add_option("--jobs", args->jobs, "worker processes")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--program-timeout", args->program_seconds,
                  "seconds one program's check may take: a worker stuck longer (hung, stopped) is killed, the "
                  "program logged as `crash`, and the campaign goes on (0: no limit)")
      ->check(CLI::Range(0.0, 1e7))
      ->capture_default_str();
  cmd->add_option("--shard", args->shard,
                  "I/N: check only programs I, I + N, I + 2N, ...; auto: I and N from a Slurm job array "
                  "(SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT); auto/N: I from SLURM_ARRAY_TASK_ID or a "
                  "Kubernetes Indexed Job's JOB_COMPLETION_INDEX, N given")->capture_default_str();
  cmd->add_option("--out", args->out, "directory for log.jsonl, summary.json, summary.md (resumes a run)");
  cmd->add_option("--only", args->only, "check and print only the program with this index");
  cmd->add_option("--order", args->text.order,
                  "1: first derivatives; 2: second derivatives against the certified Hessian: CHAD differentiated "
                  "twice (chad-fwd-over-rev, chad-fwd-over-fwd, each sums strategy), or an adapter's hvp and hessian")
      ->check(CLI::Range(1, 2))
      ->capture_default_str();
  cmd->add_option("--mutant", args->text.mutant,
                  "inject a fault: replace a CHAD rule by a catalogued mutant (with sd-rev: a string-diagram fault)");
  cmd->add_option("--implementation", args->text.implementation,
                  "the AD under test: chad (default), chad-compiled (CHAD's output compiled to native code), "
                  "sd-rev (string-diagram reverse AD, on its fragment) or adapter (an outside tool: --adapter); "
                  "every registered one: " + implementation_names());
  add_adapter_options(*cmd, args->text.adapter, args->text.adapter_timeout);
  cmd->add_option("--min-judged", args->min_judged,
                  "with an adapter: the least share of the judgeable programs (those not skipped) the tool must "
                  "not decline, else the campaign fails (exit 1); it always fails when nothing was judged")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--codegen-fault", args->text.codegen_fault,
                  "with chad-compiled, inject a fault into the code generator: drop-linear-add-right, "
                  "fold-tangents-skipped, case-branches-swapped, accumulate-overwrites, kept-application-ignores-argument, "
                  "derivative-reads-operand, needed-operand-zeroed, deferred-sum-overwrites, "
                  "recomputed-value-zeroed, lent-sum-added-again");
  cmd->add_option("--batch", args->text.batch, "with chad-compiled, programs compiled in one translation unit")
      ->capture_default_str();
  add_compiler_options(*cmd, args->text.compiler);
  cmd->add_option("--cross-check", args->text.cross_check,
                  "fd:RATE: also check this share of the programs (chosen from the program, so a replay "
                  "agrees) with finite differences against the certified reference");
  cmd->add_option("--check", args->text.check,
                  "what to judge: derivative (the derivatives' values), cost (their cost as the input grows: "
                  "fail-cost), or both")
      ->capture_default_str();
  cmd->add_option("--cost-sizes", args->text.cost_sizes, "--check cost: the sizes the input's lists and trees are grown to")
      ->capture_default_str();
  cmd->add_option("--cost-ratio", args->text.cost_ratio, "--check cost: the most a derivative may cost, times the primal")
      ->capture_default_str();
  cmd->add_option("--cost-slack", args->text.cost_slack,
                  "--check cost: how much faster than the primal's the derivative's cost may grow (exponent)")
      ->capture_default_str();
  cmd->add_option("--size-share", args->text.size_share,
                  "the share of the programs with a list or tree input, or a stream output (chosen from the "
                  "program, so a replay agrees), that CHAD's checks judge once more at that input grown to "
                  "--size-nodes nodes, or observing those streams as deep (one directional derivative per "
                  "mode; 0: none)")
      ->capture_default_str();
  cmd->add_option("--size-nodes", args->text.size_nodes, "the size check's nodes per list or tree, and its stream observations' depth")
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

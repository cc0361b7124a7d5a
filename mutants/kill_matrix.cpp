#include "mutants/kill_matrix.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "triage/blame_compiled.hpp"
#include "oracle/compiled_check.hpp"
#include "triage/shrink.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// A program on one line (its definitions joined), for a table cell.
std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') c = ' ';
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

CampaignOptions hunting_options(const Mutant& mutant, const CampaignOptions& base) {
  CampaignOptions options = base;
  use_mutant(options, mutant);
  options.order = mutant.order;  // a mutant wrong only at second order is hunted at order 2
  if (mutant.size) options.size_share = 1;
  return options;
}

MutantKill kill_mutant(const Mutant& mutant, const CampaignOptions& base, bool shrink) {
  const auto start = std::chrono::steady_clock::now();
  MutantKill k;
  k.name = mutant.name;
  k.rule = mutant_rule_name(mutant);
  CampaignOptions options = hunting_options(mutant, base);
  options.measure_coverage = false;  // the hunt needs verdicts only
  std::size_t next_batch = 0;
  for (std::size_t i = 0; i < base.count; ++i) {
    k.programs = i + 1;
    if (options.implementation == Implementation::ChadCompiled && options.compiled && i == next_batch) {
      // The next programs' kernels in one translation unit: 4, 8, 16, ... up to the batch size
      // (most mutants die within a few programs).
      std::vector<std::size_t> batch;
      const std::size_t size = std::min(options.compiled->batch, std::max<std::size_t>(4, i));
      for (std::size_t j = i; j < base.count && batch.size() < size; ++j) batch.push_back(j);
      prefetch_compiled_kernels(options, batch);
      next_batch = i + batch.size();
    }
    const Verdict v = check_case_prefetched(options, generate_program_at(options, i)).verdict;
    if (v != Verdict::Fail && v != Verdict::Fault) continue;  // certain verdicts kill
    k.killed = true;
    k.index = i;
    break;
  }
  if (k.killed && !shrink) {
    k.counterexample = generate_program_at(options, k.index);
    k.original_size = k.counterexample_size = program_size(k.counterexample);
    k.outcome = check_case(options, k.counterexample);
    k.outcome.index = k.index;
    k.outcome.seed = program_seed(base.seed, k.index);
  } else if (k.killed) {
    CampaignFailure f = shrink_campaign_failure(options, k.index);
    k.original_size = f.shrunk.original_size;
    k.counterexample_size = f.shrunk.size;
    k.counterexample = f.shrunk.shrunk;
    k.outcome = check_case(options, k.counterexample);
    k.outcome.index = k.index;
    k.outcome.seed = program_seed(base.seed, k.index);
    k.blame = blame_campaign_failure(options, k.counterexample, f.mode, f.sums);  // (at order 2: oracle/blame_order2.hpp)
    k.blame_correct = blame_names_mutant(mutant, k.blame);
    k.shrunk = true;
  }
  k.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return k;
}

nlohmann::json kill_json(const MutantKill& k) {
  nlohmann::json j = {{"name", k.name},
                      {"rule", k.rule},
                      {"killed", k.killed},
                      {"programs", k.programs},
                      {"seconds", k.seconds},
                      {"counterexample_size", k.killed ? nlohmann::json(k.counterexample_size) : nlohmann::json()},
                      {"blame_correct", k.blame_correct},
                      {"shrunk", k.shrunk},
                      {"index", nullptr},  // null when not killed
                      {"original_size", nullptr},
                      {"counterexample", nullptr},
                      {"blamed_rule", nullptr},
                      {"blamed_subterm", nullptr},
                      {"blame_reason", nullptr}};
  if (k.killed) {
    j["index"] = k.index;
    j["original_size"] = k.original_size;
    j["counterexample"] = {{"program", k.counterexample.program}, {"input", k.counterexample.input}};
    j["blamed_rule"] = k.blame.found ? k.blame.rule : "";
    j["blamed_subterm"] = k.blame.found ? k.blame.subterm : "";
    j["blame_reason"] = k.blame.reason;
  }
  return j;
}

MutantKill kill_from_json(const nlohmann::json& j) {
  MutantKill k;
  k.name = j.at("name");
  k.rule = j.at("rule");
  k.killed = j.at("killed");
  k.programs = j.at("programs");
  k.seconds = j.at("seconds");
  k.blame_correct = j.at("blame_correct");
  k.shrunk = j.value("shrunk", k.killed);
  if (k.killed) {
    k.counterexample_size = j.at("counterexample_size");
    k.index = j.at("index");
    k.original_size = j.at("original_size");
    k.counterexample = {j.at("counterexample").at("program"), j.at("counterexample").at("input")};
    k.blame.found = !j.at("blamed_rule").get<std::string>().empty();
    k.blame.rule = j.at("blamed_rule");
    k.blame.subterm = j.at("blamed_subterm");
    k.blame.reason = j.at("blame_reason");
  }
  return k;
}

KillTotals kill_totals(const std::vector<MutantKill>& kills) {
  KillTotals t;
  std::vector<std::size_t> sizes;
  for (const MutantKill& k : kills) {
    ++t.mutants;
    if (!k.killed) continue;
    ++t.killed;
    t.blame_correct += k.blame_correct;
    sizes.push_back(k.counterexample_size);
    t.max_programs = std::max(t.max_programs, k.programs);
  }
  t.median_counterexample_size = median_of(sizes).value_or(0);
  // Programs to kill, an unkilled mutant counting as more than any kill (infinitely many).
  std::vector<std::optional<std::size_t>> to_kill;
  for (const MutantKill& k : kills) {
    to_kill.push_back(k.killed ? std::optional<std::size_t>(k.programs) : std::nullopt);
    t.killed_within_target += k.killed && k.programs <= kKillTargetPrograms;
  }
  std::sort(to_kill.begin(), to_kill.end(), [](const auto& a, const auto& b) { return a && (!b || *a < *b); });
  const std::size_t n = to_kill.size();
  if (n > 0 && to_kill[(n - 1) / 2] && to_kill[n / 2])
    t.median_programs = 0.5 * double(*to_kill[(n - 1) / 2] + *to_kill[n / 2]);
  if (n > 0 && t.killed == n) t.worst_programs = *to_kill.back();
  return t;
}

std::optional<double> median_of(std::vector<std::size_t> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return 0.5 * double(values[(n - 1) / 2] + values[n / 2]);
}

std::string describe_programs_to_kill(const KillTotals& t, std::size_t count) {
  const std::string unkilled = "not killed within " + std::to_string(count);
  return "programs to kill: median " + (t.median_programs ? print_real(*t.median_programs) : unkilled) + ", worst " +
         (t.worst_programs ? std::to_string(*t.worst_programs) : unkilled) + "; " +
         std::to_string(t.killed_within_target) + " of " + std::to_string(t.mutants) + " killed within " +
         std::to_string(kKillTargetPrograms);
}

nlohmann::json kill_matrix_json(const std::vector<MutantKill>& kills, const CampaignOptions& base) {
  nlohmann::json list = nlohmann::json::array();
  for (const MutantKill& k : kills) list.push_back(kill_json(k));
  const KillTotals t = kill_totals(kills);
  return {{"seed", base.seed},
          {"count", base.count},
          {"functions", functions_strategy_name(base.functions)},
          {"mutants", list},
          {"totals",
           {{"mutants", t.mutants},
            {"killed", t.killed},
            {"blame_correct", t.blame_correct},
            {"blame_correct_fraction", t.killed ? double(t.blame_correct) / double(t.killed) : 0.0},
            {"median_counterexample_size", t.median_counterexample_size},
            {"max_programs", t.max_programs},
            {"median_programs_to_kill", t.median_programs ? nlohmann::json(*t.median_programs) : nlohmann::json()},
            {"worst_programs_to_kill", t.worst_programs ? nlohmann::json(*t.worst_programs) : nlohmann::json()},
            {"kill_target_programs", kKillTargetPrograms},
            {"killed_within_target", t.killed_within_target}}}};
}

std::string kill_matrix_markdown(const std::vector<MutantKill>& kills, const CampaignOptions& base) {
  std::ostringstream md;
  const KillTotals t = kill_totals(kills);
  md << "# Mutants: the kill matrix\n\n"
     << "Each mutant replaces one rule of CHAD's rule table (`mutants/mutants.cpp`), or switches on a fault "
     << "outside it: in a shared helper, the evaluator of CHAD's output or CHAD's derivative table "
     << "(`mutants/fault_mutants.cpp`). For each, a campaign "
     << "(seed " << base.seed << ", at most " << base.count << " programs, features " << base.features.describe()
     << ", functions strategy " << functions_strategy_name(base.functions)
     << " unless the mutant's fault lives in one strategy) runs until the first `fail`, which is shrunk and "
        "blamed.\n\n"
     << "**" << t.killed << " of " << t.mutants << " killed**; the most programs a kill needed: " << t.max_programs
     << "; median shrunk counterexample: " << t.median_counterexample_size << " term nodes; blame named the mutated "
     << "rule for " << t.blame_correct << " of " << t.killed << " kills; " << describe_programs_to_kill(t, base.count)
     << ".\n\n"
     << "| mutant | rule | killed | programs | seconds | counterexample size | blame correct | blamed |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  for (const MutantKill& k : kills) {
    md << "| `" << k.name << "` | " << k.rule << " | " << (k.killed ? "yes" : "**no**") << " | " << k.programs
       << " | " << print_real(std::round(k.seconds * 100) / 100) << " | "
       << (k.killed ? std::to_string(k.counterexample_size) : "-") << " | " << (k.blame_correct ? "yes" : "no")
       << " | " << (k.blame.found ? k.blame.rule + ": `" + k.blame.subterm + "`" : "-") << " |\n";
  }
  md << "\n## The mutants\n\n";
  for (const MutantKill& k : kills) {
    const Mutant* m = find_mutant(k.name);
    md << "- `" << k.name << "` (" << k.rule << "): " << (m ? m->description : "") << ".";
    if (k.killed)
      md << " Killed by program " << k.index << ", shrunk from " << k.original_size << " to "
         << k.counterexample_size << " nodes: `" << one_line(k.counterexample.program) << "` at `"
         << k.counterexample.input << "`.";
    md << "\n";
  }
  return md.str();
}

}  // namespace chad

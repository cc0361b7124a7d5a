#include "mutants/kill_matrix.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include "oracle/shrink.hpp"
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

MutantKill kill_mutant(const Mutant& mutant, const CampaignOptions& base) {
  const auto start = std::chrono::steady_clock::now();
  MutantKill k;
  k.name = mutant.name;
  k.rule = mutant_rule_name(mutant);
  CampaignOptions options = base;
  options.rules = &mutant.rules;
  for (std::size_t i = 0; i < base.count; ++i) {
    k.programs = i + 1;
    const CampaignVerdict v = check_program_at(options, i).verdict;
    if (v != CampaignVerdict::Fail && v != CampaignVerdict::Fault) continue;  // certain verdicts kill
    k.killed = true;
    k.index = i;
    break;
  }
  if (k.killed) {
    CampaignFailure f = shrink_campaign_failure(options, k.index);
    k.original_size = f.shrunk.original_size;
    k.counterexample_size = f.shrunk.size;
    k.counterexample = f.shrunk.shrunk;
    k.outcome = check_case(options, k.counterexample);
    k.outcome.index = k.index;
    k.outcome.seed = program_seed(base.seed, k.index);
    k.blame = blame_failure(options, k.counterexample, f.mode, f.sums);
    k.blame_correct = k.blame.found && k.blame.mode == mutant.mode && k.blame.kind == mutant.kind &&
                      (!mutant.op || k.blame.op == *mutant.op);
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
                      {"blame_correct", k.blame_correct}};
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
  if (!sizes.empty()) {
    std::sort(sizes.begin(), sizes.end());
    const std::size_t n = sizes.size();
    t.median_counterexample_size = n % 2 ? double(sizes[n / 2]) : 0.5 * double(sizes[n / 2 - 1] + sizes[n / 2]);
  }
  return t;
}

nlohmann::json kill_matrix_json(const std::vector<MutantKill>& kills, const CampaignOptions& base) {
  nlohmann::json list = nlohmann::json::array();
  for (const MutantKill& k : kills) list.push_back(kill_json(k));
  const KillTotals t = kill_totals(kills);
  return {{"seed", base.seed},
          {"count", base.count},
          {"mutants", list},
          {"totals",
           {{"mutants", t.mutants},
            {"killed", t.killed},
            {"blame_correct", t.blame_correct},
            {"blame_correct_fraction", t.killed ? double(t.blame_correct) / double(t.killed) : 0.0},
            {"median_counterexample_size", t.median_counterexample_size},
            {"max_programs", t.max_programs}}}};
}

std::string kill_matrix_markdown(const std::vector<MutantKill>& kills, const CampaignOptions& base) {
  std::ostringstream md;
  const KillTotals t = kill_totals(kills);
  md << "# Mutants: the kill matrix\n\n"
     << "Each mutant replaces one rule of CHAD's rule table (`oracle/mutants.cpp`). For each, a campaign "
     << "(seed " << base.seed << ", at most " << base.count << " programs, features " << base.features.describe()
     << ") runs until the first `fail`, which is shrunk and blamed.\n\n"
     << "**" << t.killed << " of " << t.mutants << " killed**; the most programs a kill needed: " << t.max_programs
     << "; median shrunk counterexample: " << t.median_counterexample_size << " term nodes; blame named the mutated "
     << "rule for " << t.blame_correct << " of " << t.killed << " kills.\n\n"
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

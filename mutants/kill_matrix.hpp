// The power of the oracle as a number: a campaign against each mutant of the catalogue
// (mutants/mutants.hpp), programs 0, 1, ... until the first `fail` or `fault`, which is shrunk and blamed.
// The kill matrix says, per mutant, whether it was killed, after how many programs and
// seconds, how small its counterexample became, and whether blame named the mutated rule; its
// totals, the median and the worst programs to kill.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "triage/blame.hpp"
#include "mutants/mutants.hpp"

namespace chad {

struct MutantKill {
  std::string name;
  std::string rule;                // the rule the mutant replaces, e.g. "reverse let"
  bool killed = false;
  std::size_t programs = 0;        // checked up to and including the first fail (all if none)
  std::size_t index = 0;           // the killing program's index in the campaign
  double seconds = 0;              // finding, shrinking and blaming
  std::size_t original_size = 0;   // term nodes of the killing program, before and after shrinking
  std::size_t counterexample_size = 0;
  GeneratedCase counterexample;    // the shrunk program and input
  ProgramOutcome outcome;          // its outcome (every mode and sums strategy of the campaign)
  Blame blame;                     // for the check it was shrunk against
  bool blame_correct = false;      // blame named the mutant's (mode, former) and primitive
  bool shrunk = false;             // shrunk and blamed (kill_mutant's `shrink`)
};

// The options a mutant is hunted with: `base` with the mutant's rules, at the mutant's order, and
// a size mutant's size check on every program that can be grown (one past 65,536 nodes).
CampaignOptions hunting_options(const Mutant& mutant, const CampaignOptions& base);

// `base`: the campaign's seed, count, features, size, modes and sums strategies (its rules are
// replaced by the mutant's).
// `shrink`: shrink and blame the killing program (off: only find it, for the slow compiled path).
MutantKill kill_mutant(const Mutant& mutant, const CampaignOptions& base, bool shrink = true);

nlohmann::json kill_json(const MutantKill& k);
MutantKill kill_from_json(const nlohmann::json& j);

// The programs-to-kill target of issue 12: every mutant killed within this many programs.
inline constexpr std::size_t kKillTargetPrograms = 300;

struct KillTotals {
  std::size_t mutants = 0, killed = 0, blame_correct = 0;
  double median_counterexample_size = 0;  // over the killed mutants
  std::size_t max_programs = 0;           // the most programs a kill needed
  // Programs to kill over all mutants, an unkilled one counting as infinitely many: the
  // median (null when it falls on an unkilled mutant) and the worst (null when one is unkilled).
  std::optional<double> median_programs;
  std::optional<std::size_t> worst_programs;
  std::size_t killed_within_target = 0;  // killed within kKillTargetPrograms
};
KillTotals kill_totals(const std::vector<MutantKill>& kills);
// The median (the mean of the two middle values for an even count); null for none.
std::optional<double> median_of(std::vector<std::size_t> values);
// "programs to kill: median 12, worst 250; 40 of 48 killed within 300" (`count`: the campaign's).
std::string describe_programs_to_kill(const KillTotals& totals, std::size_t count);

// The whole matrix as JSON: {"mutants": [...], "totals": {...}, "seed", "count"}.
nlohmann::json kill_matrix_json(const std::vector<MutantKill>& kills, const CampaignOptions& base);
// mutants.md: the matrix as a table, the totals, and a paragraph per mutant.
std::string kill_matrix_markdown(const std::vector<MutantKill>& kills, const CampaignOptions& base);

}  // namespace chad

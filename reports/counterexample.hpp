// A counterexample report: the directory a campaign writes for a failing program, after
// shrinking it. Holds `program.chad` (parseable, with its input in an `-- at:` line),
// `report.json` (everything needed to replay: program, input, the input's coordinates as exact
// hex floats, the modes and sums strategies checked, the mutant if one was injected, the
// verdicts, the campaign seed and index, the sizes before and after shrinking, the blame:
// triage/blame.hpp's smallest failing subterm and the CHAD rule responsible), `report.md` for
// people, and Graphviz pictures (program.dot/.svg with the blamed node highlighted, in the body or
// in the wrapper; chad.dot/.svg: the part of CHAD's output that the blamed rule made, with the
// whole output in chad-full.dot, or without a blame the whole output of the first failing check).
// replay_report re-checks the program exactly as the campaign did.
#pragma once
#include <string>

#include "oracle/campaign.hpp"

namespace chad {

struct Counterexample {
  std::uint64_t campaign_seed = 0;
  std::size_t index = 0;            // the program's index in the campaign
  std::string mutant;               // the injected fault's name, or empty
  CampaignOptions options;          // as run (modes, sums, features, max size)
  ProgramOutcome outcome;           // the shrunk program's outcome
  std::size_t original_size = 0;    // term nodes before and after shrinking
  std::size_t shrunk_size = 0;
  // Not empty: the campaign's failure did not reproduce when checked again (a flaky timeout), and
  // this says so; `outcome` is then the passing check's, and the report is headed "Did not
  // reproduce on replay", never "Counterexample: pass".
  std::string not_reproduced = {};
  // Not empty: said of the sizes instead of shrunk_text's words (a shrunk program that did not fail
  // again when checked for the report, so the original is reported).
  std::string size_note = {};
};

// Where a report's failure was found when not by a campaign: `verify --inputs` (a fixed program,
// a random input shrunk). `found_by` is said instead of "program INDEX of campaign seed S, shrunk
// from ... term nodes", `regenerate` is the command that finds the unshrunk input again.
struct ReportOrigin {
  std::string found_by;
  std::string regenerate;
};

// Writes dir/program.chad, dir/report.json, dir/report.md (creating dir).
// "shrunk from 49 to 3 term nodes", or "not shrunk (13 term nodes: no smaller program fails)".
std::string shrunk_text(std::size_t original_size, std::size_t shrunk_size);

void write_report(const std::string& dir, const Counterexample& c);
void write_report(const std::string& dir, const Counterexample& c, const ReportOrigin& origin);

struct Replay {
  ProgramOutcome outcome;
  std::string recorded_verdict;
  bool reproduced = false;  // the same verdict for the program and for every check
  // A report of a campaign's failure that did not reproduce when the report was written (why), or
  // empty: its recorded verdict is that of the check again, not the campaign's failure.
  std::string not_reproduced;
};

// Re-checks the program of a report directory. Throws SourceError for a missing or bad report.
Replay replay_report(const std::string& dir);

}  // namespace chad

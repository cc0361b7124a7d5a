// Failure classes of a campaign: its failing programs grouped by what their log lines say about
// the failure, so that a campaign with hundreds of failures prints a few lines. A class is the
// program's verdict (fail, fail-numeric, fault, crash), the checks that failed (mode and sums
// strategy, with the check's verdict where it differs from the program's), and for a fault or a
// crash its reason (fresh names' numbers, `v#12`, dropped so that one fault is one class).
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace chad {

struct FailureClass {
  std::string verdict;              // the programs' verdict
  // The failing checks: "rev biproduct", "fwd lifted (fault)", ...; "all 6 checks" when every
  // check of several failed with the programs' verdict.
  std::vector<std::string> checks;
  std::string reason;               // fault and crash: why (normalized); otherwise empty
  std::size_t programs = 0;         // how many programs are in the class
  std::size_t first_index = 0;      // the first of them (the lowest index)

  // "fail in rev biproduct, rev lifted", "fault in all 6 checks: REASON", "crash: REASON".
  std::string describe() const;
};

// One sentence for --help: what a failure class is.
extern const char* const kFailureClassHelp;

// The classes of the failing lines of a campaign log, in order of their first program. `tool`:
// the outside tool's name ("jax-jit-vjp") for checks of an adapter, whose lines say "adapter";
// a check of an outside tool is named by the tool, not by CHAD's mode and sums strategy.
std::vector<FailureClass> failure_classes(const std::vector<nlohmann::json>& lines, const std::string& tool = "");

// summary.md's "## Failures": the classes (each with its programs, its first program and, where
// the campaign directory `dir` holds one, a link to that program's report), then the failing
// programs one per line (the first `listed`, then how many more the log holds), each linked to
// its report where there is one. "None." when nothing failed.
std::string failures_markdown(const std::vector<nlohmann::json>& lines, const std::string& tool, const std::string& dir,
                              std::size_t listed = 100);

}  // namespace chad

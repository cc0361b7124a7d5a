// Faults planted in the judge itself, so that the test suite can show it would notice a broken
// judge (tests/oracle/judge_faults_test.cpp): each flag, when on, breaks one step the judge
// must get right. Like oracle/chad_faults.hpp, a process-wide switch, all off in every ordinary
// run; ScopedJudgeFaults switches a set on for its lifetime.
#pragma once
#include <cstddef>

#include "judge/verdict.hpp"

namespace chad {

struct JudgeFaults {
  bool certify_first_row_only = false;       // the certified check looks at the Jacobian's row 0 only
  bool verdict_from_last_check = false;      // a program's verdict is its last check's, not its worst
  bool accept_unbounded_enclosure = false;   // an unbounded or NaN enclosure that "meets" passes
  bool screen_clears_without_certifying = false;  // a screen disagreement passes uncertified
};

// The judge faults in force (all off).
inline JudgeFaults active_judge_faults;

// Switches `faults` on for its lifetime and restores what was in force.
class ScopedJudgeFaults {
 public:
  explicit ScopedJudgeFaults(const JudgeFaults& faults) : saved_(active_judge_faults) { active_judge_faults = faults; }
  ~ScopedJudgeFaults() { active_judge_faults = saved_; }
  ScopedJudgeFaults(const ScopedJudgeFaults&) = delete;
  ScopedJudgeFaults& operator=(const ScopedJudgeFaults&) = delete;

 private:
  JudgeFaults saved_;
};

// A program's verdict so far, after one more check: the worse of the two.
inline Verdict fold_check_verdict(Verdict so_far, Verdict check) {
  return active_judge_faults.verdict_from_last_check ? check : worse_verdict(so_far, check);
}

// How many of a Jacobian's `rows` the certified check judges: all of them.
inline std::size_t certified_rows(std::size_t rows) {
  return active_judge_faults.certify_first_row_only && rows > 1 ? 1 : rows;
}

}  // namespace chad

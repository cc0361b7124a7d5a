// The one vocabulary of verdicts every command speaks (campaign, verify, replay, mutants, the
// API, reports):
//   pass          the answer under test agrees with the reference (the double screen, or the
//                 certified interval check after the screen disagreed);
//   fail          certified: the answer and the certified reference are disjoint, or the
//                 answer is unbounded or NaN where the reference is finite (an unbounded
//                 enclosure meets everything and confirms nothing);
//   fail-numeric  the screen disagrees and no certificate could be had (also where CHAD's
//                 enclosure is finite in MPFR but wider than double's range and meets the reference);
//   skip          no derivative to compare here (a domain error, a tie of a comparison: the
//                 reason says "not differentiable here: ...", an overflow);
//   fault         the implementation's output is broken (does not type-check, fails internally);
//   crash         the worker process died while checking the program (campaigns only);
//   unsupported   an adapter's tool says the program is outside its fragment (never a failure);
//   fail-cost     the derivative is too expensive (cost/cost_check.hpp).
// A program's verdict is its worst check's, by rank: crash > fault > fail > fail-numeric >
// fail-cost > skip = unsupported > pass (judge/judge_faults.hpp's fold_check_verdict).
#pragma once
#include <string>
#include <vector>

namespace chad {

enum class Verdict { Pass, Fail, FailNumeric, Skip, Fault, Crash, Unsupported, FailCost };

// "pass", "fail", "fail-numeric", "skip", "fault", "crash", "unsupported", "fail-cost"
const char* verdict_name(Verdict v);
// Every verdict, in the order above.
const std::vector<Verdict>& all_verdicts();
// The rank above: 0 for pass, 6 for crash.
int verdict_rank(Verdict v);
// The worse of two verdicts, by rank (the first on a tie).
Verdict worse_verdict(Verdict a, Verdict b);
// Whether a verdict (or its name, as in a log line) counts against the implementation under
// test: fail, fail-numeric, fail-cost, fault, crash.
bool is_failure(Verdict v);
bool is_failure(const std::string& verdict_name);

}  // namespace chad

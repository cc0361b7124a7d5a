// One case of `verify` (one mode and sums strategy of an implementation at one point), judged in
// intervals with every entry's enclosure kept: the implementation's primal output against the
// program's own (both enclosed), and every Jacobian entry's enclosure against the certified
// reference's, each through judge_entry (judge/discrepancy.hpp), with the largest midpoint
// distance (`discrepancy`) and the largest gap between disjoint enclosures (`gap`) that verify's
// table and --json show. An implementation answers such a case through
// ImplementationUnderTest::enclose_at (judge/implementation_under_test.hpp) when it computes in
// intervals (interpreted CHAD); verify/verify.hpp judges CHAD's compiled kernels with it too.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chad/transformer.hpp"
#include "judge/discrepancy.hpp"
#include "judge/verdict.hpp"
#include "references/jacobian.hpp"

namespace chad {

struct VerifyCase {
  ChadMode mode;
  SumsStrategy sums;
  Verdict verdict = Verdict::Pass;
  std::string detail;      // what failed, where
  // The largest distance between the midpoints of CHAD's and the reference's enclosures,
  // relative (divided by max(1, |reference|)), over the Jacobian's entries.
  double discrepancy = 0;
  double gap = 0;  // the largest gap between the enclosures (0 when every pair meets)
  std::vector<std::vector<Enclosure>> enclosure;  // CHAD's Jacobian, [output][input]
  bool compiled = false;  // the compiled kernel (in double), not the interpreted target (in intervals)
  FunctionsStrategy functions = kDefaultFunctionsStrategy;  // CHAD's (interpreted cases)
  std::optional<Discrepancy> first_discrepancy{};  // the first entry that failed, as `detail` says
};

// Judges CHAD's enclosure `got` of Jacobian entry [i][j] against the reference's `want`
// (judge/discrepancy.hpp's judge_entry): the case's discrepancy grows to their relative
// midpoint distance, and the case becomes a fail when they are disjoint, or when either is unbounded (an infinite or NaN
// discrepancy never passes: a whole-line enclosure meets every reference and proves nothing).
void judge_jacobian_entry(VerifyCase& c, std::size_t i, std::size_t j, const Enclosure& got,
                          const Enclosure& want);

// Judges what an implementation computed, as enclosures (its output's index, its primal output's
// coordinates, its Jacobian [output][input]), against the certified reference and the program's
// own output in intervals (`output`): a different index fails (and nothing else is judged), a
// primal coordinate whose enclosure misses the program's fails, and each certified row of the
// Jacobian is judged by judge_jacobian_entry; the case keeps every entry's enclosure.
void judge_enclosures(VerifyCase& c, const Index& output_index, const std::vector<Enclosure>& outputs,
                      const std::vector<std::vector<Enclosure>>& jacobian, const JacobianResult& reference,
                      const std::vector<Enclosure>& output);

}  // namespace chad

// The judge's one ladder for a Jacobian computed by an implementation under test: the fast
// screen (the answer in double against the dual-number reference, within ScreenTolerance);
// where it disagrees, the certified interval reference, computed once per program and shared
// by its checks; where that cannot decide, `fail-numeric`; else the answer judged entry by entry
// against the certified enclosures (judge/discrepancy.hpp). Used by the campaign's CHAD
// checks (answers enclosed by re-evaluating CHAD in intervals) and by the checks of answers in
// double (string diagrams, compiled kernels: judge/double_jacobian_check.hpp); verify judges
// every entry with the same judge_entry.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/discrepancy.hpp"
#include "references/jacobian.hpp"

namespace chad {

// `screen_error`: the answer's largest relative difference from the dual-number reference.
// `certify`: judges the answer against the certified reference (called only after the screen
// disagreed and the certified reference is differentiable). `certified`: the certified
// reference, made here when first needed (when it is not finite: `fail-numeric`). Sets `screen_cleared`
// when the screen disagreed and the certified check passed.
Judgement screen_then_certify(const std::string& who, double screen_error, const CheckedProgram& program,
                              const NormalForm<double>& input, std::optional<JacobianResult>& certified,
                              const std::function<Judgement(const JacobianResult&)>& certify, bool& screen_cleared);

// The certified check of a whole Jacobian answer: judge_entry on each entry (the first failing
// one is the judgement). `answer(i, j)`: the answer's entry as an enclosure (lo == hi for a
// number, then with `tolerance` as in Discrepancy).
Judgement certify_entries(const std::string& who, const std::vector<std::vector<Enclosure>>& answer,
                          bool answer_is_number, double tolerance, const JacobianResult& certified);

}  // namespace chad

// `campaign --cross-check fd:RATE`: a sample of the programs is also differentiated by finite
// differences (references/, the method that uses no derivative formula at all) and compared
// with the certified interval reference. A disagreement beyond fd's own error estimate is a
// `fail`: a bug in the reference, or a fault CHAD and the reference share. fd's "cannot
// certify" (its step lost to rounding, or a comparison flipping within its step) is not one.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "references/jacobian.hpp"

namespace chad {

enum class CrossCheck { NotChecked, Agreed, Disagreed, CannotCertify };
const char* cross_check_name(CrossCheck c);  // "", "agree", "disagree", "cannot-certify"
std::optional<CrossCheck> parse_cross_check(const std::string& name);

// Whether a program is in the sample: decided from a hash of its text (a function of the
// program's seed), so a replay, and every re-check of the same program, agrees. Rate in [0, 1].
bool cross_check_sampled(const std::string& program_text, double rate);

// A campaign's cross-check counts (summary.json's "cross_check").
struct CrossCheckCounts {
  std::size_t checked = 0;         // programs in the sample that reached the cross-check
  std::size_t disagreements = 0;   // fd and the certified reference disagree: a `fail`
  std::size_t cannot_certify = 0;  // fd (or the certified reference) could not give a number
};

// Adds one program's result to the counts.
void count_cross_check(CrossCheck result, CrossCheckCounts& counts);

struct CrossCheckOutcome {
  CrossCheck result = CrossCheck::NotChecked;
  std::string detail;  // the entries that disagree, or why fd cannot certify
};

// fd against `certified` (the interval reference at the same point, differentiable). Called
// inside run_with_deep_stack.
CrossCheckOutcome cross_check_with_fd(const CheckedProgram& program, const NormalForm<double>& input,
                                      const JacobianResult& certified);

}  // namespace chad

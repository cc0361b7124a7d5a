// The verdict on CHAD at one point: CHAD in both modes and every sums strategy, evaluated in
// MPFI intervals, against the certified reference (the `interval` method). A case passes when
// CHAD's primal output encloses the same values as the source program's and every entry of
// CHAD's Jacobian enclosure meets the reference's. A fault of the transformation (its output
// does not type-check, the lifted-sum inconsistency, another internal error) fails the case.
// A program whose output holds a function or a stream has no Jacobian: it is judged by the
// logical relation (logrel/program_relation.hpp) in intervals, along one curve through the
// input; a case passes when the relation holds there.
#pragma once
#include <string>
#include <vector>

#include "chad/transformer.hpp"
#include "references/jacobian.hpp"

namespace chad {

enum class Verdict { Pass, Mismatch, Fault, NotDifferentiable };
const char* verdict_name(Verdict v);  // "pass", "mismatch", "fault", "not-differentiable"

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
};

struct VerifyReport {
  JacobianResult reference;  // the interval method
  std::vector<VerifyCase> cases;
  bool by_relation = false;  // judged by the logical relation (no Jacobian: higher-order output)
  bool differentiable() const { return reference.differentiable; }
  bool passed() const;
  double worst_discrepancy() const;
};

// `options.rules` (if set) replaces the standard rules in every case (fault injection).
VerifyReport verify_chad(const CheckedProgram& program, const NormalForm<double>& input,
                         const RuleTable* rules = nullptr);

}  // namespace chad

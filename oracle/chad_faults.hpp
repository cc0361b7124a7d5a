// The non-rule faults of a mutant (chad/transform_faults.hpp, target_semantics/evaluator_faults.hpp)
// and the guard that switches them on. The campaign installs the guard only around CHAD's
// transformation and CHAD's evaluation (oracle/campaign.cpp), shrinking inherits it through
// check_case, and blame around its checks: the faultable code is CHAD's alone (the
// transformation, the target formers, CHAD's derivative table), so a reference evaluated under
// the guard is unaffected. A null ChadFaults* costs one pointer test.
#pragma once
#include "chad/transform_faults.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {

struct ChadFaults {
  TransformFault transform = TransformFault::None;
  EvaluatorFault evaluator = EvaluatorFault::None;
  bool any() const { return transform != TransformFault::None || evaluator != EvaluatorFault::None; }
};

// Switches `faults` on for its lifetime (null: changes nothing) and restores what was in force.
class ScopedChadFaults {
 public:
  explicit ScopedChadFaults(const ChadFaults* faults)
      : on_(faults != nullptr), saved_transform_(active_transform_fault), saved_evaluator_(active_evaluator_fault) {
    if (!on_) return;
    active_transform_fault = faults->transform;
    active_evaluator_fault = faults->evaluator;
  }
  ~ScopedChadFaults() {
    if (!on_) return;
    active_transform_fault = saved_transform_;
    active_evaluator_fault = saved_evaluator_;
  }
  ScopedChadFaults(const ScopedChadFaults&) = delete;
  ScopedChadFaults& operator=(const ScopedChadFaults&) = delete;

 private:
  bool on_;
  TransformFault saved_transform_;
  EvaluatorFault saved_evaluator_;
};

}  // namespace chad

// Faults injected into the transformation's shared helpers rather than into one rule of the
// table (chad/transformer.hpp's RuleTable): the mutant catalogue (mutants/mutants.hpp) names
// them and oracle/chad_faults.hpp switches one on only while CHAD transforms a program. Off in
// every ordinary run; each helper that can be faulted tests this one variable.
#pragma once

namespace chad {

enum class TransformFault {
  None,
  // chad/inline_linear.cpp: a linear function bound once and applied at several sites is
  // inlined at its first application; the others apply it to 0 (their contribution is lost).
  InlinerDropsLaterUses,
  // chad/rule_helpers.hpp's bind_pair: lets of source names are floated out of a bound term
  // too, so a shadowing `let x = ..` inside it captures the x of the body after it.
  FloatsSourceLets,
};

// The fault in force (a process-wide switch: campaigns run checks one at a time per process).
inline TransformFault active_transform_fault = TransformFault::None;

}  // namespace chad

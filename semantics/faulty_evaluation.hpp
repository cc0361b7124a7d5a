// The mutants' versions of the target evaluator's (co)tangent addition and copower-fold
// (semantics/evaluator_faults.hpp): what evaluate_target.cpp runs instead of the correct code
// while such a fault is switched on. Each falls back to the correct operation where its fault
// does not apply.
#pragma once
#include <vector>

#include "model/linear_values.hpp"
#include "semantics/evaluator_faults.hpp"

namespace chad {

// a + b under the fault in force.
template <class S>
ValueP<S> faulty_add(const ValueP<S>& a, const ValueP<S>& b) {
  if (a->kind == ValueKind::Zero || b->kind == ValueKind::Zero || a->kind != b->kind) return add_linear<S>(a, b);
  switch (active_evaluator_fault) {
    case EvaluatorFault::AddArrayDropsLastEntry:
      if (a->kind == ValueKind::Array && !a->extra->data.empty()) {
        ValueP<S> sum = add_linear<S>(a, b);
        std::vector<S> data = sum->extra->data;
        data.back() = a->extra->data.back();  // b's last entry lost
        return array_value<S>(a->extra->shape, std::move(data));
      }
      break;
    case EvaluatorFault::AddCopowersKeepsLast:
      if (a->kind == ValueKind::Copower) return b;
      break;
    case EvaluatorFault::AddFunctionsKeepsLeft:
      if (a->kind == ValueKind::Closure) return a;
      break;
    default: break;
  }
  return add_linear<S>(a, b);
}

// copower-fold w with f, dropping the last term of a copower of two or more terms.
template <class S>
ValueP<S> copower_fold_dropping_last(const ValueP<S>& copower, const ValueP<S>& f) {
  std::vector<std::pair<ValueP<S>, ValueP<S>>> terms;
  for_each_copower_term<S>(copower, [&](const ValueP<S>& a, const ValueP<S>& l) { terms.emplace_back(a, l); });
  if (terms.size() >= 2) terms.pop_back();
  ValueP<S> total = zero_value<S>();
  for (const auto& [a, l] : terms) {
    ValueP<S> linear = f->call(a);
    if (linear->kind != ValueKind::Zero) total = add_linear<S>(total, linear->call(l));
  }
  return total;
}

}  // namespace chad

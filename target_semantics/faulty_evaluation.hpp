// The mutants' versions of the target evaluator's (co)tangent addition and copower-fold
// (target_semantics/evaluator_faults.hpp): what evaluate_target.cpp runs instead of the correct code
// while such a fault is switched on. Each falls back to the correct operation where its fault
// does not apply.
#pragma once
#include <vector>

#include "model/linear_values.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {

// a + b under the fault in force, by the structure of the values as add_linear, so that the
// fault reaches arrays and copowers inside context tuples.
template <class S>
ValueP<S> faulty_add(const ValueP<S>& a, const ValueP<S>& b) {
  if (a->kind == ValueKind::Zero) return b;
  if (b->kind == ValueKind::Zero) return a;
  if (a->kind != b->kind) return add_linear<S>(a, b);  // (the correct code's error)
  const EvaluatorFault fault = active_evaluator_fault;
  switch (a->kind) {
    case ValueKind::Pair:
      return pair_value<S>(faulty_add<S>(a->first, b->first), faulty_add<S>(a->second, b->second));
    case ValueKind::Inject:
      if (a->tag != b->tag) break;
      return inject_value<S>(a->tag, faulty_add<S>(a->first, b->first));
    case ValueKind::Roll: return roll_value<S>(faulty_add<S>(a->first, b->first));
    case ValueKind::Env:
      if (a->tag != b->tag) break;
      return env_value<S>(a->tag, faulty_add<S>(a->first, b->first));
    case ValueKind::Array:
      if (fault != EvaluatorFault::AddArrayDropsLastEntry || a->extra->data.empty()) break;
      {
        std::vector<S> data = add_linear<S>(a, b)->extra->data;
        data.back() = a->extra->data.back();  // b's last entry lost
        return array_value<S>(a->extra->shape, std::move(data));
      }
    case ValueKind::Copower:
      if (fault == EvaluatorFault::AddCopowersKeepsLast) return b;
      break;
    case ValueKind::Closure:
      if (fault == EvaluatorFault::AddFunctionsKeepsLeft) return a;
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

// The functorial action of D2 F / R2 F on a (co)tangent, guided by its primal (the fibre of a
// polynomial type F at a point): walks a (co)tangent of F[X / a] together with the primal
// value of F[Y / a] it sits over, and replaces the (co)tangent at every recursive position (a
// position of `a`) by f(primal there, (co)tangent there). The primal decides which constructor
// of each sum is present; the (co)tangent of a sum is read and rebuilt in the representation
// of the SumsStrategy. With `skip_zero` a zero (co)tangent is left as it is (right for maps
// that are linear in it); otherwise its positions are visited with zero (co)tangents.
#pragma once
#include "model/evaluation_fault.hpp"
#include "model/linear_values.hpp"
#include "semantics/functor_map.hpp"
#include "syntax/sums_strategy.hpp"
#include "target_semantics/evaluator_faults.hpp"

namespace chad {

template <class S, class F>
ValueP<S> map_tangent_positions(const Type& type, const ValueP<S>& primal, const ValueP<S>& tangent,
                                const std::string& var, NestedBinders& nested, SumsStrategy sums,
                                bool skip_zero, const F& f) {
  if (type.closed()) return tangent;
  const bool zero = tangent->kind == ValueKind::Zero;
  if (zero && skip_zero) return tangent;
  const ValueP<S>& z = zero_value<S>();
  auto part = [&](const ValueP<S>& v, bool second) -> const ValueP<S>& {
    return zero ? z : (second ? v->second : v->first);
  };
  switch (type.kind) {
    case TypeKind::Var: {
      const Type* binder = nested.find(type.var);
      if (!binder) return f(primal, tangent);
      if (active_evaluator_fault == EvaluatorFault::NestedMuDropsLaterPositions) [[unlikely]]  // mutant
        return map_tangent_positions<S>(*binder, primal, z, var, nested, sums, skip_zero, f);
      return map_tangent_positions<S>(*binder, primal, tangent, var, nested, sums, skip_zero, f);
    }
    case TypeKind::Prod: {  // left before right: f's effects happen in position order
      if (!zero) require_kind(*tangent, ValueKind::Pair, "a (co)tangent of a product in a fold or unfold");
      ValueP<S> left = map_tangent_positions<S>(*type.left, primal->first, part(tangent, false),
                                                var, nested, sums, skip_zero, f);
      return pair_value<S>(std::move(left),
                           map_tangent_positions<S>(*type.right, primal->second, part(tangent, true),
                                                    var, nested, sums, skip_zero, f));
    }
    case TypeKind::Sum: {
      const int tag = primal->tag, k = int(type.ctors.size());
      const Type& component_type = *type.ctors[tag].type;
      if (sums == SumsStrategy::Biproduct) {
        // The tuple t1 * (t2 * ... tk): walk component `tag`, keep the others.
        std::vector<ValueP<S>> components;
        for (int i = 0; i < k; ++i) components.push_back(tuple_part<S>(tangent, std::size_t(i), std::size_t(k)));
        components[tag] = map_tangent_positions<S>(component_type, primal->first, components[tag],
                                                   var, nested, sums, skip_zero, f);
        return tuple_value<S>(components);
      }
      if (!zero) require_kind(*tangent, ValueKind::Inject, "a lifted sum (co)tangent in a fold or unfold");
      if (!zero && tangent->tag != tag) throw LiftedSumInconsistency(tangent->tag, tag);
      return inject_value<S>(tag, map_tangent_positions<S>(component_type, primal->first,
                                                           part(tangent, false), var, nested,
                                                           sums, skip_zero, f));
    }
    case TypeKind::Mu: {
      if (type.var == var) return tangent;
      nested.binders.push_back(std::shared_ptr<const Type>(std::shared_ptr<const Type>{}, &type));
      const ValueP<S>& inner =
          zero ? z
               : (tangent->kind == ValueKind::Lazy
                      ? tangent->force()
                      : require_kind(*tangent, ValueKind::Roll, "an inductive (co)tangent in a fold").first);
      ValueP<S> mapped = map_tangent_positions<S>(*type.body, primal->first, inner, var, nested,
                                                  sums, skip_zero, f);
      nested.binders.pop_back();
      return roll_value<S>(std::move(mapped));
    }
    case TypeKind::Nu:
      throw InternalError(
          "CHAD's folds and unfolds over a type with a nested `nu` are not supported");
    default: return tangent;
  }
}

}  // namespace chad

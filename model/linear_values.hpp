// The vector-space structure of (co)tangent values (objects of Fam(Vect) with their types
// erased, shared/spec/chad.md "Representing the dependent types"): one zero value that stands
// for the zero of every linear type, addition by the structure of the values, and copowers
// `!A (x) L` as formal sums. Adding two injections with different constructors is the
// lifted-sum inconsistency, which a correct CHAD never triggers.
#pragma once
#include "model/evaluation_fault.hpp"
#include "model/value.hpp"

namespace chad {

// Raised by add_linear on `Ci a + Cj b` with i != j: an internal error of the transformation
// (or of an injected fault), which the oracle counts as a failure of CHAD.
class LiftedSumInconsistency : public InternalError {
 public:
  LiftedSumInconsistency(int left_tag, int right_tag)
      : InternalError("lifted-sum inconsistency: adding (co)tangents of constructors " +
                      std::to_string(left_tag) + " and " + std::to_string(right_tag)) {}
};

// Raised on `pack_G a + pack_H b` or `unpack_G (pack_H a)` with G != H: a function's cotangent
// reaching a closure other than the one that made it, which a correct CHAD never does (the
// efficient functions strategy, syntax/functions_strategy.hpp).
class EnvironmentInconsistency : public InternalError {
 public:
  EnvironmentInconsistency(int left_fingerprint, int right_fingerprint)
      : InternalError("environment inconsistency: a packed environment (co)tangent of context " +
                      std::to_string(left_fingerprint) + " meets context " + std::to_string(right_fingerprint)) {}
};

template <class S>
const ValueP<S>& zero_value() {
  static const ValueP<S> zero = [] {
    auto v = make_local<Value<S>>();
    v->kind = ValueKind::Zero;
    return ValueP<S>(std::move(v));
  }();
  return zero;
}

// The n-tuple v1 * (v2 * ... vn) (n = 1: the value itself): biproduct sum (co)tangents and
// the cotangents op^T returns.
template <class S>
ValueP<S> tuple_value(const std::vector<ValueP<S>>& parts) {
  ValueP<S> tuple = parts.back();
  for (std::size_t i = parts.size() - 1; i-- > 0;) tuple = pair_value<S>(parts[i], tuple);
  return tuple;
}

// Component i of such an n-tuple; the zero value stands for the tuple of zeros.
template <class S>
ValueP<S> tuple_part(ValueP<S> tuple, std::size_t i, std::size_t n) {
  for (std::size_t k = 0; k < i && tuple->kind != ValueKind::Zero; ++k)
    tuple = require_kind(*tuple, ValueKind::Pair, "a component of a biproduct (co)tangent").second;
  if (tuple->kind == ValueKind::Zero || i + 1 == n) return tuple;
  return require_kind(*tuple, ValueKind::Pair, "a component of a biproduct (co)tangent").first;
}

// The biproduct of n components with `payload` at `tag` and zeros elsewhere.
template <class S>
ValueP<S> biproduct_value(std::size_t n, std::size_t tag, ValueP<S> payload) {
  std::vector<ValueP<S>> parts(n, zero_value<S>());
  parts[tag] = std::move(payload);
  return tuple_value<S>(parts);
}

// !a (x) l, the copower with one term.
template <class S>
ValueP<S> copower_singleton(ValueP<S> primal, ValueP<S> linear) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Copower;
  v->tag = 0;
  v->first = std::move(primal);
  v->second = std::move(linear);
  return v;
}

// Calls f(primal, linear) for every term of a copower, left to right (iteratively: the sums
// built by a long fold are deep).
template <class S, class F>
void for_each_copower_term(const ValueP<S>& copower, const F& f) {
  std::vector<const Value<S>*> stack{copower.get()};
  while (!stack.empty()) {
    const Value<S>* v = stack.back();
    stack.pop_back();
    if (v->kind == ValueKind::Zero) continue;
    require_kind(*v, ValueKind::Copower, "copower-fold");
    if (v->tag == 0) {
      f(v->first, v->second);
    } else {
      stack.push_back(v->second.get());
      stack.push_back(v->first.get());
    }
  }
}

// a + b at any linear type, by the structure of the values: zero is the unit; reals and arrays
// add entrywise; pairs componentwise; injections and rolls under the constructor; linear
// functions and powers pointwise; lazy (linear coinductive) values when observed; copowers by
// concatenation; packed environments of one context by their contents.
template <class S>
ValueP<S> add_linear(const ValueP<S>& a, const ValueP<S>& b) {
  if (a->kind == ValueKind::Zero) return b;
  if (b->kind == ValueKind::Zero) return a;
  if (a->kind != b->kind) [[unlikely]]
    throw EvaluationFault(std::string("adding (co)tangents: ") + value_kind_name(a->kind) + " and " +
                          value_kind_name(b->kind));
  switch (a->kind) {
    case ValueKind::Scalar:
      count_scalar_ops(1);
      return scalar_value<S>(a->scalar + b->scalar);
    case ValueKind::Array: {
      const auto& x = a->extra->data;
      const auto& y = b->extra->data;
      if (a->extra->shape != b->extra->shape) [[unlikely]]
        throw EvaluationFault("adding (co)tangents: arrays of shapes " + shape_text(a->extra->shape) + " and " +
                              shape_text(b->extra->shape));
      count_scalar_ops(x.size());
      std::vector<S> sum;
      sum.reserve(x.size());
      for (std::size_t i = 0; i < x.size(); ++i) sum.push_back(x[i] + y[i]);
      return array_value<S>(a->extra->shape, std::move(sum));
    }
    case ValueKind::Unit: return a;
    case ValueKind::Pair:
      return pair_value<S>(add_linear<S>(a->first, b->first), add_linear<S>(a->second, b->second));
    case ValueKind::Inject:
      if (a->tag != b->tag) throw LiftedSumInconsistency(a->tag, b->tag);
      return inject_value<S>(a->tag, add_linear<S>(a->first, b->first));
    case ValueKind::Roll: return roll_value<S>(add_linear<S>(a->first, b->first));
    case ValueKind::Closure:
      return closure_value<S>([a, b](const ValueP<S>& x) { return add_linear<S>(a->call(x), b->call(x)); });
    case ValueKind::Lazy:
      return lazy_value<S>([a, b]() { return add_linear<S>(a->force(), b->force()); });
    case ValueKind::Copower: {
      count_allocation();
      auto v = make_local<Value<S>>();
      v->kind = ValueKind::Copower;
      v->tag = 1;
      v->first = a;
      v->second = b;
      return v;
    }
    case ValueKind::Env:
      if (a->tag != b->tag) throw EnvironmentInconsistency(a->tag, b->tag);
      return env_value<S>(a->tag, add_linear<S>(a->first, b->first));
    case ValueKind::Zero: break;
  }
  CHAD_INTERNAL_ASSERT(false, "add_linear: unknown value kind");
}

}  // namespace chad

// Values of the model (objects of Fam(Set) at a point), generic over the scalar type S:
// reals and arrays, unit, pairs, injections into sums, rolled inductive values, closures for
// functions, and lazy (memoised) values of coinductive `nu` types: only what is observed is
// computed. Values are immutable once built (the lazy cache aside) and shared.
// CHAD's target language adds two kinds for (co)tangents (model/linear_values.hpp): the zero
// of any linear type, and copowers (finite formal sums of (primal, linear) pairs).
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "model/cost_counter.hpp"
#include "model/local_ptr.hpp"
#include "syntax/location.hpp"

namespace chad {

template <class S>
struct Value;
template <class S>
using ValueP = LocalP<const Value<S>>;

enum class ValueKind { Scalar, Array, Unit, Pair, Inject, Roll, Closure, Lazy, Zero, Copower, Env };

// What only some values need, kept out of line so that the common values (reals, pairs,
// injections, rolls) stay small: an array's shape and entries, a closure's function, a lazy
// value's thunk and cache. A closure and a lazy value share `function` (a lazy value's thunk
// ignores its argument), so that a closure, made once per node of a fold's backpropagator, costs
// one std::function, not two.
template <class S>
struct Extra {
  std::vector<int> shape;                               // Array: rank >= 1
  std::vector<S> data;                                  // Array: entries, row-major
  // Closure: the function. Lazy: a value of `nu a. F`; forcing it (calling `function` with a null
  // argument) gives the unrolled value, of type F[nu a.F / a].
  std::function<ValueP<S>(const ValueP<S>&)> function;
  mutable ValueP<S> forced;  // Lazy: cache
};

template <class S>
struct Value {
  ValueKind kind;
  int tag = -1;                           // Inject: constructor position; Copower: see below;
                                          // Env: the fingerprint of the packed context's type
  S scalar{};                             // Scalar
  // Pair; Inject and Roll use `first` as payload; Copower: tag 0 is the singleton (first, second)
  // = (primal, linear), tag 1 the formal sum of the copowers `first` and `second`; Env: `first`
  // is the packed context (co)tangent (syntax/functions_strategy.hpp, efficient).
  ValueP<S> first, second;
  LocalP<const Extra<S>> extra;           // Array, Closure, Lazy

  // Closure: applies the function.
  ValueP<S> call(const ValueP<S>& argument) const {
    CHAD_INTERNAL_ASSERT(kind == ValueKind::Closure, "application of a value that is not a function");
    count_step();
    return extra->function(argument);
  }
  // Lazy: the unrolled value (computed once).
  const ValueP<S>& force() const {
    CHAD_INTERNAL_ASSERT(kind == ValueKind::Lazy, "force on a non-lazy value");
    if (!extra->forced) {
      count_step();
      extra->forced = extra->function(nullptr);
    }
    return extra->forced;
  }
};

template <class S>
ValueP<S> scalar_value(S x) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Scalar;
  v->scalar = std::move(x);
  return v;
}
template <class S>
ValueP<S> array_value(std::vector<int> shape, std::vector<S> data) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Array;
  auto extra = make_local<Extra<S>>();
  extra->shape = std::move(shape);
  extra->data = std::move(data);
  v->extra = std::move(extra);
  return v;
}
template <class S>
ValueP<S> unit_value() {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Unit;
  return v;
}
template <class S>
ValueP<S> pair_value(ValueP<S> a, ValueP<S> b) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Pair;
  v->first = std::move(a);
  v->second = std::move(b);
  return v;
}
template <class S>
ValueP<S> inject_value(int tag, ValueP<S> payload) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Inject;
  v->tag = tag;
  v->first = std::move(payload);
  return v;
}
// pack_G l: a closure's environment (co)tangent l, packed, with G's fingerprint.
template <class S>
ValueP<S> env_value(int fingerprint, ValueP<S> context) {
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Env;
  v->tag = fingerprint;
  v->first = std::move(context);
  return v;
}
template <class S>
ValueP<S> roll_value(ValueP<S> payload) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Roll;
  v->first = std::move(payload);
  return v;
}
template <class S>
ValueP<S> closure_value(std::function<ValueP<S>(const ValueP<S>&)> f) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Closure;
  auto extra = make_local<Extra<S>>();
  extra->function = std::move(f);
  v->extra = std::move(extra);
  return v;
}
// `thunk`: a callable of no argument giving the unrolled value.
template <class S, class Thunk>
ValueP<S> lazy_value(Thunk thunk) {
  count_allocation();
  auto v = make_local<Value<S>>();
  v->kind = ValueKind::Lazy;
  auto extra = make_local<Extra<S>>();
  extra->function = [thunk = std::move(thunk)](const ValueP<S>&) mutable { return ValueP<S>(thunk()); };
  v->extra = std::move(extra);
  return v;
}

}  // namespace chad

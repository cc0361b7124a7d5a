// Values of the model (objects of Fam(Set) at a point), generic over the scalar type S:
// reals and arrays, unit, pairs, injections into sums, rolled inductive values, closures for
// functions, and lazy (memoised) values of coinductive `nu` types: only what is observed is
// computed. Values are immutable once built (the lazy cache aside) and shared.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "syntax/location.hpp"

namespace chad {

template <class S>
struct Value;
template <class S>
using ValueP = std::shared_ptr<const Value<S>>;

enum class ValueKind { Scalar, Array, Unit, Pair, Inject, Roll, Closure, Lazy };

template <class S>
struct Value {
  ValueKind kind;
  S scalar{};                             // Scalar
  std::vector<int> shape;                 // Array: shape (rank >= 1)
  std::vector<S> data;                    // Array: entries, row-major
  ValueP<S> first, second;                // Pair; Inject and Roll use `first` as payload
  int tag = -1;                           // Inject: constructor position
  std::function<ValueP<S>(const ValueP<S>&)> function;  // Closure
  // Lazy: a value of `nu a. F`; forcing it gives the unrolled value, of type F[nu a.F / a].
  std::function<ValueP<S>()> thunk;
  mutable ValueP<S> forced;               // Lazy: cache

  // Lazy: the unrolled value (computed once).
  const ValueP<S>& force() const {
    CHAD_INTERNAL_ASSERT(kind == ValueKind::Lazy, "force on a non-lazy value");
    if (!forced) forced = thunk();
    return forced;
  }
};

template <class S>
ValueP<S> scalar_value(S x) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Scalar;
  v->scalar = std::move(x);
  return v;
}
template <class S>
ValueP<S> array_value(std::vector<int> shape, std::vector<S> data) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Array;
  v->shape = std::move(shape);
  v->data = std::move(data);
  return v;
}
template <class S>
ValueP<S> unit_value() {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Unit;
  return v;
}
template <class S>
ValueP<S> pair_value(ValueP<S> a, ValueP<S> b) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Pair;
  v->first = std::move(a);
  v->second = std::move(b);
  return v;
}
template <class S>
ValueP<S> inject_value(int tag, ValueP<S> payload) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Inject;
  v->tag = tag;
  v->first = std::move(payload);
  return v;
}
template <class S>
ValueP<S> roll_value(ValueP<S> payload) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Roll;
  v->first = std::move(payload);
  return v;
}
template <class S>
ValueP<S> closure_value(std::function<ValueP<S>(const ValueP<S>&)> f) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Closure;
  v->function = std::move(f);
  return v;
}
template <class S>
ValueP<S> lazy_value(std::function<ValueP<S>()> thunk) {
  auto v = std::make_shared<Value<S>>();
  v->kind = ValueKind::Lazy;
  v->thunk = std::move(thunk);
  return v;
}

}  // namespace chad

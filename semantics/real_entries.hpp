// The entries of a real value (a scalar or an array of any shape) as one flat run, and a real
// value shaped like another made entry by entry: what elementwise primitives are written with
// (semantics/primitive_ops.cpp, semantics/primitive_ops_second_set.cpp).
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

#include "model/value.hpp"

namespace chad {

template <class S>
const S* entries(const Value<S>& v) {
  return v.kind == ValueKind::Scalar ? &v.scalar : v.extra->data.data();
}
template <class S>
std::size_t entry_count(const Value<S>& v) {
  return v.kind == ValueKind::Scalar ? 1 : v.extra->data.size();
}

// A real value shaped like `like`, with entry i given by f(i).
template <class S, class F>
ValueP<S> elementwise(const Value<S>& like, F f) {
  if (like.kind == ValueKind::Scalar) return scalar_value<S>(f(0));
  std::vector<S> data;
  data.reserve(like.extra->data.size());
  for (std::size_t i = 0; i < like.extra->data.size(); ++i) data.push_back(f(i));
  return array_value<S>(like.extra->shape, std::move(data));
}

}  // namespace chad

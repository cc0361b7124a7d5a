// Test support for the kernels' runtime against the evaluator (tests/codegen/runtime_*_test.cpp):
// values made from and read as flat runs of doubles, and their comparison.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/value.hpp"

namespace chad::testing {

using Vec = std::vector<double>;

inline std::size_t size_of(const std::vector<int>& shape) {
  std::size_t n = 1;
  for (int s : shape) n *= std::size_t(s);
  return n;
}
inline ValueP<double> value_of(const std::vector<int>& shape, const Vec& data) {
  if (shape.empty()) return scalar_value<double>(data[0]);
  return array_value<double>(shape, data);
}
// A value's entries (none for a zero).
inline Vec entries(const ValueP<double>& v) {
  if (v->kind == ValueKind::Zero) return {};
  return v->kind == ValueKind::Scalar ? Vec{v->scalar} : v->extra->data;
}
inline std::vector<const Value<double>*> raw(const std::vector<ValueP<double>>& values) {
  std::vector<const Value<double>*> out;
  for (const auto& v : values) out.push_back(v.get());
  return out;
}
// Equal up to 4 ulps (generated kernels built with -march=native may contract a*b+c to fma).
inline void expect_same(const Vec& runtime, const Vec& evaluator, const std::string& what) {
  ASSERT_EQ(runtime.size(), evaluator.size()) << what;
  for (std::size_t k = 0; k < runtime.size(); ++k) EXPECT_DOUBLE_EQ(runtime[k], evaluator[k]) << what << " entry " << k;
}
inline double inner(const Vec& a, const Vec& b) {
  double total = 0;
  for (std::size_t k = 0; k < a.size(); ++k) total += a[k] * b[k];
  return total;
}

}  // namespace chad::testing

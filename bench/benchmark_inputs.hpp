// The inputs of the issue-13 benchmark programs (bench/programs/*.chad) at a size n: every
// program's input is some parameter arrays followed by a list of n elements, so one
// description (the parameters' and an element's shapes, and the list's kind) gives the
// normal form as the kernel ABI takes it (pre-order constructor tags and coordinates) and the
// interpreter's value. The numbers are deterministic and moderate (no overflow in exp).
#pragma once
#include <cmath>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "model/value.hpp"

namespace chad::bench {

using Shape = std::vector<int>;  // {} is a scalar

struct InputLayout {
  std::vector<Shape> parameters;  // the def's parameters before the list, in order
  std::vector<Shape> element;     // one list element: one shape, or a pair of two
  bool non_empty = false;         // < Last : e | Cons : e * l > rather than < Nil : unit | Cons : e * l >
};

// The normal form at the ABI, and the list's length.
struct BenchInput {
  std::vector<int> tags;
  std::vector<double> coords;
  std::size_t count = 0;
};

inline int shape_size(const Shape& shape) {
  int size = 1;
  for (int extent : shape) size *= extent;
  return size;
}

inline int parameters_size(const InputLayout& layout) {
  int size = 0;
  for (const Shape& s : layout.parameters) size += shape_size(s);
  return size;
}

inline int element_size(const InputLayout& layout) {
  int size = 0;
  for (const Shape& s : layout.element) size += shape_size(s);
  return size;
}

// coordinate(i) gives the i-th coordinate (parameters first, then the elements in order).
inline BenchInput make_input(const InputLayout& layout, std::size_t count,
                             const std::function<double(std::size_t)>& coordinate) {
  BenchInput input;
  input.count = count;
  const std::size_t dimension = parameters_size(layout) + count * element_size(layout);
  input.coords.resize(dimension);
  for (std::size_t i = 0; i < dimension; ++i) input.coords[i] = coordinate(i);
  // Pre-order tags: Cons (1) per element; the list ends in Nil (0), or its last element is Last (0).
  input.tags.assign(layout.non_empty ? count - 1 : count, 1);
  input.tags.push_back(0);
  return input;
}

// The same input as a value of the program's input type (for the interpreter). Iterative, so
// a long list needs no deep stack to build (its destruction may: keep it on one).
inline ValueP<double> input_value(const InputLayout& layout, const BenchInput& input) {
  std::size_t next = 0;
  auto take = [&](const Shape& shape) {
    const int size = shape_size(shape);
    std::vector<double> data(input.coords.begin() + next, input.coords.begin() + next + size);
    next += size;
    return shape.empty() ? scalar_value<double>(data[0]) : array_value<double>(shape, data);
  };
  std::vector<ValueP<double>> parameters;
  for (const Shape& s : layout.parameters) parameters.push_back(take(s));
  std::vector<ValueP<double>> elements;
  for (std::size_t i = 0; i < input.count; ++i) {
    ValueP<double> first = take(layout.element[0]);
    elements.push_back(layout.element.size() == 1 ? first : pair_value<double>(first, take(layout.element[1])));
  }
  ValueP<double> list;
  std::size_t i = elements.size();
  if (layout.non_empty) {
    list = roll_value<double>(inject_value<double>(0, elements[--i]));
  } else {
    list = roll_value<double>(inject_value<double>(0, unit_value<double>()));
  }
  while (i > 0) list = roll_value<double>(inject_value<double>(1, pair_value<double>(elements[--i], list)));
  ValueP<double> value = list;
  for (std::size_t p = parameters.size(); p-- > 0;) value = pair_value<double>(parameters[p], value);
  return value;
}

// The benchmark programs' layouts and data.
inline InputLayout horner_layout() { return {{{}}, {{}}, true}; }
template <int D, int K>
InputLayout gmm_layout() { return {{{K}, {K, D}, {K, D}}, {{D}}, false}; }
inline InputLayout mlp_layout() { return {{{16, 8}, {16}, {4, 16}, {4}}, {{8}, {4}}, false}; }
inline InputLayout ode_layout() { return {{{4}, {2}}, {{}}, false}; }

// x = 0.75, ck = 1 / (k + 1) (as bench_chad.cpp): p and its gradient stay of order 1 at any n.
inline BenchInput horner_input(std::size_t n) {
  return make_input(horner_layout(), n, [](std::size_t i) { return i == 0 ? 0.75 : 1.0 / double(i); });
}

// Parameters and points in [-1, 1] (log precisions in [-0.2, 0.2]): every component's
// exponent stays above -100, no exp underflows to 0 and log never sees 0.
template <int D, int K>
BenchInput gmm_input(std::size_t n) {
  return make_input(gmm_layout<D, K>(), n, [](std::size_t i) {
    const double t = std::sin(0.61 * double(i) + 0.3);
    const bool log_precision = i >= std::size_t(K + K * D) && i < std::size_t(K + 2 * K * D);
    return log_precision ? 0.2 * t : t;
  });
}

// Weights of order 0.3 (no saturation), inputs in [-1, 1], targets in [0, 1].
inline BenchInput mlp_input(std::size_t n) {
  const InputLayout layout = mlp_layout();
  const std::size_t parameters = parameters_size(layout), example = element_size(layout);
  return make_input(layout, n, [=](std::size_t i) {
    if (i < parameters) return 0.3 * std::sin(0.37 * double(i) + 0.1);
    const std::size_t within = (i - parameters) % example;
    const double t = std::sin(0.73 * double(i));
    return within < 8 ? t : 0.5 + 0.5 * t;
  });
}

// p = (1, 0.5, 0.5, 1), y0 = (1, 0.5), n steps of 1 / n: the same orbit up to T = 1 at every n.
inline BenchInput ode_input(std::size_t n) {
  const double start[6] = {1, 0.5, 0.5, 1, 1, 0.5};
  return make_input(ode_layout(), n, [=](std::size_t i) { return i < 6 ? start[i] : 1.0 / double(n); });
}

}  // namespace chad::bench

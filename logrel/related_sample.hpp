// Related arguments for checking function values (logrel/relation.hpp): a curve r -> a(r)
// through a random point of the argument type, with what CHAD's side holds for it. Data types:
// a random value (small integers and halves; inductive values of depth <= 2) moving along a
// random direction. Functions from a type of fixed shape (reals, arrays, unit, products) to a
// data type: affine maps a -> c(r) + M a (M random, small integers); functions into other
// types that can be sampled: constant functions. Streams nu a. T * a: every element its own
// sample, drawn lazily when observed. Products componentwise. Other types (sums or mu holding
// functions, other nu types) cannot be sampled: a check needing them is left out.
// A sampled function's CHAD side is in the FunctionsStrategy's representation (paper: its own
// tangent a power, its cotangents copowers; efficient: a packed env, kSampleFingerprint).
// Deterministic given the generator's state.
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <string>

#include "logrel/relation.hpp"
#include "model/normal_form.hpp"
#include "syntax/chad_types.hpp"

namespace chad {

using SampleRng = std::mt19937_64;

template <class S>
struct RelatedSample {
  ValueP<Dual<S>> source;  // the argument on the curve, with its derivative
  ValueP<S> primal;        // CHAD's primal of it (D1 A forward, R1 A reverse)
  ValueP<S> tangent;       // forward: its tangent along the curve (D2 A)
  Pullback<S> pair;        // reverse: a cotangent (R2 A) paired with its derivative
  std::string text;        // for messages, e.g. "(1.5 + 0.5 r)"
};

// The curve through a point of a data type moving along `direction` (fibre coordinates).
template <class S>
RelatedSample<S> curve_through(const TypeP& type, const NormalForm<double>& point,
                               const std::vector<double>& direction, SumsStrategy sums);

// The fingerprint of a sampled function's packed environments (no context type's: negative).
inline constexpr int kSampleFingerprint = -7;

template <class S>
std::optional<RelatedSample<S>> sample_related(const TypeP& type, ChadMode mode, SumsStrategy sums,
                                               SampleRng& rng,
                                               FunctionsStrategy functions = FunctionsStrategy::Paper);

}  // namespace chad

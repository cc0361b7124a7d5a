// The Euclidean-family normal form of a value of a data type (paper Def. 10.12): a data type
// (closed; built from real[..], unit, *, sums and mu) denotes a family of Euclidean spaces
// R^n indexed by a discrete set. A value is an index (its discrete shape: constructors and
// lengths) and coordinates in R^n, listed in the order the reals appear when the value is
// printed, left to right, arrays row-major. `rebuild` is the inverse.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "model/value.hpp"
#include "syntax/type.hpp"

namespace chad {

// The discrete shape of a data value: a tree mirroring the value with its reals left out.
struct Index {
  enum class Kind { Reals, Unit, Pair, Inject, Roll };
  Kind kind = Kind::Unit;
  int reals = 0;                 // Reals: how many coordinates (1 for a scalar, product of shape)
  int tag = -1;                  // Inject: constructor position
  std::string ctor;              // Inject: constructor name
  std::vector<Index> children;   // Pair: 2; Inject, Roll: 1

  // Canonical printed form: the value with each real array written `_`, e.g.
  // "roll Cons (_, roll Nil ())". Equal indices print equally; parse_index reads it back.
  std::string to_string() const;
  // Number of coordinates (the dimension n of the fibre R^n).
  int dimension() const;
  bool operator==(const Index& other) const;
  bool operator!=(const Index& other) const { return !(*this == other); }
};

struct IndexHash {
  std::size_t operator()(const Index& index) const;
};

// Reads the printed form back, for the data type `type`. Throws SourceError on bad text.
Index parse_index(const TypeP& type, const std::string& text);

template <class S>
struct NormalForm {
  Index index;
  std::vector<S> coords;
};

// Precondition: is_data_type(type) and `value` has that type.
template <class S>
NormalForm<S> normal_form(const TypeP& type, const ValueP<S>& value);

// Precondition: index describes a value of `type` and coords.size() == index.dimension().
template <class S>
ValueP<S> rebuild(const TypeP& type, const Index& index, const std::vector<S>& coords);

}  // namespace chad

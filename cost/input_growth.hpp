// Growing a program's input to a size N, for the cost model's growth exponents
// (cost/cost_measure.hpp): every inductive (mu) part of the input, outside any other, is
// rebuilt with N nodes; the rest of the input is kept. A list (a mu with one recursive position
// per node) gets length N; a tree (several positions) N nodes, balanced (the children's sizes
// differ by at most one). The nodes that count are those whose constructor has a recursive
// position or carries reals (Cons and Last count, Nil does not). The nodes' contents are the
// input's own, cycled in order, constructor by constructor (deterministic), so the input must
// already hold a node with a recursive position; with GrowthContents::Varied each node's reals are
// the copied ones times a factor of its own in [15/16, 17/16] (no two nodes alike, zeros and signs
// kept: the size check, oracle/size_check.hpp, where a fault that reads one node for another must
// show). Arrays have static shapes in their types and
// are not grown; neither are coinductive values (inputs are data types; a stream output is
// observed, not grown).
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/normal_form.hpp"
#include "syntax/type.hpp"

namespace chad {

// The input cannot be grown (the message says why).
class GrowthError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The grown nodes' reals: the input's own (Copied) or each node's scaled by its own factor (Varied).
enum class GrowthContents { Copied, Varied };

// Whether a value of `type` (a data type) has an inductive part to grow.
bool has_growable_part(const TypeP& type);

// Preconditions: is_data_type(type), `input` a value of it, size >= 1. Throws GrowthError where
// nothing can be grown or a mu part holds no node with a recursive position to copy.
NormalForm<double> grow_input(const TypeP& type, const NormalForm<double>& input, std::size_t size,
                              GrowthContents contents = GrowthContents::Copied);

// The slope of log(costs) against log(sizes), fitted by least squares. Preconditions: at least
// two distinct sizes, every size and cost > 0, as many costs as sizes.
double growth_exponent(const std::vector<double>& sizes, const std::vector<double>& costs);

}  // namespace chad

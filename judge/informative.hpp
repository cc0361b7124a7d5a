// Whether a check can expose a derivative fault ("informative"), the measure of how well the
// generator's programs exercise CHAD (issue 12). A wrong derivative rule most often changes a
// non-trivial number; a Jacobian of only 0, +1 and -1 entries (a projection, a sum, a program
// that ignores its input) stays the same under many faults (a dropped factor, a swapped sign
// of a weight 1, a lost cotangent where nothing flows).
//   Jacobian checks (data outputs): the input and the output are non-empty (at least one real
//     coordinate each in their normal forms at this point) and the reference Jacobian has at
//     least one entry that is not 0, +1 or -1 (and is finite).
//   Relation checks (function and stream outputs, judge/relation_verdict.hpp): the input is
//     non-empty and the logical relation compared at least one derivative along its curve
//     (the program's side, at a real coordinate of the observed output: after applying a
//     returned function to sampled arguments, or after unrolling a stream) that is not 0, +1
//     or -1. The curve's direction (relation_direction) has entries 1, -0.5, 2, ..., so a
//     derivative along it is a weighted sum of Jacobian entries of the observation.
// A program's checks share the reference, so they are all informative or all not (relation
// checks: up to the samples of the modes).
#pragma once
#include <cstddef>

#include "references/jacobian.hpp"

namespace chad {

// A number a wrong derivative would visibly change: finite, not 0, +1 or -1.
bool informative_entry(double derivative);

// The rule for Jacobian checks, on the reference Jacobian.
bool informative_jacobian(const JacobianResult& reference);

// The rule for relation checks: feed it every compared derivative
// (RelationOptions::on_compared_derivative), then ask.
class RelationInformativeness {
 public:
  explicit RelationInformativeness(std::size_t input_dimension) : input_dimension_(input_dimension) {}
  void observe(double derivative) { found_ = found_ || informative_entry(derivative); }
  bool informative() const { return input_dimension_ > 0 && found_; }

 private:
  std::size_t input_dimension_;
  bool found_ = false;
};

}  // namespace chad

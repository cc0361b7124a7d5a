// The logical relations of CHAD's correctness proof (paper §11–13, the scone predicates), made
// executable on one differentiable curve r -> x(r) through a point. For a value of type B on
// the curve, the source side is the program's value evaluated in dual numbers (its dual part is
// the derivative d/dr at r = 0) and the CHAD side is the primal (D1 B / R1 B) with, forward,
// the tangent (D2 B) CHAD computes along the curve or, reverse, the pullback of a cotangent of
// B to a number (the cotangent CHAD returns, paired with the curve's direction). Forward:
//   real[s]  the primal equals the value and the tangent the derivative along the curve;
//   A * B    componentwise;   <Ci : Ai>  the same constructor, then that component;
//   mu a.F   structurally (finite);   nu a.F   on the observations, up to `depth` unrolls;
//   A -> B   on sampled related arguments (logrel/related_sample.hpp), the results are
//            related at B (up to `depth` nested applications), the function's own tangent
//            (the power D1 A -> D2 B) added to the derivative through the argument.
// Reverse is the same with cotangents: at reals, <pullback(c), direction> = <c, derivative>;
// at A -> B the cotangent of the function is the copower !a (x) c of the sampled argument.
// Efficient functions strategy (syntax/functions_strategy.hpp): forward, the function's own
// tangent (an env) enters beside the argument's, b' @ (env, da); reverse, it is the env part of
// b' @ c, beside the argument's cotangent.
// A failure says at which position of the type it was found.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "model/dual.hpp"
#include "model/value.hpp"
#include "syntax/functions_strategy.hpp"
#include "syntax/sums_strategy.hpp"
#include "syntax/type.hpp"

namespace chad {

struct RelationOptions {
  SumsStrategy sums = SumsStrategy::Biproduct;  // how CHAD's sum (co)tangents are represented
  FunctionsStrategy functions = FunctionsStrategy::Paper;  // and its function (co)tangents
  int depth = 3;           // nested function applications and stream unrolls observed
  // Data positions are compared only past this many of them (the size check's deep observation,
  // oracle/size_check.hpp: a stream observed 100,000 unrolls deep, compared at its far end, costs
  // one pullback instead of one per unroll); 0: everywhere.
  int compare_from = 0;
  int samples = 2;         // related arguments tried at each function value
  std::uint64_t seed = 1;  // of those arguments (the same seed gives the same arguments)
  // Sees every derivative along the curve (the program's side) that the relation compares at
  // a real coordinate, in double (judge/informative.hpp: is the check informative?).
  std::function<void(double)> on_compared_derivative;
};

struct RelationFailure {
  std::string position;  // in the type, e.g. "snd . apply(x = 1.5 + 0.5 r) . unroll . fst"
  std::string detail;    // what differs
  double error = 0;      // relative difference in double; infinity for a discrete mismatch
};

// Pairs a cotangent of the value's type with the curve's direction (reverse mode).
template <class S>
using Pullback = std::function<S(const ValueP<S>&)>;

// Forward: checks the relation at `type` between the source's value on the curve and CHAD's
// primal and tangent. Null when it holds. Throws what evaluation throws (DomainError,
// ComparisonUndecided from a sampled argument are caught and that sample skipped).
template <class S>
std::optional<RelationFailure> check_forward_relation(const TypeP& type, const ValueP<Dual<S>>& source,
                                                      const ValueP<S>& primal, const ValueP<S>& tangent,
                                                      const RelationOptions& options);

// Reverse: the same with CHAD's pullback of cotangents of `type`.
template <class S>
std::optional<RelationFailure> check_reverse_relation(const TypeP& type, const ValueP<Dual<S>>& source,
                                                      const ValueP<S>& primal, const Pullback<S>& pullback,
                                                      const RelationOptions& options);

}  // namespace chad

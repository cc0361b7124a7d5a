// CHAD's Jacobian, the quantity the oracle judges: transform main with chad/ and evaluate the
// target in the model; forward mode pushes the one-hot tangents of the input's fibre through
// the derivative map (one column each), reverse mode pulls back the one-hot cotangents of the
// output's fibre (one row each). The fibres are those of the normal forms (model/fibre.hpp).
// Generic over double, Mpfr and Mpfi (intervals: every entry an enclosure of CHAD's value).
#pragma once
#include <vector>

#include "chad/transformer.hpp"
#include "references/jacobian.hpp"

namespace chad {

template <class S>
struct ChadEvaluation {
  Index output_index;
  std::vector<S> output;                 // primal output coordinates
  std::vector<std::vector<S>> jacobian;  // [output][input]
};

// Preconditions: as compute_jacobian. Throws ComparisonUndecided where a comparison ties,
// LiftedSumInconsistency / TargetTypeError / InternalError on a fault of the transformation.
template <class S>
ChadEvaluation<S> evaluate_chad_jacobian(const CheckedProgram& program, const ChadProgram& chad,
                                         const NormalForm<double>& input);
// CHAD's target program run once at a point: the output and its derivative (a linear map);
// `apply` applies the derivative to one seed given by its fibre coordinates: forward, an input
// tangent to the output's (J v); reverse, an output cotangent to the input's (w^T J).
template <class S>
struct ChadAtPoint {
  NormalForm<S> output;
  ValueP<S> derivative;
  std::vector<S> apply(const CheckedProgram& program, const ChadProgram& chad, const Index& input_index,
                       const std::vector<S>& seed) const;
};
template <class S>
ChadAtPoint<S> run_chad_at(const CheckedProgram& program, const ChadProgram& chad, const Index& input_index,
                           const std::vector<S>& coords);

// The same at input coordinates already in S (dual numbers seeded with a tangent: CHAD's
// Jacobian differentiated once more, oracle/chad_hessian.hpp).
template <class S>
ChadEvaluation<S> evaluate_chad_jacobian_at(const CheckedProgram& program, const ChadProgram& chad,
                                            const Index& input_index, const std::vector<S>& coords);

// The `chad-fwd` / `chad-rev` methods in double.
JacobianResult jacobian_by_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                ChadMode mode, SumsStrategy sums,
                                FunctionsStrategy functions = kDefaultFunctionsStrategy);

}  // namespace chad

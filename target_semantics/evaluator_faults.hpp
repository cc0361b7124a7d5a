// Faults injected into the evaluation of CHAD's output (target_semantics/evaluate_target.cpp,
// recursion_target.cpp, primitive_derivatives.cpp) and into CHAD's derivative table
// (target_semantics/derivative_table.hpp): the mutant catalogue (mutants/mutants.hpp) names them and
// oracle/chad_faults.hpp switches one on only while CHAD's output is evaluated. None of this
// code runs for a reference (they evaluate source terms, never target formers). Off in every
// ordinary run; each faultable place tests this one variable.
#pragma once

namespace chad {

enum class EvaluatorFault {
  None,
  // (Co)tangent addition (the LinAdd former):
  AddArrayDropsLastEntry,    // arrays: the sum's last entry is the left operand's
  AddCopowersKeepsLast,      // copowers (cotangents of functions): the left operand is lost
  AddFunctionsKeepsLeft,     // linear functions (tangents of functions): the right one is lost
  CopowerFoldDropsLastTerm,  // a copower-fold of two or more terms ignores the last
  RevUnfoldDeep,             // rev_unfold: nodes at depth >= 3 pass back no cotangent
  FwdUnfoldDeep,             // fwd_unfold: the tangent stream is 0 from depth 3 on
  MatvecTransposeWide,       // matvec^T: columns from `rows` on get no cotangent (cols > rows)
  MatvecForwardDropsDm,      // matvec': dm x dropped (only m dx)
  ProdTransposeByDivision,   // prod^T: u p / v_i, 0 at a zero entry (wrong only at zero entries)
  SoftmaxNoMaxShift,         // softmax in logsumexp' and softmax': exp v / sum exp v, no shift
  MatmulTransposeSquare,     // matmul^T: a^T u sums rows of a up to min(m, k) (wrong when m > k)
  // The efficient functions strategy's closure environments (pack_G):
  PackZeroTestInnermost,  // pack_G l is 0 when l's innermost variable's component is 0 (the
                          // others' lost): a fault that shows only in contexts of two or more
  // CHAD's derivative of a * b by quotients, (a b) / a for b and (a b) / b for a: right but where
  // a factor is exactly 0, where it is NaN (0 / 0) and the reference is finite (issue #34):
  MulByQuotients,
  DivNegativeDivisor,        // (a / b)' and ^T: the a db / b^2 term's sign lost where b < 0
  NestedMuDropsLaterPositions,  // [h] over a nested mu: the positions past its first unrolling get 0
  FwdUnfoldWraps16,  // fwd_unfold: a node's position kept in 16 bits, so the tangents of nodes past 65,536 are 0
  TapeIndexWraps16,  // rev_fold's tape (target_semantics/reverse_fold_tape.cpp): a child's record index kept in
                     // 16 bits, so past 65,536 nodes the backward walk reads the wrong records
  // CHAD's derivative table, one wrong entry each:
  SigmoidOnePlus,    // sigmoid' = s (1 + s)
  TanhOnePlus,       // tanh' = 1 + tanh^2
  LogInverseSquare,  // log' = 1 / x^2
  // The second set's elementwise half (target_semantics/derivative_table_second_set.cpp):
  Log1pAsLog,          // log1p' = 1 / x (log's)
  AbsLosesSign,        // abs' = 1 (right for x > 0 only)
  PowDropsLogPartial,  // pow(x, y)' loses x^y log x dy (right where x = 1)
  Atan2ThirdQuadrant,  // atan2(y, x)': both partials' signs flipped where x < 0 and y < 0
  MaxTakesMinSide,     // max(x, y)' = dy where x > y, dx where y > x
  // Right at first order, wrong at second (visible only when CHAD's output is itself
  // differentiated, over dual numbers: oracle/chad_hessian.hpp); detached = its tangent dropped:
  SigmoidPrimalDetached,  // sigmoid' = s (1 - s) with s detached (a stop-gradient of the primal factor)
  MulPrimalDetached,      // (a b)' = da b + a db and (a b)^T v = (v b, v a) with a, b detached
};

// x with its tangent dropped when S is a dual number (a stop-gradient); x itself otherwise.
template <class S>
S detached(S x) {
  if constexpr (requires { x.tangent; }) x.tangent = decltype(x.tangent)(0);
  return x;
}

// The fault in force (a process-wide switch: campaigns run checks one at a time per process).
inline EvaluatorFault active_evaluator_fault = EvaluatorFault::None;

}  // namespace chad

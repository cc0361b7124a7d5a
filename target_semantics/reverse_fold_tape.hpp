// `rev_fold z with x -> b` (target_semantics/recursion_target.cpp) without native recursion and without
// a closure per node: the forward pass folds the primal bottom-up with an explicit stack and
// keeps, per node occurrence, only the body's backpropagator w' and where its children's
// records are (a tape); the backpropagator of the whole fold walks the tape with an explicit
// stack. The arithmetic is the recursive definition's, in the same order:
//   back v = let (g, dx) = w' v in (g + sum_c fst (back_c dx_c), roll_lin dx[snd (back_c dx_c)])
// (children visited left to right, each child's whole subtree before the next; its sum added to
// g after it). A million-node list then costs a small record per node instead of a closure with
// its captures and a deep native stack.
#pragma once
#include "semantics/evaluate.hpp"
#include "syntax/sums_strategy.hpp"

namespace chad {

// The pair (result, backpropagator) of the fold of `start` over `mu var. functor` with `body`
// in `env`. Precondition: `functor` contains no nested `nu` (its positions are reached lazily).
template <class S>
ValueP<S> reverse_fold_by_tape(const Type& functor, const std::string& var, SumsStrategy sums,
                               const TermP& body, const Env<S>& env, const ValueP<S>& start);

}  // namespace chad

// The evaluator of CHAD's target formers (syntax/term.hpp, target kinds) into the model:
// linear functions are closures, (co)tangents are values with the one zero of
// model/linear_values.hpp, copowers formal sums, and the folds and unfolds of CHAD's output
// (target_semantics/recursion_target.cpp) fold / unfold the primal and build derivative maps.
// Called by evaluate() for the target kinds; source kinds go back to evaluate().
#pragma once
#include <type_traits>

#include "model/dual.hpp"
#include "model/scalar.hpp"
#include "semantics/evaluate.hpp"

namespace chad {

template <class S>
inline constexpr bool kEvaluatesTarget =
    std::is_same_v<S, double> || std::is_same_v<S, Mpfr> || std::is_same_v<S, Mpfi> ||
    std::is_same_v<S, Dual<double>>;  // CHAD differentiated twice (oracle/chad_hessian.hpp)

// Precondition: `t` is a checked target node of a target kind.
template <class S>
ValueP<S> evaluate_target(const Term& t, const Env<S>& env);

// The folds and unfolds of CHAD's output (FwdFold, RevFold, FwdUnfold, RevUnfold).
template <class S>
ValueP<S> evaluate_recursion(const Term& t, const Env<S>& env);

// The zero (co)tangent at a primal value (zero-fn strategy): zero reals, and sums as the
// primal's constructor; functions, inductive and coinductive values get the zero value.
template <class S>
ValueP<S> zero_at_primal(const ValueP<S>& primal);

}  // namespace chad

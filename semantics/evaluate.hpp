// The denotational interpreter of checked source terms into the model, generic over the
// scalar type S (double, Mpfr, Mpfi, Dual<...>). Functions become closures; values of `nu`
// types are lazy (only what is observed is computed). Domain errors of partial primitives
// throw DomainError naming the primitive and its argument; undecidable comparisons throw
// ComparisonUndecided. `fold` works bottom-up with an explicit stack, but values, environments
// and terms can still be deep enough that destroying or printing them recurses deeply: run
// evaluations inside run_with_deep_stack (syntax/deep_stack.hpp).
#pragma once
#include <memory>
#include <unordered_map>
#include <vector>

#include "model/value.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// A persistent environment, innermost binding first; Var's de Bruijn index counts from it.
template <class S>
struct EnvNode {
  ValueP<S> value;
  LocalP<const EnvNode<S>> next;
};
template <class S>
using Env = LocalP<const EnvNode<S>>;

template <class S>
Env<S> extend(const Env<S>& env, ValueP<S> value) {
  return make_local<const EnvNode<S>>(EnvNode<S>{std::move(value), env});
}

// One comparison `<` / `>` met during evaluation: where, its outcome, and |a - b| (as double).
// A kink of the second set (abs, max, min, hypot, atan2) is recorded as one too, with the
// primitive's name in `kink` and its arguments in `x`, `y` (reports say how far a point is).
struct ComparisonRecord {
  Loc loc;
  bool result;
  double margin;
  const char* kink = nullptr;
  double x = 0, y = 0;
};

// When non-null, the evaluator appends every comparison it decides to this trace (the finite
// difference method uses it to detect a comparison that flips between nearby points).
inline thread_local std::vector<ComparisonRecord>* comparison_trace = nullptr;

// Blame (triage/blame.hpp) needs the values subterms' free variables hold: while
// `evaluation_watch<S>` points at a watch, the evaluator records, for each watched term (a key
// of `envs`), the environments in which it is evaluated (the first `limit` distinct ones).
template <class S>
struct EvaluationWatch {
  std::size_t limit = 1;
  std::unordered_map<const Term*, std::vector<Env<S>>> envs;
};
template <class S>
inline thread_local EvaluationWatch<S>* evaluation_watch = nullptr;

// Live coverage (oracle/live_coverage.hpp) watches and perturbs the values source nodes
// produce: while `value_probe<S>` points at a probe, every value a source node evaluates to is
// passed through `observe(node, value)`, and the evaluation goes on with what it returns.
// Null (the default) costs one pointer test per node.
template <class S>
struct ValueProbe {
  virtual ~ValueProbe() = default;
  virtual ValueP<S> observe(const Term& node, ValueP<S> value) = 0;
};
template <class S>
inline thread_local ValueProbe<S>* value_probe = nullptr;

// CHAD's target kinds (syntax/term.hpp) are not evaluated here: the evaluator of CHAD's output
// (target_semantics/evaluate_target.cpp, code under test) registers itself for double, MPFR and
// MPFI when it is linked, and evaluate() hands it every node of a target kind. The trusted
// source semantics thus links nothing of it; a target node with none registered is an
// InternalError.
template <class S>
using TargetKindEvaluator = ValueP<S> (*)(const Term& t, const Env<S>& env);
template <class S>
inline TargetKindEvaluator<S> target_kind_evaluator = nullptr;

// Precondition: `term` is checked, and `env` holds values for its free variables.
template <class S>
ValueP<S> evaluate(const TermP& term, const Env<S>& env);

// Applies a closure value.
template <class S>
ValueP<S> apply(const ValueP<S>& function, const ValueP<S>& argument);

// Runs the entry point of a checked program on an input value of its input type.
template <class S>
ValueP<S> run_main(const CheckedProgram& program, const ValueP<S>& input);

}  // namespace chad

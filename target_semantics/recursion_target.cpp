// The folds and unfolds of CHAD's output (chad/forward_rules.cpp, chad/reverse_rules.cpp).
// For the source `fold t with x -> s` over mu a.F with result S, in context G:
//   rev_fold z with x -> b   folds z bottom-up; at a node whose children's results are
//     (w_c, back_c), x := F[w_c / a] and b gives (w, w'); the node's result is (w, back) with
//     back v = let (g, dx) = w' v in (g + sum_c fst (back_c dx_c), roll_lin dx[snd (back_c dx_c)])
//   fwd_fold z with x -> b   the same with (w, d), d : D2(G) * D2(subtree) -o D2(S):
//     d (g, dt) = w' (g, (unroll_lin dt)[d_c (g, dt_c)])
// For `unfold t with x -> s` over nu a.F with seed type S: each seed's node evaluates b once,
// giving (step, step'); its children are the seeds at the recursive positions of step.
//   rev_unfold: the primal stream is map_F (child streams) step, lazily; the backpropagator
//     of a (finite) stream cotangent c = roll_lin c' is
//     back c = let (g, ds) = step' (c'[snd (back_c c'_c)]) in (g + sum_c fst (back_c c'_c), ds)
//   fwd_unfold: d (g, ds) is the lazy tangent stream roll_lin ((step' (g, ds))[d_c (g, ds_c)]).
// Here `[h_c]` is map_tangent_positions: h_c applied at each recursive position c.
#include <memory>

#include "model/evaluation_fault.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/evaluate_target.hpp"
#include "target_semantics/evaluator_faults.hpp"
#include "target_semantics/reverse_fold_tape.hpp"
#include "target_semantics/tangent_positions.hpp"

namespace chad {
namespace {

template <class S>
struct Recursion {
  const Type* functor;   // F
  std::string var;       // a
  TermP body;
  Env<S> env;
  SumsStrategy sums;
};
template <class S>
using RecursionP = std::shared_ptr<const Recursion<S>>;

template <class S>
ValueP<S> run_body(const Recursion<S>& r, const ValueP<S>& x) {
  return evaluate<S>(r.body, extend<S>(r.env, x));
}

template <class S, class F>
ValueP<S> map_positions(const Recursion<S>& r, const ValueP<S>& v, const F& f) {
  NestedBinders nested;
  return map_functor<S>(*r.functor, v, r.var, nested, f);
}

template <class S, class F>
ValueP<S> map_tangents(const Recursion<S>& r, const ValueP<S>& primal, const ValueP<S>& tangent,
                       bool skip_zero, const F& f) {
  NestedBinders nested;
  return map_tangent_positions<S>(*r.functor, primal, tangent, r.var, nested, r.sums, skip_zero, f);
}

template <class S>
ValueP<S> first_of(const ValueP<S>& v) { return v->first; }

// ---- folds --------------------------------------------------------------------------------

// The result (w, derivative) at one node; `reverse` chooses back or d.
template <class S>
ValueP<S> fold_node(const RecursionP<S>& r, const ValueP<S>& rolled, bool reverse) {
  count_step();  // the node's visit
  // F[(w_c, derivative_c) / a]: the children's results at the recursive positions.
  ValueP<S> children = map_positions<S>(*r, rolled->first, [&](const ValueP<S>& child) {
    return fold_node<S>(r, child, reverse);
  });
  ValueP<S> step = run_body<S>(*r, map_positions<S>(*r, children, first_of<S>));
  ValueP<S> derivative = step->second;
  if (reverse) {
    return pair_value<S>(step->first, closure_value<S>([r, children, derivative](const ValueP<S>& v) {
      ValueP<S> q = derivative->kind == ValueKind::Zero ? derivative : derivative->call(v);
      if (q->kind == ValueKind::Zero) return q;
      const Value<S>& gdx = require_kind(*q, ValueKind::Pair, "a fold's backpropagator");
      ValueP<S> g = gdx.first;
      ValueP<S> dx = map_tangents<S>(*r, children, gdx.second, true,
                                     [&](const ValueP<S>& child, const ValueP<S>& c) {
                                       ValueP<S> back = child->second->call(c);
                                       if (back->kind == ValueKind::Zero) return back;
                                       require_kind(*back, ValueKind::Pair, "a fold's backpropagator");
                                       g = add_linear<S>(g, back->first);
                                       return back->second;
                                     });
      return pair_value<S>(g, dx->kind == ValueKind::Zero ? dx : roll_value<S>(dx));
    }));
  }
  return pair_value<S>(step->first, closure_value<S>([r, children, derivative](const ValueP<S>& gt) {
    if (gt->kind != ValueKind::Zero) require_kind(*gt, ValueKind::Pair, "a fold's derivative");
    ValueP<S> g = gt->kind == ValueKind::Zero ? gt : gt->first;
    ValueP<S> dt = gt->kind == ValueKind::Zero ? gt : gt->second;
    if (dt->kind != ValueKind::Zero) require_kind(*dt, ValueKind::Roll, "a fold's derivative");
    ValueP<S> node = dt->kind == ValueKind::Zero ? dt : dt->first;  // unroll_lin
    ValueP<S> dx = map_tangents<S>(*r, children, node, false,
                                   [&](const ValueP<S>& child, const ValueP<S>& c) {
                                     return child->second->call(pair_value<S>(g, c));
                                   });
    if (derivative->kind == ValueKind::Zero) return derivative;
    return derivative->call(pair_value<S>(g, dx));
  }));
}

// ---- unfolds ------------------------------------------------------------------------------

// One seed's node: the body evaluated once, shared by the primal stream and the derivative.
template <class S>
struct UnfoldNode : std::enable_shared_from_this<UnfoldNode<S>> {
  RecursionP<S> r;
  ValueP<S> seed;
  bool reverse;
  int depth = 1;  // the root's node is at depth 1 (read only by the deep-stream mutants)
  ValueP<S> step, derivative;
  ValueP<S> children;  // step with (child stream, child derivative) at the recursive positions

  void evaluate_once() {
    if (step) return;
    ValueP<S> result = run_body<S>(*r, seed);
    derivative = result->second;
    children = map_positions<S>(*r, result->first, [&](const ValueP<S>& child_seed) {
      auto child = std::make_shared<UnfoldNode<S>>();
      child->r = r;
      child->seed = child_seed;
      child->reverse = reverse;
      child->depth = depth + 1;
      return pair_value<S>(child->stream(), child->derivative_map());
    });
    step = result->first;
  }

  ValueP<S> stream() {
    auto self = this->shared_from_this();
    return lazy_value<S>([self]() {
      self->evaluate_once();
      return map_positions<S>(*self->r, self->children, first_of<S>);
    });
  }

  ValueP<S> derivative_map() {
    auto self = this->shared_from_this();
    if (reverse)
      return closure_value<S>([self](const ValueP<S>& c) -> ValueP<S> {
        if (c->kind == ValueKind::Zero) return c;
        if (active_evaluator_fault == EvaluatorFault::RevUnfoldDeep && self->depth >= 3) [[unlikely]]
          return zero_value<S>();  // a mutant: no cotangent back from depth 3 on
        self->evaluate_once();
        ValueP<S> unrolled = c->kind == ValueKind::Lazy
                                 ? c->force()
                                 : require_kind(*c, ValueKind::Roll, "an unfold's backpropagator").first;
        ValueP<S> g = zero_value<S>();
        ValueP<S> dstep = map_tangents<S>(*self->r, self->children, unrolled, true,
                                          [&](const ValueP<S>& child, const ValueP<S>& cc) {
                                            ValueP<S> back = child->second->call(cc);
                                            if (back->kind == ValueKind::Zero) return back;
                                            require_kind(*back, ValueKind::Pair, "an unfold's backpropagator");
                                            g = add_linear<S>(g, back->first);
                                            return back->second;
                                          });
        if (self->derivative->kind == ValueKind::Zero) return pair_value<S>(g, zero_value<S>());
        ValueP<S> q = self->derivative->call(dstep);
        if (q->kind == ValueKind::Zero) return pair_value<S>(g, q);
        require_kind(*q, ValueKind::Pair, "an unfold's backpropagator");
        return pair_value<S>(add_linear<S>(g, q->first), q->second);
      });
    return closure_value<S>([self](const ValueP<S>& gs) -> ValueP<S> {
      if (active_evaluator_fault == EvaluatorFault::FwdUnfoldDeep && self->depth >= 3) [[unlikely]]
        return zero_value<S>();  // a mutant: the tangent stream is 0 from depth 3 on
      if (active_evaluator_fault == EvaluatorFault::FwdUnfoldWraps16 && self->depth > 65536) [[unlikely]]
        return zero_value<S>();  // a mutant: the tangent stream is 0 past 65,536 nodes
      return lazy_value<S>([self, gs]() {
        self->evaluate_once();
        if (gs->kind != ValueKind::Zero) require_kind(*gs, ValueKind::Pair, "an unfold's derivative");
        ValueP<S> g = gs->kind == ValueKind::Zero ? gs : gs->first;
        ValueP<S> dstep = self->derivative->kind == ValueKind::Zero
                              ? self->derivative
                              : self->derivative->call(gs);
        return map_tangents<S>(*self->r, self->children, dstep, false,
                               [&](const ValueP<S>& child, const ValueP<S>& ds) {
                                 return child->second->call(pair_value<S>(g, ds));
                               });
      });
    });
  }
};

}  // namespace

template <class S>
ValueP<S> evaluate_recursion(const Term& t, const Env<S>& env) {
  const bool fold = t.kind == TermKind::FwdFold || t.kind == TermKind::RevFold;
  const bool reverse = t.kind == TermKind::RevFold || t.kind == TermKind::RevUnfold;
  const Type& fixpoint = fold ? *t.annot->left : *t.annot->right;
  if (fold && reverse && !contains_nu(*fixpoint.body))
    return reverse_fold_by_tape<S>(*fixpoint.body, fixpoint.var, t.sums, t.args[1], env, evaluate<S>(t.args[0], env));
  auto r = std::make_shared<const Recursion<S>>(
      Recursion<S>{fixpoint.body.get(), fixpoint.var, t.args[1], env, t.sums});
  ValueP<S> start = evaluate<S>(t.args[0], env);
  if (fold) return fold_node<S>(r, start, reverse);
  auto node = std::make_shared<UnfoldNode<S>>();
  node->r = r;
  node->seed = start;
  node->reverse = reverse;
  return pair_value<S>(node->stream(), node->derivative_map());
}

#define CHAD_INSTANTIATE_RECURSION(S) \
  template ValueP<S> evaluate_recursion<S>(const Term&, const Env<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_RECURSION)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_RECURSION)

}  // namespace chad

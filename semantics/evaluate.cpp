// The evaluator: one function per term former, dispatched on the node kind.
#include "semantics/evaluate.hpp"

#include "model/scalar_list.hpp"
#include "model/second_order_scalar_list.hpp"
#include "model/tape_scalar_list.hpp"
#include "model/evaluation_fault.hpp"
#include "model/linear_values.hpp"
#include "semantics/functor_map.hpp"
#include "semantics/primitive_ops.hpp"

namespace chad {
namespace {

template <class S>
class Evaluator {
 public:
  static ValueP<S> eval(const Term& t, const Env<S>& env) {
    if (value_probe<S> != nullptr) [[unlikely]] return eval_probed(t, env);
    return eval_unprobed(t, env);
  }

 private:
  [[gnu::noinline]] static ValueP<S> eval_probed(const Term& t, const Env<S>& env) {
    return value_probe<S>->observe(t, eval_unprobed(t, env));
  }

  // Inlined into eval, so that the unprobed evaluation costs no extra call per node.
  [[gnu::always_inline]] static ValueP<S> eval_unprobed(const Term& t, const Env<S>& env) {
    if (evaluation_watch<S> != nullptr) [[unlikely]] watch(t, env);
    count_step();
    switch (t.kind) {
      case TermKind::Var: return lookup(t, env);
      case TermKind::Literal: return scalar_value<S>(ScalarTraits<S>::from_double(t.literal));
      case TermKind::ArrayLit: return array_literal(t, env);
      case TermKind::Unit: return unit();
      case TermKind::Pair: {  // left to right, so the first error in source order is reported
        ValueP<S> first = eval(*t.args[0], env);
        return pair_value<S>(std::move(first), eval(*t.args[1], env));
      }
      case TermKind::Fst:
      case TermKind::Snd: {
        ValueP<S> holder;
        const Value<S>* pair = borrow(*t.args[0], env, holder);
        if (pair->kind == ValueKind::Zero) return zero_value<S>();  // a linear projection of 0
        require_kind(*pair, ValueKind::Pair, "a projection (fst, snd)");
        return t.kind == TermKind::Fst ? pair->first : pair->second;
      }
      case TermKind::Let: return eval(*t.args[1], extend<S>(env, eval(*t.args[0], env)));
      case TermKind::Lambda: {
        const Term* body = t.args[0].get();
        TermP keep = t.args[0];
        return closure_value<S>([body, keep, env](const ValueP<S>& x) {
          return eval(*body, extend<S>(env, x));
        });
      }
      case TermKind::App: {
        ValueP<S> f = eval(*t.args[0], env);
        if (f->kind == ValueKind::Zero) return f;  // the zero power, applied
        require_kind(*f, ValueKind::Closure, "an application");
        return f->call(eval(*t.args[1], env));
      }
      case TermKind::Inject: return inject_value<S>(t.index, eval(*t.args[0], env));
      case TermKind::Case: {
        ValueP<S> holder;
        const Value<S>* v = borrow(*t.args[0], env, holder);
        require_kind(*v, ValueKind::Inject, "a case");
        for (const Branch& b : t.branches)
          if (b.tag == v->tag) return eval(*b.body, extend<S>(env, v->first));
        throw InternalError("case: no branch for the value's constructor");
      }
      case TermKind::Roll: return roll_value<S>(eval(*t.args[0], env));
      case TermKind::Fold: return fold(t, eval(*t.args[0], env), env);
      case TermKind::Unroll: return eval(*t.args[0], env)->force();
      case TermKind::Unfold: return unfold(t, eval(*t.args[0], env), env);
      case TermKind::Ascribe: return eval(*t.args[0], env);
      case TermKind::Prim: {
        if (t.args.size() <= 2) {
          ValueP<S> holders[2];
          const Value<S>* args[2];
          for (std::size_t i = 0; i < t.args.size(); ++i) args[i] = borrow(*t.args[i], env, holders[i]);
          return apply_primitive<S>(t, args);
        }
        std::vector<ValueP<S>> holders(t.args.size());
        std::vector<const Value<S>*> args(t.args.size());
        for (std::size_t i = 0; i < t.args.size(); ++i) args[i] = borrow(*t.args[i], env, holders[i]);
        return apply_primitive<S>(t, args.data());
      }
      default:
        if (const TargetKindEvaluator<S> target = target_kind_evaluator<S>) return target(t, env);
        throw InternalError(
            "CHAD's target terms are evaluated in double, MPFR and MPFI only, by the target evaluator "
            "(target_semantics/, when linked)");
    }
    CHAD_INTERNAL_ASSERT(false, "eval: unknown term kind");
  }

  static void watch(const Term& t, const Env<S>& env) {
    EvaluationWatch<S>& w = *evaluation_watch<S>;
    auto it = w.envs.find(&t);
    if (it == w.envs.end()) return;
    std::vector<Env<S>>& seen = it->second;
    if (seen.size() < w.limit && (seen.empty() || seen.back() != env)) seen.push_back(env);
  }

  static const ValueP<S>& lookup(const Term& var, const Env<S>& env) {
    const EnvNode<S>* node = env.get();
    for (int i = 0; i < var.index; ++i) node = node->next.get();
    return node->value;
  }

  // The value of `t` without taking a reference to it where it is already held (a variable,
  // or a projection of one): `holder` keeps a freshly computed value alive otherwise. Saves
  // the reference-count traffic of `fst p + snd p` on every node of a fold.
  static const Value<S>* borrow(const Term& t, const Env<S>& env, ValueP<S>& holder) {
    if (value_probe<S> != nullptr) [[unlikely]] {  // every node's value passes the probe
      holder = eval(t, env);
      return holder.get();
    }
    if (evaluation_watch<S> != nullptr) [[unlikely]] watch(t, env);
    switch (t.kind) {
      case TermKind::Var: count_step(); return lookup(t, env).get();
      case TermKind::Fst:
      case TermKind::Snd: {
        count_step();
        const Value<S>* pair = borrow(*t.args[0], env, holder);
        if (pair->kind == ValueKind::Zero) return pair;  // a linear projection of 0 is 0
        require_kind(*pair, ValueKind::Pair, "a projection (fst, snd)");
        const Value<S>* part = (t.kind == TermKind::Fst ? pair->first : pair->second).get();
        if (holder && holder.get() == pair) holder = t.kind == TermKind::Fst ? pair->first : pair->second;
        return part;
      }
      default:
        holder = eval(t, env);
        return holder.get();
    }
  }

  static const ValueP<S>& unit() {
    static const ValueP<S> u = uncounted([] { return unit_value<S>(); });
    return u;
  }

  static ValueP<S> array_literal(const Term& t, const Env<S>& env) {
    std::vector<S> data;
    const std::size_t row = std::size_t(t.type->real_count() / t.type->shape[0]);
    for (const TermP& e : t.args) {
      ValueP<S> v = eval(*e, env);
      if (v->kind == ValueKind::Zero) {  // a zero tangent row (CHAD's target)
        data.resize(data.size() + row, S(0));
        continue;
      }
      require_reals(*v, row, "a row of an array literal");
      if (v->kind == ValueKind::Scalar)
        data.push_back(v->scalar);
      else
        data.insert(data.end(), v->extra->data.begin(), v->extra->data.end());
    }
    return array_value<S>(t.type->shape, std::move(data));
  }

  // What a fold or unfold needs at every node; shared by the lazy values it creates, which
  // may be forced after the call that made them has returned.
  struct Recursion {
    TypeP fixpoint;  // mu a. F (fold) or nu a. F (unfold)
    TermP body;
    Env<S> env;
  };
  using RecursionP = std::shared_ptr<const Recursion>;

  // fold (roll v) with x -> e'  =  e'[x := map_F (fold - with x -> e') v]
  static ValueP<S> fold_node(const RecursionP& r, const ValueP<S>& rolled) {
    count_step();  // the node's visit
    NestedBinders nested;
    auto recurse = [r](const ValueP<S>& child) { return fold_node(r, child); };
    ValueP<S> mapped =
        map_functor<S>(*r->fixpoint->body, rolled->first, r->fixpoint->var, nested, recurse);
    return eval(*r->body, extend<S>(r->env, std::move(mapped)));
  }

  static ValueP<S> fold(const Term& t, const ValueP<S>& value, const Env<S>& env) {
    auto r = std::make_shared<const Recursion>(Recursion{t.args[0]->type, t.args[1], env});
    // A nested `nu` maps its positions lazily, so only the recursive form can reach them.
    if (contains_nu(*r->fixpoint->body)) return fold_node(r, value);
    return fold_iteratively(*r, value);
  }

  // An entry of a fold's explicit stack: a node, before (expanded = false) or after its
  // children were pushed.
  struct FoldFrame {
    const Value<S>* node;  // kept alive by the root
    std::size_t children;
    bool expanded;
  };
  // The explicit stacks of one fold. A fold over a million-node value needs megabytes of them;
  // they are kept per thread and reused (a fold inside a fold body takes another set), so that
  // each fold does not pay for growing and page-faulting fresh ones.
  struct FoldScratch {
    std::vector<FoldFrame> stack;
    std::vector<ValueP<S>> results, positions;
  };
  // Takes a spare set of this thread's (or a new one) and gives it back emptied, also when the
  // fold is stopped by an error.
  class ScratchLease {
   public:
    ScratchLease() {
      if (spare().empty()) {
        scratch_ = std::make_unique<FoldScratch>();
      } else {
        scratch_ = std::move(spare().back());
        spare().pop_back();
      }
    }
    ~ScratchLease() {
      scratch_->stack.clear();
      scratch_->results.clear();
      scratch_->positions.clear();
      spare().push_back(std::move(scratch_));
    }
    FoldScratch& operator*() { return *scratch_; }

   private:
    static std::vector<std::unique_ptr<FoldScratch>>& spare() {
      thread_local std::vector<std::unique_ptr<FoldScratch>> s;
      return s;
    }
    std::unique_ptr<FoldScratch> scratch_;
  };

  // The same fold, bottom-up with an explicit stack instead of native frames (values are
  // often a million nodes deep). Nodes are expanded parent first and finished in post-order;
  // a finished node's children's results are the top entries of `results`, in the order
  // map_functor asks for them.
  static ValueP<S> fold_iteratively(const Recursion& r, const ValueP<S>& root) {
    const Type& node_type = *r.fixpoint->body;
    const std::string& var = r.fixpoint->var;
    ScratchLease lease;
    auto& [stack, results, positions] = *lease;
    stack.push_back({root.get(), 0, false});
    NestedBinders nested;
    while (!stack.empty()) {
      FoldFrame frame = stack.back();
      stack.pop_back();
      if (!frame.expanded) {
        positions.clear();
        collect_positions<S>(node_type, frame.node->first, var, nested, positions);
        stack.push_back({frame.node, positions.size(), true});
        for (auto it = positions.rbegin(); it != positions.rend(); ++it)
          stack.push_back({it->get(), 0, false});
        continue;
      }
      count_step();  // the node's visit
      const std::size_t base = results.size() - frame.children;
      std::size_t next = base;
      auto take = [&](const ValueP<S>&) { return std::move(results[next++]); };
      ValueP<S> mapped = map_functor<S>(node_type, frame.node->first, var, nested, take);
      results.resize(base);
      results.push_back(eval(*r.body, extend<S>(r.env, std::move(mapped))));
    }
    return std::move(results.back());
  }

  // unroll (unfold s with x -> e')  =  map_F (unfold - with x -> e') (e'[x := s])
  static ValueP<S> unfold_node(const RecursionP& r, const ValueP<S>& seed) {
    return lazy_value<S>([r, seed]() {
      ValueP<S> step = eval(*r->body, extend<S>(r->env, seed));
      NestedBinders nested;
      auto recurse = [r](const ValueP<S>& s) { return unfold_node(r, s); };
      return map_functor<S>(*r->fixpoint->body, step, r->fixpoint->var, nested, recurse);
    });
  }

  static ValueP<S> unfold(const Term& t, const ValueP<S>& seed, const Env<S>& env) {
    auto r = std::make_shared<const Recursion>(Recursion{t.type, t.args[1], env});
    return unfold_node(r, seed);
  }
};

}  // namespace

template <class S>
ValueP<S> evaluate(const TermP& term, const Env<S>& env) {
  return Evaluator<S>::eval(*term, env);
}

template <class S>
ValueP<S> apply(const ValueP<S>& function, const ValueP<S>& argument) {
  return function->call(argument);
}

template <class S>
ValueP<S> run_main(const CheckedProgram& program, const ValueP<S>& input) {
  return apply<S>(evaluate<S>(program.main_function, nullptr), input);
}

#define CHAD_INSTANTIATE_EVALUATOR(S)                                              \
  template ValueP<S> evaluate<S>(const TermP&, const Env<S>&);                     \
  template ValueP<S> apply<S>(const ValueP<S>&, const ValueP<S>&);                 \
  template ValueP<S> run_main<S>(const CheckedProgram&, const ValueP<S>&);
CHAD_FOR_EACH_SCALAR(CHAD_INSTANTIATE_EVALUATOR)
CHAD_FOR_EACH_SECOND_ORDER_SCALAR(CHAD_INSTANTIATE_EVALUATOR)
CHAD_FOR_EACH_TAPE_SCALAR(CHAD_INSTANTIATE_EVALUATOR)

}  // namespace chad

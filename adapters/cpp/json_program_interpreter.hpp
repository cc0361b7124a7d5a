// The tool-side evaluator of the oracle's JSON form of programs (docs/program-json.md),
// header-only and generic in the scalar type S, so that an AD tool's active type (ADOL-C's
// `adouble`, Ceres's `Jet`) drops in. It is deliberately independent of the oracle's own
// evaluator (no semantics/ or model/): the C++ adapters run the program through it. Its meaning
// follows the language spec: closures for functions, lazy memoised values for `nu` types,
// primitives elementwise on arrays, sums and products accumulated left to right. Comparisons
// and domain checks read the scalar's current value (ScalarTraits<S>::value_of); domain errors
// of log, sqrt and division throw DomainError. Folds and the value conversions recurse once per
// node of a value: run deep inputs on a big stack (run_on_big_stack).
// The program's form is json_program.hpp, its values json_program_values.hpp.
#pragma once
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pthread.h>

#include <nlohmann/json.hpp>

#include "json_program.hpp"
#include "json_program_array_ops.hpp"
#include "json_program_elementwise_ops.hpp"
#include "json_program_values.hpp"

namespace chad_adapter {

// ---- The evaluator ----

template <class S>
class Interpreter {
 public:
  // A persistent environment, innermost binding first (Var's de Bruijn index counts from it).
  struct EnvNode {
    ValueP<S> value;
    std::shared_ptr<const EnvNode> next;
  };
  using Env = std::shared_ptr<const EnvNode>;

  static Env extend(const Env& env, ValueP<S> value) {
    return std::make_shared<const EnvNode>(EnvNode{std::move(value), env});
  }

  // main applied to `input`.
  static ValueP<S> run(const Program& program, const ValueP<S>& input) {
    return eval(program.main, nullptr)->function(input);
  }

  static ValueP<S> eval(const NodeP& t, const Env& env) {
    const auto& a = t->args;
    switch (t->former) {
      case Former::Var: {
        const EnvNode* node = env.get();
        for (int i = 0; i < t->index; ++i) node = node->next.get();
        return node->value;
      }
      case Former::Literal: return real_value<S>({}, {ScalarTraits<S>::constant(t->literal)});
      case Former::Array: {
        std::vector<S> data;
        for (const NodeP& e : a) {
          ValueP<S> row = eval(e, env);
          data.insert(data.end(), row->reals.begin(), row->reals.end());
        }
        return real_value<S>(t->type->shape, std::move(data));
      }
      case Former::Unit: return unit_value<S>();
      case Former::Pair: {
        ValueP<S> first = eval(a[0], env);
        return pair_value<S>(std::move(first), eval(a[1], env));
      }
      case Former::Fst: return eval(a[0], env)->first;
      case Former::Snd: return eval(a[0], env)->second;
      case Former::Let: return eval(a[1], extend(env, eval(a[0], env)));
      case Former::Fun: {
        NodeP body = a[0];
        return closure_value<S>([body, env](const ValueP<S>& x) { return eval(body, extend(env, x)); });
      }
      case Former::App: {
        ValueP<S> f = eval(a[0], env);
        return f->function(eval(a[1], env));
      }
      case Former::Inject: return inject_value<S>(t->index, eval(a[0], env));
      case Former::Case: {
        ValueP<S> v = eval(a[0], env);
        for (const CaseBranch& b : t->branches)
          if (b.tag == v->tag) return eval(b.body, extend(env, v->first));
        throw MalformedProgram("case at " + t->where() + ": no branch for tag " + std::to_string(v->tag));
      }
      case Former::Roll: return roll_value<S>(eval(a[0], env));
      case Former::Fold: {
        auto r = std::make_shared<const Recursion>(Recursion{a[0]->type, a[1], env});
        return fold_node(r, eval(a[0], env));
      }
      case Former::Unroll: return eval(a[0], env)->force();
      case Former::Unfold: {
        auto r = std::make_shared<const Recursion>(Recursion{t->type, a[1], env});
        return unfold_node(r, eval(a[0], env));
      }
      case Former::Ascribe: return eval(a[0], env);
      case Former::Prim: {
        std::vector<ValueP<S>> args;
        for (const NodeP& e : a) args.push_back(eval(e, env));
        return primitive(*t, args);
      }
    }
    throw MalformedProgram("unknown former");
  }

 private:
  // What a fold or unfold needs at every node (shared by the lazy values an unfold creates).
  struct Recursion {
    TypeP fixpoint;  // mu a. F (fold) or nu a. F (unfold)
    NodeP body;
    Env env;
  };
  using RecursionP = std::shared_ptr<const Recursion>;
  // The nested mu / nu binders entered on the way down a functor.
  using Binders = std::vector<TypeP>;

  static const Type* find_binder(const Binders& binders, const std::string& var) {
    for (std::size_t i = binders.size(); i-- > 0;)
      if (binders[i]->var == var) return binders[i].get();
    return nullptr;
  }

  // map_F f v: f at every position of the fixpoint's variable `var` in v : F, left to right,
  // through products, sums and nested mu (eagerly) and nu (lazily) types.
  template <class F>
  static ValueP<S> map_functor(const TypeP& type, const ValueP<S>& v, const std::string& var,
                               Binders& binders, const F& f) {
    if (type->closed()) return v;
    switch (type->kind) {
      case TypeKind::Var: {
        const Type* binder = find_binder(binders, type->var);
        if (binder == nullptr) return f(v);
        for (std::size_t i = binders.size(); i-- > 0;)
          if (binders[i].get() == binder) {
            const TypeP nested = binders[i];  // a copy: the recursion pushes onto `binders`
            return map_functor(nested, v, var, binders, f);
          }
        return v;
      }
      case TypeKind::Prod: {
        ValueP<S> left = map_functor(type->left, v->first, var, binders, f);
        return pair_value<S>(std::move(left), map_functor(type->right, v->second, var, binders, f));
      }
      case TypeKind::Sum:
        return inject_value<S>(v->tag, map_functor(type->ctors[v->tag].second, v->first, var, binders, f));
      case TypeKind::Mu: {
        if (type->var == var) return v;
        binders.push_back(type);
        ValueP<S> payload = map_functor(type->body, v->first, var, binders, f);
        binders.pop_back();
        return roll_value<S>(std::move(payload));
      }
      case TypeKind::Nu: {
        if (type->var == var) return v;
        Binders captured = binders;
        return lazy_value<S>([type, v, var, captured, f]() mutable {
          captured.push_back(type);
          return map_functor(type->body, v->force(), var, captured, f);
        });
      }
      default: return v;
    }
  }

  // fold (roll v) with x -> e'  =  e'[x := map_F (fold - with x -> e') v]
  static ValueP<S> fold_node(const RecursionP& r, const ValueP<S>& rolled) {
    Binders binders;
    auto recurse = [r](const ValueP<S>& child) { return fold_node(r, child); };
    ValueP<S> mapped = map_functor(r->fixpoint->body, rolled->first, r->fixpoint->var, binders, recurse);
    return eval(r->body, extend(r->env, std::move(mapped)));
  }

  // unroll (unfold s with x -> e')  =  map_F (unfold - with x -> e') (e'[x := s]), lazily
  static ValueP<S> unfold_node(const RecursionP& r, const ValueP<S>& seed) {
    return lazy_value<S>([r, seed]() {
      ValueP<S> step = eval(r->body, extend(r->env, seed));
      Binders binders;
      auto recurse = [r](const ValueP<S>& s) { return unfold_node(r, s); };
      return map_functor(r->fixpoint->body, step, r->fixpoint->var, binders, recurse);
    });
  }

  static ValueP<S> boolean(bool b) { return inject_value<S>(b ? 1 : 0, unit_value<S>()); }

  template <class F>
  static ValueP<S> elementwise(const Value<S>& like, F f) {
    std::vector<S> out;
    out.reserve(like.reals.size());
    for (std::size_t i = 0; i < like.reals.size(); ++i) out.push_back(f(i));
    return real_value<S>(like.shape, std::move(out));
  }

  static void require(bool ok, const char* prim, const Node& t, double x) {
    if (!ok)
      throw DomainError(std::string(prim) + " at " + t.where() + " of " + std::to_string(x) +
                        ", outside its domain");
  }

  static S unary(Op op, const S& x) {
    using std::cos, std::exp, std::log, std::sin, std::sqrt, std::tanh;
    const S one = ScalarTraits<S>::constant(1);
    switch (op) {
      case Op::Neg: return -x;
      case Op::Sin: return sin(x);
      case Op::Cos: return cos(x);
      case Op::Exp: return exp(x);
      case Op::Log: return log(x);
      case Op::Sqrt: return sqrt(x);
      case Op::Tanh: return tanh(x);
      case Op::Sigmoid:  // the branch that keeps exp from overflowing
        if (ScalarTraits<S>::value_of(x) >= 0) return one / (one + exp(-x));
        return exp(x) / (one + exp(x));
      case Op::Softplus:  // log(1 + exp x)
        if (ScalarTraits<S>::value_of(x) > 0) return x + ScalarTraits<S>::log1p(exp(-x));
        return ScalarTraits<S>::log1p(exp(x));
      default: break;
    }
    throw MalformedProgram("not a unary primitive");
  }

  static ValueP<S> primitive(const Node& t, const std::vector<ValueP<S>>& args) {
    using Traits = ScalarTraits<S>;
    switch (t.op) {
      case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: {
        const auto& x = args[0]->reals;
        const auto& y = args[1]->reals;
        if (t.op == Op::Div)
          for (const S& d : y) require(Traits::value_of(d) != 0, "/", t, Traits::value_of(d));
        switch (t.op) {
          case Op::Add: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] + y[i]; });
          case Op::Sub: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] - y[i]; });
          case Op::Mul: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] * y[i]; });
          default: return elementwise(*args[0], [&](std::size_t i) -> S { return x[i] / y[i]; });
        }
      }
      case Op::Lt: case Op::Gt: {
        const double x = Traits::value_of(args[0]->reals[0]);
        const double y = Traits::value_of(args[1]->reals[0]);
        return boolean(t.op == Op::Lt ? x < y : y < x);
      }
      case Op::Sum: {
        const auto& x = args[0]->reals;
        S total = x[0];
        for (std::size_t i = 1; i < x.size(); ++i) total = total + x[i];
        return real_value<S>({}, {total});
      }
      case Op::Dot: {
        const auto& u = args[0]->reals;
        const auto& v = args[1]->reals;
        S total = u[0] * v[0];
        for (std::size_t i = 1; i < u.size(); ++i) total = total + u[i] * v[i];
        return real_value<S>({}, {total});
      }
      case Op::Matvec: {
        const auto& m = args[0]->reals;
        const auto& v = args[1]->reals;
        const int rows = args[0]->shape[0], cols = args[0]->shape[1];
        std::vector<S> out;
        for (int r = 0; r < rows; ++r) {
          S total = m[r * cols] * v[0];
          for (int c = 1; c < cols; ++c) total = total + m[r * cols + c] * v[c];
          out.push_back(total);
        }
        return real_value<S>({rows}, std::move(out));
      }
      case Op::Scale: {
        const S& c = args[0]->reals[0];
        const auto& v = args[1]->reals;
        return elementwise(*args[1], [&](std::size_t i) -> S { return c * v[i]; });
      }
      case Op::Get: return real_value<S>({}, {args[0]->reals.at(std::size_t(t.index))});
      case Op::Vec: {
        std::vector<S> out;
        for (const auto& e : args) out.push_back(e->reals[0]);
        const int n = int(out.size());
        return real_value<S>({n}, std::move(out));
      }
      case Op::Mean: case Op::Prod: case Op::Logsumexp: case Op::Softmax: case Op::Norm:
      case Op::Cumsum: case Op::Matmul: case Op::Transpose: case Op::Outer:
        return apply_array_second_set<S>(t.op, args);
      case Op::Log1p: case Op::Expm1: case Op::Atan: case Op::Erf: case Op::Abs: case Op::IntPow:
      case Op::Pow: case Op::Atan2: case Op::Hypot: case Op::Max: case Op::Min:
        return apply_elementwise_second_set<S>(t.op, t.exponent, t.where(), args);
      default: {
        const auto& x = args[0]->reals;
        if (t.op == Op::Log || t.op == Op::Sqrt)
          for (const S& e : x)
            require(Traits::value_of(e) > 0, t.op == Op::Log ? "log" : "sqrt", t, Traits::value_of(e));
        return elementwise(*args[0], [&](std::size_t i) -> S { return unary(t.op, x[i]); });
      }
    }
  }
};

// Runs `work` on a thread with a big stack (reserved, committed as used), for deep values.
// Exceptions thrown by `work` are re-thrown here.
inline void run_on_big_stack(const std::function<void()>& work, std::size_t bytes = std::size_t(1) << 30) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, bytes);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    Job* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  const int failed = pthread_create(&thread, &attr, body, &job);
  pthread_attr_destroy(&attr);
  if (failed != 0) {
    work();  // no thread could be made: the current stack
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace chad_adapter

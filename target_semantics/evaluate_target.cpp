// One case per target former; the primitives' derivatives are in primitive_derivatives.cpp,
// the folds and unfolds in recursion_target.cpp.
#include "target_semantics/evaluate_target.hpp"

#include <unordered_map>

#include "model/evaluation_fault.hpp"
#include "model/linear_values.hpp"
#include "model/scalar_list.hpp"
#include "model/target_dual_scalar_list.hpp"
#include "target_semantics/closure_capture.hpp"
#include "target_semantics/faulty_evaluation.hpp"
#include "target_semantics/primitive_derivatives.hpp"

namespace chad {
namespace {

template <class S>
ValueP<S> eval(const TermP& t, const Env<S>& env) {
  return evaluate<S>(t, env);
}

// embed_i: the (co)tangent of a sum at primal Ci v from v's.
template <class S>
ValueP<S> sum_tangent_in(const Term& t, ValueP<S> payload) {
  if (t.sums != SumsStrategy::Biproduct) return inject_value<S>(t.index, std::move(payload));
  return biproduct_value<S>(t.annot->ctors.size(), std::size_t(t.index), std::move(payload));
}

// component_i: the Ci part of a sum (co)tangent. Another constructor's (co)tangent is the
// lifted-sum inconsistency (never for a correct CHAD).
template <class S>
ValueP<S> sum_tangent_out(const Term& t, const ValueP<S>& v) {
  if (v->kind == ValueKind::Zero) return v;
  if (t.sums == SumsStrategy::Biproduct) return tuple_part<S>(v, std::size_t(t.index), t.annot->ctors.size());
  require_kind(*v, ValueKind::Inject, "a lifted sum (co)tangent");
  if (v->tag != t.index) throw LiftedSumInconsistency(v->tag, t.index);
  return v->first;
}

template <class S>
ValueP<S> copower_fold(const ValueP<S>& copower, const ValueP<S>& f) {
  if (active_evaluator_fault == EvaluatorFault::CopowerFoldDropsLastTerm) [[unlikely]]  // a mutant
    return copower_fold_dropping_last<S>(copower, f);
  ValueP<S> total = zero_value<S>();
  for_each_copower_term<S>(copower, [&](const ValueP<S>& a, const ValueP<S>& l) {
    ValueP<S> linear = require_kind(*f, ValueKind::Closure, "copower-fold").call(a);
    if (linear->kind != ValueKind::Zero)
      total = add_linear<S>(total, require_kind(*linear, ValueKind::Closure, "copower-fold").call(l));
  });
  return total;
}

// pack_G l (a zero stays the zero: sparse) and unpack_G e, which must be G's.
template <class S>
ValueP<S> pack_environment(const Term& t, ValueP<S> context) {
  if (context->kind == ValueKind::Zero) return context;
  return env_value<S>(t.index, std::move(context));
}
template <class S>
ValueP<S> unpack_environment(const Term& t, const ValueP<S>& packed) {
  if (packed->kind == ValueKind::Zero) return packed;
  require_kind(*packed, ValueKind::Env, "an environment unpack");
  if (packed->tag != t.index) throw EnvironmentInconsistency(packed->tag, t.index);
  return packed->first;
}

// A linear lambda's plan (target_semantics/closure_capture.hpp), computed once per lambda and thread;
// for a lambda with no free variables, its one closure. The lambda's body is kept alive with
// it, so that its address names it.
template <class S>
struct LambdaCapture {
  TermP body;
  CapturePlan plan;
  ValueP<S> closed;
};

template <class S>
LambdaCapture<S>& lambda_capture(const TermP& body) {
  thread_local std::unordered_map<const Term*, LambdaCapture<S>> cache;
  auto it = cache.find(body.get());
  if (it != cache.end()) return it->second;
  if (cache.size() >= 4096) cache.clear();  // bounded across the programs of a campaign
  return cache.emplace(body.get(), LambdaCapture<S>{body, capture_plan(body, 1), nullptr}).first->second;
}

// \v. l in `env`: a closure over the values of l's free variables only. Blame's watch and the
// live-coverage probe name the nodes of l as written, so under them the closure keeps `env`.
template <class S>
ValueP<S> linear_lambda(const TermP& body, const Env<S>& env) {
  if (evaluation_watch<S> != nullptr || value_probe<S> != nullptr) [[unlikely]]
    return closure_value<S>([body, env](const ValueP<S>& v) { return eval<S>(body, extend<S>(env, v)); });
  LambdaCapture<S>& capture = lambda_capture<S>(body);
  const std::vector<int>& positions = capture.plan.captured;
  TermP renumbered = capture.plan.body;
  if (positions.empty()) {
    if (!capture.closed)
      capture.closed = uncounted([&] {  // made once per thread: not counted
        return closure_value<S>([renumbered](const ValueP<S>& v) { return eval<S>(renumbered, extend<S>(nullptr, v)); });
      });
    return capture.closed;
  }
  std::vector<const ValueP<S>*> values;
  values.reserve(positions.size());
  const EnvNode<S>* node = env.get();
  int at = 0;
  for (int position : positions) {
    for (; at < position; ++at) node = node->next.get();
    values.push_back(&node->value);
  }
  Env<S> captured;
  for (std::size_t k = values.size(); k-- > 0;) captured = extend<S>(captured, *values[k]);
  return closure_value<S>([renumbered, captured](const ValueP<S>& v) { return eval<S>(renumbered, extend<S>(captured, v)); });
}

// PrimFwd / PrimRev: evaluate the operands, then the derivative of primitive_derivatives.cpp.
template <class S>
ValueP<S> prim_derivative(const Term& t, const Env<S>& env) {
  std::vector<ValueP<S>> values;
  std::vector<const Value<S>*> raw;
  for (const TermP& a : t.args) values.push_back(eval<S>(a, env));
  for (const auto& v : values) raw.push_back(v.get());
  try {
    if (t.kind == TermKind::PrimFwd) {
      const std::size_t k = values.size() / 2;
      return primitive_forward<S>(t, k, raw.data(), raw.data() + k);
    }
    const std::size_t k = values.size() - 1;
    return tuple_value<S>(primitive_transpose<S>(t, k, raw.data(), *values.back()));
  } catch (const EvaluationFault& e) {  // name the primitive
    throw EvaluationFault(std::string(t.kind == TermKind::PrimFwd ? "the derivative of " : "the transpose of ") +
                          prim_name(t.op) + ": " + e.reason());
  }
}

}  // namespace

template <class S>
ValueP<S> zero_at_primal(const ValueP<S>& primal) {
  switch (primal->kind) {
    case ValueKind::Scalar: return scalar_value<S>(S(0));
    case ValueKind::Array:
      return array_value<S>(primal->extra->shape, std::vector<S>(primal->extra->data.size(), S(0)));
    case ValueKind::Unit: return primal;
    case ValueKind::Pair:
      return pair_value<S>(zero_at_primal<S>(primal->first), zero_at_primal<S>(primal->second));
    case ValueKind::Inject: return inject_value<S>(primal->tag, zero_at_primal<S>(primal->first));
    default: return zero_value<S>();
  }
}

template <class S>
ValueP<S> evaluate_target(const Term& t, const Env<S>& env) {
  const auto& a = t.args;
  switch (t.kind) {
    case TermKind::LinLambda: return linear_lambda<S>(a[0], env);
    case TermKind::LinApp: {
      ValueP<S> l = eval<S>(a[0], env);
      if (l->kind == ValueKind::Zero) return l;  // the zero linear map
      return require_kind(*l, ValueKind::Closure, "a linear application").call(eval<S>(a[1], env));
    }
    case TermKind::Zero: return zero_value<S>();
    case TermKind::ZeroOf: return zero_at_primal<S>(eval<S>(a[0], env));
    case TermKind::LinAdd:
      if (active_evaluator_fault != EvaluatorFault::None) [[unlikely]]  // a mutant's addition
        return faulty_add<S>(eval<S>(a[0], env), eval<S>(a[1], env));
      return add_linear<S>(eval<S>(a[0], env), eval<S>(a[1], env));
    case TermKind::PrimFwd:
    case TermKind::PrimRev: return prim_derivative<S>(t, env);
    case TermKind::CopowerUnit: return copower_singleton<S>(eval<S>(a[0], env), eval<S>(a[1], env));
    case TermKind::CopowerFold: return copower_fold<S>(eval<S>(a[0], env), eval<S>(a[1], env));
    case TermKind::SumTangentIn: return sum_tangent_in<S>(t, eval<S>(a[0], env));
    case TermKind::SumTangentOut: return sum_tangent_out<S>(t, eval<S>(a[0], env));
    case TermKind::LinRoll: {
      ValueP<S> v = eval<S>(a[0], env);
      return v->kind == ValueKind::Zero ? v : roll_value<S>(std::move(v));
    }
    case TermKind::LinUnroll: {
      ValueP<S> v = eval<S>(a[0], env);
      if (v->kind == ValueKind::Zero) return v;
      if (v->kind == ValueKind::Lazy) return v->force();
      return require_kind(*v, ValueKind::Roll, "a linear unroll").first;
    }
    case TermKind::ArrayRow: {
      ValueP<S> v = eval<S>(a[0], env);
      if (v->kind == ValueKind::Zero) return v;
      require_kind(*v, ValueKind::Array, "an array row");
      const auto& shape = v->extra->shape;
      if (t.index < 0 || t.index >= shape[0]) [[unlikely]]
        throw EvaluationFault("an array row: row " + std::to_string(t.index) + " of an array of shape " +
                              shape_text(shape));
      const std::size_t row = v->extra->data.size() / std::size_t(shape[0]);
      auto first = v->extra->data.begin() + std::ptrdiff_t(row * std::size_t(t.index));
      if (shape.size() == 1) return scalar_value<S>(*first);
      return array_value<S>(std::vector<int>(shape.begin() + 1, shape.end()),
                            std::vector<S>(first, first + std::ptrdiff_t(row)));
    }
    case TermKind::CtxProj: {
      ValueP<S> v = eval<S>(a[0], env);
      for (int i = 0; i < t.index && v->kind != ValueKind::Zero; ++i)
        v = require_kind(*v, ValueKind::Pair, "a context projection").first;
      return v->kind == ValueKind::Zero ? v : require_kind(*v, ValueKind::Pair, "a context projection").second;
    }
    case TermKind::CtxOneHot: {
      ValueP<S> v = eval<S>(a[0], env);
      if (v->kind == ValueKind::Zero) return v;
      ValueP<S> context = pair_value<S>(zero_value<S>(), std::move(v));
      for (int i = 0; i < t.index; ++i) context = pair_value<S>(context, zero_value<S>());
      return context;
    }
    case TermKind::FwdFold:
    case TermKind::RevFold:
    case TermKind::FwdUnfold:
    case TermKind::RevUnfold: return evaluate_recursion<S>(t, env);
    case TermKind::EnvPack: return pack_environment<S>(t, eval<S>(a[0], env));
    case TermKind::EnvUnpack: return unpack_environment<S>(t, eval<S>(a[0], env));
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "evaluate_target: not a target former");
}

#define CHAD_INSTANTIATE_TARGET(S)                                       \
  template ValueP<S> evaluate_target<S>(const Term&, const Env<S>&);     \
  template ValueP<S> zero_at_primal<S>(const ValueP<S>&);
CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_INSTANTIATE_TARGET)
CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_INSTANTIATE_TARGET)

// The source evaluator (semantics/evaluate.hpp) hands this file every node of a target kind once
// it is registered, at start-up; the library is linked whole (target_semantics/CMakeLists.txt),
// so the registration is in every program that links it.
namespace {
[[maybe_unused]] const bool registered_with_the_source_evaluator = [] {
#define CHAD_REGISTER_TARGET(S) target_kind_evaluator<S> = &evaluate_target<S>;
  CHAD_FOR_EACH_PLAIN_SCALAR(CHAD_REGISTER_TARGET)
  CHAD_FOR_EACH_TARGET_DUAL_SCALAR(CHAD_REGISTER_TARGET)
#undef CHAD_REGISTER_TARGET
  return true;
}();
}  // namespace

}  // namespace chad

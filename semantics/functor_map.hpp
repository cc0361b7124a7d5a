// The functorial action of a polynomial type F on values (paper Fig. 4): map_F f v applies f
// at every recursive position of v : F[X / a], the positions of the type variable of the
// binder `own` (a `mu a. F` for fold, a `nu a. F` for unfold), through products, sums and
// nested mu / nu types (nested nu lazily). Subvalues of closed types are shared as they are.
#pragma once
#include <functional>

#include "model/type_env.hpp"
#include "model/value.hpp"

namespace chad {

template <class S>
using ValueMap = std::function<ValueP<S>(const ValueP<S>&)>;

// Whether `t` has no free type variables (so no recursive position inside it).
bool is_closed_type(const TypeP& t);

// Precondition: `env` has `own` entered; `v` is a value of `type` (a part of own's body).
template <class S>
ValueP<S> map_functor(const TypeP& type, const ValueP<S>& v, TypeEnv& env, const Type* own,
                      const ValueMap<S>& f) {
  if (type->kind == TypeKind::Var) {
    TypeP binder = env.resolve(type);
    if (binder.get() == own) return f(v);
    return map_functor(binder, v, env, own, f);  // a nested binder's recursive position
  }
  if (is_closed_type(type)) return v;
  switch (type->kind) {
    case TypeKind::Prod:
      return pair_value<S>(map_functor(type->left, v->first, env, own, f),
                           map_functor(type->right, v->second, env, own, f));
    case TypeKind::Sum:
      return inject_value<S>(v->tag,
                             map_functor(type->ctors[v->tag].type, v->first, env, own, f));
    case TypeKind::Mu: {
      env.enter(type);
      ValueP<S> payload = map_functor(type->body, v->first, env, own, f);
      env.leave();
      return roll_value<S>(std::move(payload));
    }
    case TypeKind::Nu: {
      TypeEnv captured = env;
      TypeP nu = type;
      ValueP<S> original = v;
      return lazy_value<S>([nu, original, captured, own, f]() mutable {
        captured.enter(nu);
        return map_functor(nu->body, original->force(), captured, own, f);
      });
    }
    default: return v;
  }
}

}  // namespace chad

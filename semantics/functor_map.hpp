// The functorial action of a polynomial type F on values (paper Fig. 4): map_F f v applies f
// at every recursive position of v : F[X / a], the positions of the type variable `a` of a
// fold's `mu a. F` or an unfold's `nu a. F`, through products, sums and nested mu / nu types
// (nested nu lazily). Subvalues of closed types are shared as they are.
#pragma once

#include "model/value.hpp"
#include "syntax/type.hpp"

namespace chad {

// The binders of nested mu / nu types entered on the way down (usually none).
struct NestedBinders {
  std::vector<TypeP> binders;
  const Type* find(const std::string& var) const {
    for (std::size_t i = binders.size(); i-- > 0;)
      if (binders[i]->var == var) return binders[i].get();
    return nullptr;
  }
};

template <class S, class F>
ValueP<S> map_functor(const Type& type, const ValueP<S>& v, const std::string& var,
                      NestedBinders& nested, const F& f);

// A nested `nu` inside F: map when observed. Kept out of line so that map_functor's frame
// stays small (it recurses once per node of a value a million nodes deep).
template <class S, class F>
[[gnu::noinline]] ValueP<S> map_lazily(const Type& type, const ValueP<S>& v,
                                       const std::string& var, const NestedBinders& nested,
                                       const F& f) {
  const Type* nu = &type;
  NestedBinders captured = nested;
  return lazy_value<S>([nu, v, var, captured, f]() mutable {
    captured.binders.push_back(std::shared_ptr<const Type>(std::shared_ptr<const Type>{}, nu));
    return map_functor<S>(*nu->body, v->force(), var, captured, f);
  });
}

// `f` maps a value at a recursive position (a copyable callable: nested nu values keep a
// copy), called at the positions from left to right. Precondition: `v` is a value of `type`, a part of the fixpoint's body whose own
// variable is `var`.
template <class S, class F>
ValueP<S> map_functor(const Type& type, const ValueP<S>& v, const std::string& var,
                      NestedBinders& nested, const F& f) {
  if (type.closed()) return v;
  switch (type.kind) {
    case TypeKind::Var: {
      const Type* binder = nested.find(type.var);
      if (!binder) return f(v);                           // a position of `var`
      return map_functor<S>(*binder, v, var, nested, f);  // a nested binder's position
    }
    case TypeKind::Prod: {
      // Left before right (callers such as fold count the positions as f is called).
      ValueP<S> left = map_functor<S>(*type.left, v->first, var, nested, f);
      return pair_value<S>(std::move(left), map_functor<S>(*type.right, v->second, var, nested, f));
    }
    case TypeKind::Sum:
      return inject_value<S>(
          v->tag, map_functor<S>(*type.ctors[v->tag].type, v->first, var, nested, f));
    case TypeKind::Mu: {
      if (type.var == var) return v;  // shadowed: no position of `var` inside
      nested.binders.push_back(std::shared_ptr<const Type>(std::shared_ptr<const Type>{}, &type));
      ValueP<S> payload = map_functor<S>(*type.body, v->first, var, nested, f);
      nested.binders.pop_back();
      return roll_value<S>(std::move(payload));
    }
    case TypeKind::Nu:
      if (type.var == var) return v;
      return map_lazily<S>(type, v, var, nested, f);
    default: return v;
  }
}

// The values at the recursive positions of `v`, left to right: the same positions, in the
// same order, as map_functor visits. Precondition: `type` contains no nested `nu` (whose
// positions are only reached lazily).
template <class S>
void collect_positions(const Type& type, const ValueP<S>& v, const std::string& var,
                       NestedBinders& nested, std::vector<ValueP<S>>& out) {
  if (type.closed()) return;
  switch (type.kind) {
    case TypeKind::Var: {
      const Type* binder = nested.find(type.var);
      if (!binder) {
        out.push_back(v);
        return;
      }
      collect_positions<S>(*binder, v, var, nested, out);
      return;
    }
    case TypeKind::Prod:
      collect_positions<S>(*type.left, v->first, var, nested, out);
      collect_positions<S>(*type.right, v->second, var, nested, out);
      return;
    case TypeKind::Sum:
      collect_positions<S>(*type.ctors[v->tag].type, v->first, var, nested, out);
      return;
    case TypeKind::Mu:
      if (type.var == var) return;
      nested.binders.push_back(std::shared_ptr<const Type>(std::shared_ptr<const Type>{}, &type));
      collect_positions<S>(*type.body, v->first, var, nested, out);
      nested.binders.pop_back();
      return;
    default: return;
  }
}

// Whether a `nu` type occurs anywhere in `type`.
inline bool contains_nu(const Type& type) {
  switch (type.kind) {
    case TypeKind::Nu: return true;
    case TypeKind::Prod:
    case TypeKind::Arrow: return contains_nu(*type.left) || contains_nu(*type.right);
    case TypeKind::Sum:
      for (const auto& c : type.ctors)
        if (contains_nu(*c.type)) return true;
      return false;
    case TypeKind::Mu: return contains_nu(*type.body);
    default: return false;
  }
}

}  // namespace chad

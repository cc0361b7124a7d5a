// Walking a value alongside its type without substituting: the type variables of enclosing
// `mu`/`nu` binders map to those binders, so a recursive position is followed by looking the
// variable up instead of unrolling the type (which would copy the type at every node).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "syntax/location.hpp"
#include "syntax/type.hpp"

namespace chad {

class TypeEnv {
 public:
  // Resolves a Var to its binder (repeatedly), leaving other types unchanged.
  TypeP resolve(const TypeP& t) const {
    if (t->kind != TypeKind::Var) return t;
    for (std::size_t i = binders_.size(); i-- > 0;)
      if (binders_[i]->var == t->var) return binders_[i];
    CHAD_INTERNAL_ASSERT(false, "unbound type variable " + t->var);
  }
  // Enters the body of a mu / nu type.
  void enter(const TypeP& fixpoint) { binders_.push_back(fixpoint); }
  void leave() { binders_.pop_back(); }

 private:
  std::vector<TypeP> binders_;
};

}  // namespace chad

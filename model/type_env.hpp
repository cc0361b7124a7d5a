// Walking a value alongside its type without substituting: the type variables of enclosing
// `mu`/`nu` binders map to those binders, so a recursive position is followed by looking the
// variable up instead of unrolling the type (which would copy the type at every node).
// Binders are raw pointers into the walked type, which the caller keeps alive.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "syntax/location.hpp"
#include "syntax/type.hpp"

namespace chad {

class TypeEnv {
 public:
  // Resolves a Var to its binder (repeatedly), leaving other types unchanged.
  const Type* resolve(const Type* t) const {
    if (t->kind != TypeKind::Var) return t;
    for (std::size_t i = binders_.size(); i-- > 0;)
      if (binders_[i]->var == t->var) return binders_[i];
    CHAD_INTERNAL_ASSERT(false, "unbound type variable " + t->var);
  }
  // Enters the body of a mu / nu type. Entering the innermost binder again changes no
  // resolution and is not recorded, so walking down a list keeps the environment small.
  void enter(const Type* fixpoint) {
    if (binders_.empty() || binders_.back() != fixpoint) binders_.push_back(fixpoint);
  }
  // Walks that enter binders in a loop restore the environment to a mark when they finish.
  std::size_t mark() const { return binders_.size(); }
  void restore(std::size_t mark) { binders_.resize(mark); }

 private:
  std::vector<const Type*> binders_;
};

}  // namespace chad

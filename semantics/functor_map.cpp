#include "semantics/functor_map.hpp"

namespace chad {
namespace {

bool closed_under(const TypeP& t, std::vector<const std::string*>& bound) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit: return true;
    case TypeKind::Var:
      for (const std::string* b : bound)
        if (*b == t->var) return true;
      return false;
    case TypeKind::Prod:
    case TypeKind::Arrow: return closed_under(t->left, bound) && closed_under(t->right, bound);
    case TypeKind::Sum:
      for (const auto& c : t->ctors)
        if (!closed_under(c.type, bound)) return false;
      return true;
    case TypeKind::Mu:
    case TypeKind::Nu: {
      bound.push_back(&t->var);
      bool closed = closed_under(t->body, bound);
      bound.pop_back();
      return closed;
    }
  }
  return false;
}

}  // namespace

bool is_closed_type(const TypeP& t) {
  if (t->kind == TypeKind::Real || t->kind == TypeKind::Unit) return true;
  std::vector<const std::string*> bound;
  return closed_under(t, bound);
}

}  // namespace chad

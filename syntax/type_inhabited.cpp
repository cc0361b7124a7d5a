#include "syntax/type_inhabited.hpp"

namespace chad {

bool has_finite_values(const TypeP& t, const std::map<std::string, bool>& variables) {
  switch (t->kind) {
    case TypeKind::Var: {
      auto found = variables.find(t->var);
      return found == variables.end() || found->second;
    }
    case TypeKind::Prod:
      return has_finite_values(t->left, variables) && has_finite_values(t->right, variables);
    case TypeKind::Arrow:
    case TypeKind::LinArrow:
      return has_finite_values(t->right, variables);
    case TypeKind::Sum:
      for (const auto& c : t->ctors)
        if (has_finite_values(c.type, variables)) return true;
      return t->lifted;  // a lifted sum has its zero
    case TypeKind::Mu:
    case TypeKind::Nu: {
      std::map<std::string, bool> inner = variables;
      inner[t->var] = t->kind == TypeKind::Nu;
      return has_finite_values(t->body, inner);
    }
    default:  // real, unit, copowers (the empty sum), env
      return true;
  }
}

}  // namespace chad

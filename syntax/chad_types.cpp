#include "syntax/chad_types.hpp"

#include "syntax/location.hpp"

namespace chad {

TypeP sum_tangent_type(const TypeP& components, SumsStrategy sums) {
  CHAD_INTERNAL_ASSERT(components->kind == TypeKind::Sum, "sum_tangent_type of a non-sum");
  switch (sums) {
    case SumsStrategy::Biproduct: {
      std::vector<TypeP> parts;
      for (const auto& c : components->ctors) parts.push_back(c.type);
      return tuple_type(parts);
    }
    case SumsStrategy::Lifted: return lifted_sum_type(components->ctors);
    case SumsStrategy::ZeroFunctions: return sum_type(components->ctors);
  }
  return components;
}

namespace {

struct Translation {
  ChadMode mode;
  SumsStrategy sums;
  FunctionsStrategy functions;

  TypeP primal(const TypeP& t) const {
    switch (t->kind) {
      case TypeKind::Prod: return prod_type(primal(t->left), primal(t->right));
      case TypeKind::Arrow: {
        // paper:     D1(A -> B) = D1 A -> D1 B * (D2 A -o D2 B)
        //            R1(A -> B) = R1 A -> R1 B * (R2 B -o R2 A)
        // efficient: D1(A -> B) = D1 A -> D1 B * (env * D2 A -o D2 B)
        //            R1(A -> B) = R1 A -> R1 B * (R2 B -o R2 A * env)
        // (the closure's own (co)tangent, its environment's, enters / leaves beside the argument's)
        const bool efficient = functions == FunctionsStrategy::Efficient;
        TypeP derivative =
            mode == ChadMode::Forward
                ? lin_arrow_type(efficient ? prod_type(env_type(), tangent(t->left)) : tangent(t->left),
                                 tangent(t->right))
                : lin_arrow_type(tangent(t->right),
                                 efficient ? prod_type(tangent(t->left), env_type()) : tangent(t->left));
        return arrow_type(primal(t->left), prod_type(primal(t->right), derivative));
      }
      case TypeKind::Sum: {
        std::vector<Constructor> ctors;
        for (const auto& c : t->ctors) ctors.push_back({c.name, primal(c.type)});
        return sum_type(std::move(ctors));
      }
      case TypeKind::Mu: return mu_type(t->var, primal(t->body));
      case TypeKind::Nu: return nu_type(t->var, primal(t->body));
      default: return t;  // real[..], unit, type variables
    }
  }

  TypeP tangent(const TypeP& t) const {
    switch (t->kind) {
      case TypeKind::Prod: return prod_type(tangent(t->left), tangent(t->right));
      case TypeKind::Arrow:
        // efficient: D2(A -> B) = R2(A -> B) = env (the captured environment's, packed)
        if (functions == FunctionsStrategy::Efficient) return env_type();
        // paper: D2(A -> B) = D1 A -> D2 B (a power);  R2(A -> B) = !R1 A (x) R2 B (a copower)
        return mode == ChadMode::Forward ? arrow_type(primal(t->left), tangent(t->right))
                                         : copower_type(primal(t->left), tangent(t->right));
      case TypeKind::Sum: {
        std::vector<Constructor> ctors;
        for (const auto& c : t->ctors) ctors.push_back({c.name, tangent(c.type)});
        return sum_tangent_type(sum_type(std::move(ctors)), sums);
      }
      // D2 keeps mu / nu (linear inductive / coinductive); R2 swaps them (chad.md table).
      case TypeKind::Mu:
        return mode == ChadMode::Forward ? mu_type(t->var, tangent(t->body))
                                         : nu_type(t->var, tangent(t->body));
      case TypeKind::Nu:
        return mode == ChadMode::Forward ? nu_type(t->var, tangent(t->body))
                                         : mu_type(t->var, tangent(t->body));
      default: return t;  // real[..] (its own tangent space), unit (zero space), type variables
    }
  }
};

}  // namespace

TypeP primal_type(const TypeP& source, ChadMode mode, SumsStrategy sums, FunctionsStrategy functions) {
  return Translation{mode, sums, functions}.primal(source);
}

TypeP tangent_type(const TypeP& source, ChadMode mode, SumsStrategy sums, FunctionsStrategy functions) {
  return Translation{mode, sums, functions}.tangent(source);
}

}  // namespace chad

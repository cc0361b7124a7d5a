#include "syntax/list_literal.hpp"

namespace chad {
namespace {

// Whether constructor type `c` (under the binder `var`) is `t * var` with t free of var.
bool is_cons_cell(const TypeP& c, const std::string& var) {
  return c->kind == TypeKind::Prod && c->right->kind == TypeKind::Var && c->right->var == var &&
         !occurs_free(c->left, var);
}

std::shared_ptr<Term> typed(TermKind kind, TypeP type, const Loc& loc, TermArgs args = {}) {
  auto t = std::make_shared<Term>();
  t->kind = kind;
  t->loc = loc;
  t->type = std::move(type);
  t->args = std::move(args);
  return t;
}

}  // namespace

TermP make_empty_list_literal(const Loc& loc) { return typed(TermKind::ArrayLit, nullptr, loc); }

std::optional<ListShape> list_shape(const TypeP& type) {
  if (type->kind != TypeKind::Mu || type->body->kind != TypeKind::Sum) return std::nullopt;
  const auto& ctors = type->body->ctors;
  if (ctors.size() != 2) return std::nullopt;
  for (int cons = 0; cons < 2; ++cons) {
    const TypeP& cell = ctors[cons].type;
    const TypeP& other = ctors[1 - cons].type;
    if (!is_cons_cell(cell, type->var)) continue;
    if (other->kind == TypeKind::Unit) return ListShape{cell->left, cons, 1 - cons, false};
    if (type_equal(other, cell->left)) return ListShape{cell->left, cons, 1 - cons, true};
  }
  return std::nullopt;
}

TermP build_list(const TypeP& mu, const ListShape& shape, const std::vector<TermP>& elements,
                 const Loc& loc) {
  const TypeP node = unroll_type(mu);
  const TypeP cell = node->ctors[shape.cons].type;
  auto roll = [&](int ctor, TermP payload) {
    auto inject = typed(TermKind::Inject, node, loc, {std::move(payload)});
    inject->name = node->ctors[ctor].name;
    inject->index = ctor;
    return typed(TermKind::Roll, mu, loc, {std::move(inject)});
  };
  std::size_t n = elements.size();
  TermP list = shape.non_empty ? roll(shape.end, elements[--n])
                               : roll(shape.end, typed(TermKind::Unit, unit_type(), loc));
  while (n-- > 0) list = roll(shape.cons, typed(TermKind::Pair, cell, loc, {elements[n], list}));
  return list;
}

std::optional<std::vector<TermP>> list_elements(const TermP& term) {
  if (term->kind != TermKind::Roll || !term->type) return std::nullopt;
  const TypeP& mu = term->type;
  const std::optional<ListShape> shape = list_shape(mu);
  if (!shape) return std::nullopt;
  std::vector<TermP> elements;
  for (const Term* cell = term.get();;) {
    if (cell->kind != TermKind::Roll || !cell->type ||
        (cell->type != mu && !type_equal(cell->type, mu)))
      return std::nullopt;
    const Term& inject = *cell->args[0];
    if (inject.kind != TermKind::Inject) return std::nullopt;
    const TermP& payload = inject.args[0];
    if (inject.index == shape->end) {
      if (shape->non_empty) elements.push_back(payload);
      else if (payload->kind != TermKind::Unit) return std::nullopt;
      return elements;
    }
    if (inject.index != shape->cons || payload->kind != TermKind::Pair) return std::nullopt;
    elements.push_back(payload->args[0]);
    cell = payload->args[1].get();
  }
}

}  // namespace chad

// What the forward and reverse rules share: transforming operands once and let-binding their
// primals and derivatives, and the source forms that every rule treats alike.
#pragma once
#include <vector>

#include "chad/target_builders.hpp"
#include "chad/transform_faults.hpp"
#include "chad/transformer.hpp"

namespace chad {

// Whether variable `name` occurs in `t` (free or bound: a cheap, conservative test).
inline bool mentions(const TermP& t, const std::string& name) {
  if ((t->kind == TermKind::Var || !t->name.empty()) && t->name == name) return true;
  for (const auto& a : t->args)
    if (mentions(a, name)) return true;
  for (const auto& b : t->branches)
    if (b.var == name || mentions(b.body, name)) return true;
  return false;
}

// The spec's `let <x, dx> = d in body`: let p = d in let x = fst p in let dx = snd p in body.
// Where d starts with lets of fresh names (which `body` cannot mention) they are floated out,
// up to a few (so that nested results are not walked again and again), and where d is then a
// pair (a, b) the pair is not built: let x = a in let dx = b in body. This keeps the sharing
// (each subterm is still evaluated once) and removes most projections.
inline TermP bind_pair(Transformer& tr, TermP d, const std::string& x, const std::string& dx,
                       TermP body) {
  constexpr int kMaxFloated = 8;
  std::vector<const Term*> floated;
  const Term* core = d.get();
  TermP core_p = d;
  const bool float_any = active_transform_fault == TransformFault::FloatsSourceLets;  // a mutant
  while (core->kind == TermKind::Let && (Transformer::is_fresh(core->name) || float_any) &&
         int(floated.size()) < kMaxFloated) {
    floated.push_back(core);
    core_p = core->args[1];
    core = core_p.get();
  }
  if (core->kind == TermKind::Pair && !mentions(core->args[1], x)) {
    TermP result = target::let(x, core->args[0], target::let(dx, core->args[1], std::move(body)));
    for (std::size_t i = floated.size(); i-- > 0;)
      result = target::let(floated[i]->name, floated[i]->args[0], result);
    return result;
  }
  std::string p = tr.fresh("p");
  return target::let(p, std::move(d),
                     target::let(x, target::fst(target::var(p)),
                                 target::let(dx, target::snd(target::var(p)), std::move(body))));
}

// Transforms each operand once, in the current context, binding the i-th result's primal to
// xs[i] and its derivative to dxs[i]; `build(xs, dxs)` makes the body.
template <class Build>
TermP bind_operands(Transformer& tr, const TermArgs& operands, Build build) {
  std::vector<std::string> xs, dxs;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    xs.push_back(tr.fresh("x"));
    dxs.push_back(tr.fresh("dx"));
  }
  std::vector<TermP> transformed;
  for (const TermP& o : operands) transformed.push_back(tr.transform(o));
  TermP body = build(xs, dxs);
  for (std::size_t i = operands.size(); i-- > 0;) body = bind_pair(tr, transformed[i], xs[i], dxs[i], body);
  return body;
}

// Whether a source term has no free variables and no primitive (a constant: its derivative
// is zero, and it can be copied into the target as it is).
inline bool is_constant(const TermP& t) {
  switch (t->kind) {
    case TermKind::Literal:
    case TermKind::Unit: return true;
    case TermKind::ArrayLit:
      for (const auto& e : t->args)
        if (!is_constant(e)) return false;
      return true;
    default: return false;
  }
}

// The node `kind z with x -> D_{G,x}(s)` (FwdFold, RevFold, FwdUnfold or RevUnfold) for the
// source `fold t with x -> s` / `unfold t with x -> s`, over the primal bound to `z`. Its
// annot is the source's `mu a.F -> S` / `S -> nu a.F`.
inline TermP recursion_node(Transformer& tr, const TermP& s, TermKind kind, const std::string& z) {
  const bool fold = s->kind == TermKind::Fold;
  const TypeP& start = s->args[0]->type;
  const TypeP x_type = fold ? substitute(start->body, start->var, s->type) : start;  // F[S/a] or S
  auto rec = target::node(kind, {target::var(z), tr.transform_under(s->name, x_type, s->args[1])});
  rec->name = s->name;
  rec->annot = arrow_type(start, s->type);
  rec->sums = tr.sums();
  rec->functions = tr.functions();
  return rec;
}

// (t : A)  ->  D(t), in both modes.
inline TermP ascribe_rule(const TermP& s, Transformer& tr) { return tr.transform(s->args[0]); }

// The rule of each source former, by the name each rule file gives it; `SET(kind, rule)`.
#define CHAD_RULES(SET)                                                                     \
  SET(Var, var_rule) SET(Literal, constant_rule) SET(Unit, constant_rule)                   \
  SET(ArrayLit, array_rule) SET(Pair, pair_rule) SET(Fst, projection_rule)                  \
  SET(Snd, projection_rule) SET(Let, let_rule) SET(Lambda, lambda_rule) SET(App, app_rule)  \
  SET(Inject, inject_rule) SET(Case, case_rule) SET(Roll, roll_rule)                        \
  SET(Unroll, unroll_rule) SET(Prim, prim_rule) SET(Fold, recursion_rule)                   \
  SET(Unfold, recursion_rule) SET(Ascribe, ascribe_rule)

// A primal injection / roll in the target, carrying its (primal) type.
inline TermP primal_inject(Transformer& tr, const TermP& source, TermP payload) {
  auto t = target::node(TermKind::Inject, {std::move(payload)});
  t->name = source->name;
  t->annot = tr.primal(source->type);
  return t;
}
inline TermP primal_roll(Transformer& tr, const TermP& source, TermP payload) {
  auto t = target::node(TermKind::Roll, {std::move(payload)});
  t->annot = tr.primal(source->type);
  return t;
}

// The sum of the constructors' (co)tangent types of a source sum, for SumTangentIn / Out.
inline TypeP sum_components(Transformer& tr, const TypeP& sum) {
  std::vector<Constructor> ctors;
  for (const auto& c : sum->ctors) ctors.push_back({c.name, tr.tangent(c.type)});
  return sum_type(std::move(ctors));
}
inline TermP sum_tangent(Transformer& tr, TermKind kind, const TypeP& sum, int tag, TermP arg) {
  auto t = target::node(kind, {std::move(arg)});
  t->index = tag;
  t->annot = sum_components(tr, sum);
  t->sums = tr.sums();
  return t;
}

// [x1, ..., xn] over the bound primals, as the source array literal's node.
inline TermP primal_array(const std::vector<std::string>& xs) {
  auto t = target::node(TermKind::ArrayLit, {});
  for (const auto& x : xs) t->args.push_back(target::var(x));
  return t;
}

inline TermP primal_prim(const TermP& source, const std::vector<std::string>& xs) {
  auto t = target::node(TermKind::Prim, {});
  for (const auto& x : xs) t->args.push_back(target::var(x));
  t->op = source->op;
  t->index = source->index;
  t->loc = source->loc;  // a domain error in CHAD's primal points at the source primitive
  return t;
}

}  // namespace chad

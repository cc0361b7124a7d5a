// The forward-mode mutants' rules (see mutant_rules.hpp).
#include "chad/rule_helpers.hpp"
#include "mutants/mutant_rules.hpp"

namespace chad::mutant_rules {

using namespace target;

// Forward `let` without the bound variable's tangent: <y, \v. y' @ (v, 0)> instead of
// y' @ (v, x' @ v).
TermP fwd_let_drops_bound(const TermP& s, Transformer& tr) {
  std::string p = tr.fresh("p"), q = tr.fresh("q"), v = tr.fresh("v");
  TermP bound = tr.transform(s->args[0]);
  TypeP g = tr.context_tangent();
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  return let(p, bound,
             let(s->name, fst(var(p)),
                 let(q, body, pair(fst(var(q)),
                                   lin_fun(v, g, lin_app(snd(var(q)),
                                                         pair(var(v), zero(tr.tangent(s->args[0]->type)))))))));
}

// (t, s)  ->  <(x, y), \v. (x' @ v, 0)>   (the second component's tangent is lost)
TermP fwd_pair_drops_second(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(pair(var(x[0]), var(x[1])),
                lin_fun(v, tr.context_tangent(),
                        pair(lin_app(var(dx[0]), var(v)), zero(tr.tangent(s->args[1]->type)))));
  });
}

// fst t  ->  <fst x, \v. 0>   (snd is right)
TermP fwd_fst_drops(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Fst) return standard_rule(ChadMode::Forward, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(fst(var(x[0])), lin_fun(tr.fresh("v"), tr.context_tangent(), zero(tr.tangent(s->type))));
  });
}

// fun (x : A) -> t  ->  <..., \v. 0>: the function's own tangent (how it moves with the
// context it captured) is lost; it only shows where the function is applied.
// Efficient functions strategy: \v. 0 instead of \v. pack_G v (the same fault).
TermP fwd_fun_drops_own_tangent(const TermP& s, Transformer& tr) {
  if (tr.functions() == FunctionsStrategy::Efficient) {
    TermP d = standard_rule(ChadMode::Forward, s, tr);  // <fun x -> ..., \v. pack_G v>
    CHAD_INTERNAL_ASSERT(d->kind == TermKind::Pair, "the efficient fun rule's shape");
    return pair(d->args[0], lin_fun(tr.fresh("v"), tr.context_tangent(), zero(env_type())));
  }
  const TypeP& a = s->annot;
  std::string f = tr.fresh("f"), z = tr.fresh("z"), d = tr.fresh("dx"), x = s->name;
  const TypeP g = tr.context_tangent();
  TermP body = tr.transform_under(x, a, s->args[0]);
  TermP primal = fun(x, tr.primal(a),
                     let(z, app(var(f), var(x)),
                         pair(fst(var(z)), lin_fun(d, tr.tangent(a), lin_app(snd(var(z)), pair(zero(g), var(d)))))));
  return let(f, fun(x, tr.primal(a), body), pair(primal, lin_fun(tr.fresh("v"), g, zero(tr.tangent(s->type)))));
}

// t s  ->  ... <y, \v. y' @ (x' @ v)>   ((f' @ v) x, the applied function's own tangent, is lost)
// (Efficient functions strategy: y' @ (0, x' @ v) instead of y' @ (f' @ v, x' @ v).)
TermP fwd_app_drops_function_tangent(const TermP& s, Transformer& tr) {
  const bool efficient = tr.functions() == FunctionsStrategy::Efficient;
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP argument = lin_app(var(dx[1]), var(v));
    TermP tangent = lin_fun(v, tr.context_tangent(),
                            lin_app(var(dy), efficient ? pair(zero(env_type()), argument) : argument));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), tangent));
  });
}

// t s  ->  ... <y, \v. (f' @ v) x>   (the argument's tangent is lost)
// (Efficient functions strategy: y' @ (f' @ v, 0) instead of y' @ (f' @ v, x' @ v).)
TermP fwd_app_drops_argument(const TermP& s, Transformer& tr) {
  const bool efficient = tr.functions() == FunctionsStrategy::Efficient;
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP own = lin_app(var(dx[0]), var(v));
    TermP tangent = lin_fun(v, tr.context_tangent(),
                            efficient ? lin_app(var(dy), pair(own, zero(tr.tangent(s->args[1]->type))))
                                      : app(own, var(x[1])));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), tangent));
  });
}

// Efficient functions strategy only: fun x -> t  ->  <fun x -> ... <z, \p. z' @ (0, snd p)>, \v. pack_G v>
// instead of z' @ (unpack_G (fst p), snd p): the closure ignores its own tangent (its captured
// context's), so applying a function that moves with the input shows only the argument's share.
TermP fwd_fun_ignores_env(const TermP& s, Transformer& tr) {
  if (tr.functions() != FunctionsStrategy::Efficient) return standard_rule(ChadMode::Forward, s, tr);
  const TypeP& a = s->annot;
  const TypeP g = tr.context_tangent();
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), p = tr.fresh("p"), v = tr.fresh("v");
  TermP body = tr.transform_under(s->name, a, s->args[0]);
  TermP tangent = lin_fun(p, prod_type(env_type(), tr.tangent(a)), lin_app(var(dz), pair(zero(g), snd(var(p)))));
  TermP primal = fun(s->name, tr.primal(a), bind_pair(tr, body, z, dz, pair(var(z), tangent)));
  return pair(primal, lin_fun(v, g, env_pack(g, var(v))));
}

// C t  ->  <C x, \v. 0>
TermP fwd_inject_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(primal_inject(tr, s, var(x[0])),
                lin_fun(tr.fresh("v"), tr.context_tangent(), zero(tr.tangent(s->type))));
  });
}

// Biproduct sums only: C_i t  ->  <C_i x, \v. the biproduct with x' @ v in slot i+1> where
// the slots' types agree, and with 0 in every slot where they do not (the tangent is lost).
TermP fwd_inject_biproduct_wrong_slot(const TermP& s, Transformer& tr) {
  const int n = int(s->type->ctors.size());
  if (tr.sums() != SumsStrategy::Biproduct || n < 2) return standard_rule(ChadMode::Forward, s, tr);
  const int other = (s->index + 1) % n;
  const bool agree = type_equal(tr.tangent(s->type->ctors[std::size_t(other)].type), tr.tangent(s->args[0]->type));
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    TermP tangent = agree ? sum_tangent(tr, TermKind::SumTangentIn, s->type, other, lin_app(var(dx[0]), var(v)))
                          : zero(tr.tangent(s->type));
    return pair(primal_inject(tr, s, var(x[0])), lin_fun(v, tr.context_tangent(), tangent));
  });
}

namespace {

// The forward case rule with the branch's payload tangent given by `component(i, C_i-part of
// z' @ v)` (null: zero).
TermP fwd_case_with(const TermP& s, Transformer& tr, const std::function<TermP(int, TermP)>& component) {
  std::string z = tr.fresh("z"), dz = tr.fresh("dz");
  const TypeP& sum = s->args[0]->type;
  const TypeP g = tr.context_tangent();
  TermP scrutinee = tr.transform(s->args[0]);
  auto result = node(TermKind::Case, {var(z)});
  for (const Branch& b : s->branches) {
    std::string w = tr.fresh("w"), dw = tr.fresh("dw"), v = tr.fresh("v");
    TermP branch = tr.transform_under(b.var, sum->ctors[b.tag].type, b.body);
    TermP part = component(b.tag, sum_tangent(tr, TermKind::SumTangentOut, sum, b.tag, lin_app(var(dz), var(v))));
    if (!part) part = zero(tr.tangent(sum->ctors[b.tag].type));
    TermP tangent = lin_fun(v, g, lin_app(var(dw), pair(var(v), part)));
    Branch nb = b;
    nb.body = bind_pair(tr, branch, w, dw, pair(var(w), tangent));
    result->branches.push_back(nb);
  }
  return bind_pair(tr, scrutinee, z, dz, result);
}

}  // namespace

// case t of {Ci yi -> si}  ->  ... <w, \v. w' @ (v, 0)>   (the scrutinee's tangent is lost)
TermP fwd_case_drops_scrutinee(const TermP& s, Transformer& tr) {
  return fwd_case_with(s, tr, [](int, TermP) -> TermP { return nullptr; });
}

// Sums with zero functions only: the same fault as fwd_case_drops_scrutinee.
TermP fwd_case_zero_fn_drops_scrutinee(const TermP& s, Transformer& tr) {
  if (tr.sums() != SumsStrategy::ZeroFunctions) return standard_rule(ChadMode::Forward, s, tr);
  return fwd_case_drops_scrutinee(s, tr);
}

// case: in the branch of the second constructor only, the payload's tangent doubled
TermP fwd_case_doubles_second_constructor(const TermP& s, Transformer& tr) {
  return fwd_case_with(s, tr, [](int tag, TermP part) { return tag == 1 ? add(part, part) : part; });
}

// roll t  ->  <roll x, \v. 0>
TermP fwd_roll_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(primal_roll(tr, s, var(x[0])), lin_fun(tr.fresh("v"), tr.context_tangent(), zero(tr.tangent(s->type))));
  });
}

// unroll t  ->  <unroll x, \v. 0>
TermP fwd_unroll_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(node(TermKind::Unroll, {var(x[0])}),
                lin_fun(tr.fresh("v"), tr.context_tangent(), zero(tr.tangent(s->type))));
  });
}

// fold t with x -> s: every node's body loses the context's tangent:
// D_{G,x}(s) becomes <w, \(dg, dx). w' @ (0, dx)>.
TermP fwd_fold_drops_context(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Fold) return standard_rule(ChadMode::Forward, s, tr);
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v");
  const TypeP g = tr.context_tangent();
  const TypeP& start = s->args[0]->type;
  const TypeP x_tangent = tr.tangent(substitute(start->body, start->var, s->type));
  TermP begin = tr.transform(s->args[0]);
  TermP rec = wrapped_recursion_node(tr, s, TermKind::FwdFold, z, [&](TermP body, const TypeP& context) {
    std::string p = tr.fresh("p"), u = tr.fresh("v");
    return let(p, body, pair(fst(var(p)), lin_fun(u, prod_type(context, x_tangent),
                                                   lin_app(snd(var(p)), pair(zero(context), snd(var(u)))))));
  });
  TermP tangent = lin_fun(v, g, lin_app(snd(var(r)), pair(var(v), lin_app(var(dz), var(v)))));
  return bind_pair(tr, begin, z, dz, let(r, rec, pair(fst(var(r)), tangent)));
}

// unfold t with x -> s (a stream nu a. T * a): the stream's tangent is shifted by one
// position: snd (unroll_lin (snd r @ (v, z' @ v))).
TermP fwd_unfold_shifted(const TermP& s, Transformer& tr) {
  const TypeP& stream = s->type;
  if (s->kind != TermKind::Unfold || stream->body->kind != TypeKind::Prod ||
      stream->body->right->kind != TypeKind::Var || stream->body->right->var != stream->var)
    return standard_rule(ChadMode::Forward, s, tr);
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v");
  const TypeP g = tr.context_tangent();
  TermP start = tr.transform(s->args[0]);
  TermP rec = recursion_node(tr, s, TermKind::FwdUnfold, z);
  TermP tangent = lin_fun(v, g, snd(node(TermKind::LinUnroll,
                                         {lin_app(snd(var(r)), pair(var(v), lin_app(var(dz), var(v))))})));
  return bind_pair(tr, start, z, dz, let(r, rec, pair(fst(var(r)), tangent)));
}

namespace {

// The forward primitive rule with op' computed by `derivative(x, dx')`.
TermP fwd_prim_with(const TermP& s, Transformer& tr,
                    const std::function<TermP(const std::vector<std::string>&, std::vector<TermP>)>& derivative) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    std::vector<TermP> tangents;
    for (const auto& d : dx) tangents.push_back(lin_app(var(d), var(v)));
    return pair(primal_prim(s, x), lin_fun(v, tr.context_tangent(), derivative(x, std::move(tangents))));
  });
}

TermP forward_node(PrimOp op, const TermP& s, Transformer& tr, const std::vector<std::string>& x,
                   const std::vector<TermP>& tangents) {
  auto t = node(TermKind::PrimFwd, {});
  for (const auto& xi : x) t->args.push_back(var(xi));
  for (const auto& d : tangents) t->args.push_back(d);
  t->op = op;
  t->index = s->index;
  t->sums = tr.sums();
  return t;
}

}  // namespace

// sin(t): op'(x; dx) = -sin x * dx (cos's derivative) instead of cos x * dx
TermP fwd_sin_wrong_formula(const TermP& s, Transformer& tr) {
  if (s->op != PrimOp::Sin) return standard_rule(ChadMode::Forward, s, tr);
  return fwd_prim_with(s, tr, [&](const auto& x, std::vector<TermP> d) { return forward_node(PrimOp::Cos, s, tr, x, d); });
}

// a * b: op'(a, b; da, db) = da * b instead of da * b + a * db (a term of the product rule dropped)
TermP fwd_mul_drops_term(const TermP& s, Transformer& tr) {
  if (s->op != PrimOp::Mul) return standard_rule(ChadMode::Forward, s, tr);
  return fwd_prim_with(s, tr, [&](const auto& x, std::vector<TermP> d) {
    d[1] = zero(tr.tangent(s->args[1]->type));
    return forward_node(PrimOp::Mul, s, tr, x, d);
  });
}

}  // namespace chad::mutant_rules

// The reverse-mode mutants' rules (see mutant_rules.hpp).
#include "chad/rule_helpers.hpp"
#include "mutants/mutant_rules.hpp"

namespace chad::mutant_rules {

using namespace target;

namespace {

// x' @ v for each bound derivative, the way the standard rules sum them.
TermP pullback(const std::string& dx, TermP v) { return lin_app(var(dx), std::move(v)); }

// A closed primal of type R1 A for A of fixed shape (reals, arrays, unit, products), every real
// 0.75 (not 0, which generated arguments often are); null otherwise.
TermP default_primal(const TypeP& a) {
  switch (a->kind) {
    case TypeKind::Real: {
      if (a->shape.empty()) return make_literal(0.75);
      auto lit = node(TermKind::ArrayLit, {});
      TermP row = default_primal(real_type(std::vector<int>(a->shape.begin() + 1, a->shape.end())));
      for (int i = 0; i < a->shape[0]; ++i) lit->args.push_back(row);
      return lit;
    }
    case TypeKind::Unit: return make_unit();
    case TypeKind::Prod: {
      TermP l = default_primal(a->left), r = default_primal(a->right);
      return l && r ? pair(l, r) : nullptr;
    }
    default: return nullptr;
  }
}

}  // namespace

// Reverse `let` without the bound variable's contribution:
// <y, \v. let <g, dx> = y' @ v in g>  instead of  g + x' @ dx.
TermP rev_let_drops_bound(const TermP& s, Transformer& tr) {
  std::string p = tr.fresh("p"), q = tr.fresh("q"), v = tr.fresh("v"), dy = tr.fresh("dy");
  TermP bound = tr.transform(s->args[0]);
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  return let(p, bound,
             let(s->name, fst(var(p)),
                 let(q, body, pair(fst(var(q)), lin_fun(v, tr.tangent(s->type),
                                                       fst(lin_app(snd(var(q)), var(v))))))));
}

// Reverse `op` with the backpropagator applied twice (v + v instead of v).
TermP rev_prim_doubles(const TermP& s, Transformer& tr) {
  TermP d = standard_rule(ChadMode::Reverse, s, tr);
  std::string p = tr.fresh("p"), v = tr.fresh("v");
  return let(p, d, pair(fst(var(p)), lin_fun(v, tr.tangent(s->type),
                                            add(lin_app(snd(var(p)), var(v)),
                                                lin_app(snd(var(p)), var(v))))));
}

// (t, s)  ->  <(x, y), \v. x' @ fst v>   (the second component's contribution is lost)
TermP rev_pair_drops_second(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(pair(var(x[0]), var(x[1])), lin_fun(v, tr.tangent(s->type), pullback(dx[0], fst(var(v)))));
  });
}

// snd t  ->  <snd x, \v. 0>   (fst is right)
TermP rev_snd_drops(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Snd) return standard_rule(ChadMode::Reverse, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(snd(var(x[0])), lin_fun(tr.fresh("v"), tr.tangent(s->type), zero(tr.context_tangent())));
  });
}

// fun (x : A) -> t  ->  ... \w. copower-fold w with (x, v) -> fst ((snd (f a0)) @ v)
// with a0 a fixed default primal instead of each term's own x (the copower's primal parts are
// ignored; A of fixed shape only).
TermP rev_fun_ignores_copower_primals(const TermP& s, Transformer& tr) {
  const TypeP& a = s->annot;
  TermP a0 = default_primal(a);
  if (!a0) return standard_rule(ChadMode::Reverse, s, tr);
  const TypeP b = s->type->right;
  std::string f = tr.fresh("f"), z = tr.fresh("z"), v = tr.fresh("v"), w = tr.fresh("w"), u = tr.fresh("v"),
              x = s->name;
  TermP body = tr.transform_under(x, a, s->args[0]);
  TermP primal = fun(x, tr.primal(a),
                     let(z, app(var(f), var(x)),
                         pair(fst(var(z)), lin_fun(v, tr.tangent(b), snd(lin_app(snd(var(z)), var(v)))))));
  auto fold = node(TermKind::CopowerFold,
                   {var(w), fun(tr.fresh("x"), tr.primal(a),
                                lin_fun(u, tr.tangent(b), fst(lin_app(snd(app(var(f), a0)), var(u)))))});
  return let(f, fun(x, tr.primal(a), body), pair(primal, lin_fun(w, tr.tangent(s->type), fold)));
}

// t s  ->  ... <y, \v. x' @ (y' @ v)>   (the function's own contribution f' @ (!x (x) v) is lost)
// (Efficient functions strategy: x' @ (fst q) without f' @ (snd q), q = y' @ v.)
TermP rev_app_drops_function(const TermP& s, Transformer& tr) {
  const bool efficient = tr.functions() == FunctionsStrategy::Efficient;
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP through = lin_app(var(dy), var(v));
    TermP back = lin_fun(v, tr.tangent(s->type), pullback(dx[1], efficient ? fst(through) : through));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), back));
  });
}

// t s  ->  ... <y, \v. f' @ (!x (x) v)>   (the argument's contribution is lost)
// (Efficient functions strategy: f' @ (snd q) without x' @ (fst q), q = y' @ v.)
TermP rev_app_drops_argument(const TermP& s, Transformer& tr) {
  const bool efficient = tr.functions() == FunctionsStrategy::Efficient;
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP own = efficient ? snd(lin_app(var(dy), var(v))) : node(TermKind::CopowerUnit, {var(x[1]), var(v)});
    TermP back = lin_fun(v, tr.tangent(s->type), pullback(dx[0], own));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), back));
  });
}

namespace {

// The efficient fun rule (chad/reverse_rules.cpp) with the closure's backpropagator's result
// <snd q, pack_G (fst q)> given by `result(q, G)` and its cotangent's elimination \w. unpack_G w
// by `unpack(w, G)`.
TermP rev_closure_converted_with(const TermP& s, Transformer& tr,
                                 const std::function<TermP(const std::string&, const TypeP&)>& result,
                                 const std::function<TermP(const std::string&, const TypeP&)>& unpack) {
  const TypeP& a = s->annot;
  const TypeP g = tr.context_tangent();
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), v = tr.fresh("v"), q = tr.fresh("q"), w = tr.fresh("w");
  TermP body = tr.transform_under(s->name, a, s->args[0]);
  TermP back = lin_fun(v, tr.tangent(s->type->right), let(q, lin_app(var(dz), var(v)), result(q, g)));
  TermP primal = fun(s->name, tr.primal(a), bind_pair(tr, body, z, dz, pair(var(z), back)));
  return pair(primal, lin_fun(w, env_type(), unpack(w, g)));
}

}  // namespace

// Efficient functions strategy only: <snd q, 0> instead of <snd q, pack_G (fst q)> (the pack
// dropped: no cotangent reaches what the closure captured).
TermP rev_fun_drops_env(const TermP& s, Transformer& tr) {
  if (tr.functions() != FunctionsStrategy::Efficient) return standard_rule(ChadMode::Reverse, s, tr);
  return rev_closure_converted_with(
      s, tr, [](const std::string& q, const TypeP&) { return pair(snd(var(q)), zero(env_type())); },
      [](const std::string& w, const TypeP& g) { return env_unpack(g, var(w)); });
}

// Efficient functions strategy only: \w. unpack_{G, x} w instead of unpack_G w (the context of
// the body, not of the closure: CHAD's output does not type-check).
TermP rev_fun_unpacks_wrong_context(const TermP& s, Transformer& tr) {
  if (tr.functions() != FunctionsStrategy::Efficient) return standard_rule(ChadMode::Reverse, s, tr);
  const TypeP body_context = prod_type(tr.context_tangent(), tr.tangent(s->annot));
  return rev_closure_converted_with(
      s, tr, [](const std::string& q, const TypeP& g) { return pair(snd(var(q)), env_pack(g, fst(var(q)))); },
      [body_context](const std::string& w, const TypeP&) { return env_unpack(body_context, var(w)); });
}

// Efficient functions strategy only: t s  ->  ... <y, \v. let q = y' @ v in f' @ (fst q) + x' @ (snd q)>
// (the argument's cotangent and the function's env swapped: CHAD's output does not type-check).
TermP rev_app_swaps_argument_and_env(const TermP& s, Transformer& tr) {
  if (tr.functions() != FunctionsStrategy::Efficient) return standard_rule(ChadMode::Reverse, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v"), q = tr.fresh("q");
    TermP back = lin_fun(v, tr.tangent(s->type),
                         let(q, lin_app(var(dy), var(v)), add(pullback(dx[0], fst(var(q))), pullback(dx[1], snd(var(q))))));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), back));
  });
}

// C t  ->  <C x, \v. 0>
TermP rev_inject_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(primal_inject(tr, s, var(x[0])),
                lin_fun(tr.fresh("v"), tr.tangent(s->type), zero(tr.context_tangent())));
  });
}

// Lifted sums only: C_i t  ->  <C_i x, \v. x' @ (the C_(i+1)-component of v)>: the wrong
// constructor's component (the lifted-sum inconsistency when v is not 0).
TermP rev_inject_lifted_wrong_component(const TermP& s, Transformer& tr) {
  const int n = int(s->type->ctors.size());
  if (tr.sums() != SumsStrategy::Lifted || n < 2) return standard_rule(ChadMode::Reverse, s, tr);
  // Only constructors whose payloads have the same (co)tangent type can be confused.
  const int other = (s->index + 1) % n;
  if (!type_equal(tr.tangent(s->type->ctors[std::size_t(other)].type), tr.tangent(s->args[0]->type)))
    return standard_rule(ChadMode::Reverse, s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    TermP component = sum_tangent(tr, TermKind::SumTangentOut, s->type, other, var(v));
    return pair(primal_inject(tr, s, var(x[0])), lin_fun(v, tr.tangent(s->type), pullback(dx[0], component)));
  });
}

namespace {

// The reverse case rule with the scrutinee's share in branch i given by `share(i, z' @ (Ci dy))`.
TermP rev_case_with(const TermP& s, Transformer& tr, const std::function<TermP(int, TermP)>& share) {
  std::string z = tr.fresh("z"), dz = tr.fresh("dz");
  const TypeP& sum = s->args[0]->type;
  TermP scrutinee = tr.transform(s->args[0]);
  auto result = node(TermKind::Case, {var(z)});
  for (const Branch& b : s->branches) {
    std::string w = tr.fresh("w"), dw = tr.fresh("dw"), v = tr.fresh("v"), q = tr.fresh("q");
    TermP branch = tr.transform_under(b.var, sum->ctors[b.tag].type, b.body);
    TermP embed = sum_tangent(tr, TermKind::SumTangentIn, sum, b.tag, snd(var(q)));
    TermP scrutinee_share = share(b.tag, lin_app(var(dz), embed));
    TermP back = lin_fun(v, tr.tangent(s->type),
                         let(q, lin_app(var(dw), var(v)),
                             scrutinee_share ? add(fst(var(q)), scrutinee_share) : fst(var(q))));
    Branch nb = b;
    nb.body = bind_pair(tr, branch, w, dw, pair(var(w), back));
    result->branches.push_back(nb);
  }
  return bind_pair(tr, scrutinee, z, dz, result);
}

}  // namespace

// case t of {Ci yi -> si}  ->  ... <w, \v. let <g, dy> = w' @ v in g>   (z' @ (Ci dy) is lost)
TermP rev_case_drops_scrutinee(const TermP& s, Transformer& tr) {
  return rev_case_with(s, tr, [](int, TermP) -> TermP { return nullptr; });
}

// case: in the branch of the second constructor only, g + 2 (z' @ (C2 dy)) (a derivative off
// by a factor on one constructor)
TermP rev_case_doubles_second_constructor(const TermP& s, Transformer& tr) {
  return rev_case_with(s, tr, [](int tag, TermP share) { return tag == 1 ? add(share, share) : share; });
}

// roll t  ->  <roll x, \v. 0>
TermP rev_roll_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(primal_roll(tr, s, var(x[0])), lin_fun(tr.fresh("v"), tr.tangent(s->type), zero(tr.context_tangent())));
  });
}

// unroll t  ->  <unroll x, \v. 0>
TermP rev_unroll_drops(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto&) {
    return pair(node(TermKind::Unroll, {var(x[0])}),
                lin_fun(tr.fresh("v"), tr.tangent(s->type), zero(tr.context_tangent())));
  });
}

TermP wrapped_recursion_node(Transformer& tr, const TermP& s, TermKind kind, const std::string& z,
                             const std::function<TermP(TermP body, const TypeP& context)>& wrap) {
  const bool fold = s->kind == TermKind::Fold;
  const TypeP& start = s->args[0]->type;
  const TypeP x_type = fold ? substitute(start->body, start->var, s->type) : start;
  const TypeP context = tr.context_tangent();
  auto rec = node(kind, {var(z), wrap(tr.transform_under(s->name, x_type, s->args[1]), context)});
  rec->name = s->name;
  rec->annot = arrow_type(start, s->type);
  rec->sums = tr.sums();
  return rec;
}

// fold t with x -> s: every node's body backpropagator loses its context part:
// D_{G,x}(s) becomes <w, \v. let q = w' @ v in (0, snd q)>, so only the contributions that go
// through the folded value reach G.
TermP rev_fold_drops_context(const TermP& s, Transformer& tr) {
  if (s->kind != TermKind::Fold) return standard_rule(ChadMode::Reverse, s, tr);
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v"), q = tr.fresh("q");
  TermP start = tr.transform(s->args[0]);
  const TypeP result_tangent = tr.tangent(s->type);
  TermP rec = wrapped_recursion_node(tr, s, TermKind::RevFold, z, [&](TermP body, const TypeP& g) {
    std::string p = tr.fresh("p"), u = tr.fresh("v"), c = tr.fresh("q");
    return let(p, body, pair(fst(var(p)), lin_fun(u, result_tangent,
                                                   let(c, lin_app(snd(var(p)), var(u)), pair(zero(g), snd(var(c)))))));
  });
  TermP back = lin_fun(v, result_tangent,
                       let(q, lin_app(snd(var(r)), var(v)), add(fst(var(q)), lin_app(var(dz), snd(var(q))))));
  return bind_pair(tr, start, z, dz, let(r, rec, pair(fst(var(r)), back)));
}

// unfold t with x -> s (a stream nu a. T * a): the stream's cotangent is shifted by one
// position before it is pulled back: snd r @ (snd (unroll_lin v)) instead of snd r @ v.
TermP rev_unfold_shifted(const TermP& s, Transformer& tr) {
  const TypeP& stream = s->type;
  if (s->kind != TermKind::Unfold || stream->body->kind != TypeKind::Prod ||
      stream->body->right->kind != TypeKind::Var || stream->body->right->var != stream->var)
    return standard_rule(ChadMode::Reverse, s, tr);
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v"), q = tr.fresh("q");
  TermP start = tr.transform(s->args[0]);
  TermP rec = recursion_node(tr, s, TermKind::RevUnfold, z);
  TermP shifted = snd(node(TermKind::LinUnroll, {var(v)}));
  TermP back = lin_fun(v, tr.tangent(s->type),
                       let(q, lin_app(snd(var(r)), shifted), add(fst(var(q)), lin_app(var(dz), snd(var(q))))));
  return bind_pair(tr, start, z, dz, let(r, rec, pair(fst(var(r)), back)));
}

namespace {

// The reverse primitive rule for `op` with op^T replaced: `transpose(x, v)` gives the
// operands' cotangents (null: that operand's contribution is lost).
TermP rev_prim_with(const TermP& s, Transformer& tr,
                    const std::function<std::vector<TermP>(const std::vector<std::string>&, TermP)>& transpose) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    std::vector<TermP> cotangents = transpose(x, var(v)), parts;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (cotangents[i]) parts.push_back(lin_app(var(dx[i]), cotangents[i]));
    return pair(primal_prim(s, x), lin_fun(v, tr.tangent(s->type), add_all(parts, tr.context_tangent())));
  });
}

// op^T of `op` at the bound primals, as a tuple.
TermP transpose_node(PrimOp op, const TermP& s, Transformer& tr, const std::vector<std::string>& x, TermP v) {
  auto t = node(TermKind::PrimRev, {});
  for (const auto& xi : x) t->args.push_back(var(xi));
  t->args.push_back(std::move(v));
  t->op = op;
  t->index = s->index;
  t->sums = tr.sums();
  return t;
}

}  // namespace

// sin(t): op^T(x; v) = v * (-sin x) (cos's transposed derivative) instead of v * cos x
TermP rev_sin_wrong_formula(const TermP& s, Transformer& tr) {
  if (s->op != PrimOp::Sin) return standard_rule(ChadMode::Reverse, s, tr);
  return rev_prim_with(s, tr, [&](const auto& x, TermP v) {
    return std::vector<TermP>{transpose_node(PrimOp::Cos, s, tr, x, std::move(v))};
  });
}

// a * b: op^T(a, b; v) = (v * b, 0) instead of (v * b, v * a) (a term of the product rule dropped)
TermP rev_mul_drops_term(const TermP& s, Transformer& tr) {
  if (s->op != PrimOp::Mul) return standard_rule(ChadMode::Reverse, s, tr);
  return rev_prim_with(s, tr, [&](const auto& x, TermP v) {
    return std::vector<TermP>{tuple_component(transpose_node(PrimOp::Mul, s, tr, x, std::move(v)), 0, 2), nullptr};
  });
}

// matvec(m, x) with m square: the cotangent of x is m v (the forward derivative) instead of m^T v
TermP rev_matvec_missing_transpose(const TermP& s, Transformer& tr) {
  const TypeP& m = s->args[0]->type;
  if (s->op != PrimOp::Matvec || m->shape.size() != 2 || m->shape[0] != m->shape[1])
    return standard_rule(ChadMode::Reverse, s, tr);
  return rev_prim_with(s, tr, [&](const auto& x, TermP v) {
    auto forward = node(TermKind::PrimFwd, {var(x[0]), var(x[1]), zero(tr.tangent(m)), v});
    forward->op = PrimOp::Matvec;
    forward->sums = tr.sums();
    return std::vector<TermP>{tuple_component(transpose_node(PrimOp::Matvec, s, tr, x, v), 0, 2), forward};
  });
}

}  // namespace chad::mutant_rules

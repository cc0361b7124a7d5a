// The reverse rules (shared/spec/chad.md, "Term rules / Reverse"): for G |- t : T,
// Drev_G(t) : R1(T) * (R2(T) -o R2(G)). Each rule's comment states it in the spec's notation;
// `<x, x'> = ...` binds a transformed operand (bind_pair).
#include "chad/rule_helpers.hpp"

namespace chad {
namespace {

using namespace target;

// x_j  ->  <x_j, \v. onehot_j(v)>
TermP var_rule(const TermP& s, Transformer& tr) {
  std::string v = tr.fresh("v");
  auto onehot = node(TermKind::CtxOneHot, {var(v)});
  onehot->index = s->index;
  onehot->annot = tr.context_tangent();
  return pair(var(s->name), lin_fun(v, tr.tangent(s->type), onehot));
}

// c  ->  <c, \v. 0>
TermP constant_rule(const TermP& s, Transformer& tr) {
  return pair(s, lin_fun(tr.fresh("v"), tr.tangent(s->type), zero(tr.context_tangent())));
}

// [t1, ..., tn]  ->  <[x1, ..., xn], \v. x1' @ row_0 v + ... + xn' @ row_(n-1) v>
TermP array_rule(const TermP& s, Transformer& tr) {
  if (is_constant(s)) return constant_rule(s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    std::vector<TermP> parts;
    for (std::size_t i = 0; i < x.size(); ++i) {
      auto row = node(TermKind::ArrayRow, {var(v)});
      row->index = int(i);
      parts.push_back(lin_app(var(dx[i]), row));
    }
    return pair(primal_array(x), lin_fun(v, tr.tangent(s->type), add_all(parts, tr.context_tangent())));
  });
}

// (t, s)  ->  <(x, y), \v. x' @ fst v + y' @ snd v>
TermP pair_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(pair(var(x[0]), var(x[1])),
                lin_fun(v, tr.tangent(s->type), add(lin_app(var(dx[0]), fst(var(v))),
                                                    lin_app(var(dx[1]), snd(var(v))))));
  });
}

// fst t  ->  <fst x, \v. x' @ (v, 0)>;  snd t  ->  <snd x, \v. x' @ (0, v)>
// (zero-fn: the 0 is made from the other component's primal.)
TermP projection_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    const TypeP& pair_type = s->args[0]->type;
    const bool first = s->kind == TermKind::Fst;
    TermP other = first ? tr.zero_at(tr.tangent(pair_type->right), snd(var(x[0])))
                        : tr.zero_at(tr.tangent(pair_type->left), fst(var(x[0])));
    TermP cotangent = first ? pair(var(v), other) : pair(other, var(v));
    return pair(first ? fst(var(x[0])) : snd(var(x[0])),
                lin_fun(v, tr.tangent(s->type), lin_app(var(dx[0]), cotangent)));
  });
}

// let x = t in s  ->  let <x, x'> = Drev_G(t) in let <y, y'> = Drev_{G,x}(s) in
//                     <y, \v. let <g, dx> = y' @ v in g + x' @ dx>
TermP let_rule(const TermP& s, Transformer& tr) {
  std::string dx = tr.fresh("dx"), y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v"),
              q = tr.fresh("q");
  TermP bound = tr.transform(s->args[0]);
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  TermP back = lin_fun(v, tr.tangent(s->type),
                       let(q, lin_app(var(dy), var(v)),
                           add(fst(var(q)), lin_app(var(dx), snd(var(q))))));
  return bind_pair(tr, bound, s->name, dx, bind_pair(tr, body, y, dy, pair(var(y), back)));
}

// The efficient functions strategy (syntax/functions_strategy.hpp): closure conversion of the
// function's cotangent. R2(A -> B) = env holds the cotangent R2(G) of the closure's captured
// context G, packed; the backpropagator of an application returns it beside the argument's:
//   fun (x : A) -> t  ->  <fun x -> let <z, z'> = Drev_{G,x}(t) in
//                                    <z, \v. let q = z' @ v in <snd q, pack_G (fst q)>>,
//                          \w. unpack_G w>
// Why closure conversion rather than keeping each application's backpropagator in the copower:
// the copower's pairs would hold closures over the body's intermediate values (a tape per
// application), and its `+` would concatenate them; with the environment's cotangent the
// contributions are summed where they arrive (pack a + pack b = pack (a + b)) and no primal is
// re-run. It is sound because a function value's cotangent only flows back (against the data
// flow) to the place that made that value, so every pack that reaches unpack_G was made by the
// same lambda with the same G (the evaluator checks G's fingerprint: EnvironmentInconsistency).
TermP closure_converted_lambda_rule(const TermP& s, Transformer& tr) {
  const TypeP& a = s->annot;
  const TypeP b = s->type->right;
  const TypeP g = tr.context_tangent();
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), v = tr.fresh("v"), q = tr.fresh("q"),
              w = tr.fresh("w");
  TermP body = tr.transform_under(s->name, a, s->args[0]);
  TermP back = lin_fun(v, tr.tangent(b),
                       let(q, lin_app(var(dz), var(v)), pair(snd(var(q)), env_pack(g, fst(var(q))))));
  TermP primal = fun(s->name, tr.primal(a), bind_pair(tr, body, z, dz, pair(var(z), back)));
  return pair(primal, lin_fun(w, env_type(), env_unpack(g, var(w))));
}

//   t s  ->  let <f, f'> = Drev(t), <x, x'> = Drev(s), <y, y'> = f x in
//            <y, \v. let q = y' @ v in f' @ (snd q) + x' @ (fst q)>
TermP closure_converted_app_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v"), q = tr.fresh("q");
    TermP back = lin_fun(v, tr.tangent(s->type),
                         let(q, lin_app(var(dy), var(v)),
                             add(lin_app(var(dx[0]), snd(var(q))), lin_app(var(dx[1]), fst(var(q))))));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), back));
  });
}

// The paper's functions strategy:
// fun (x : A) -> t  ->  let f = fun x -> Drev_{G,x}(t) in
//   <fun x -> let <z, z'> = f x in <z, \v. snd (z' @ v)>,
//    \w. copower-fold w with (x, v) -> fst ((snd (f x)) @ v)>
TermP lambda_rule(const TermP& s, Transformer& tr) {
  if (tr.functions() == FunctionsStrategy::Efficient) return closure_converted_lambda_rule(s, tr);
  const TypeP& a = s->annot;
  const TypeP b = s->type->right;
  std::string f = tr.fresh("f"), z = tr.fresh("z"), v = tr.fresh("v"), w = tr.fresh("w"),
              u = tr.fresh("v"), x = s->name;
  TermP body = tr.transform_under(x, a, s->args[0]);
  TermP primal = fun(x, tr.primal(a),
                     let(z, app(var(f), var(x)),
                         pair(fst(var(z)), lin_fun(v, tr.tangent(b),
                                                   snd(lin_app(snd(var(z)), var(v)))))));
  auto fold = node(TermKind::CopowerFold,
                   {var(w), fun(x, tr.primal(a),
                                lin_fun(u, tr.tangent(b),
                                        fst(lin_app(snd(app(var(f), var(x))), var(u)))))});
  return let(f, fun(x, tr.primal(a), body),
             pair(primal, lin_fun(w, tr.tangent(s->type), fold)));
}

// t s  ->  let <f, f'> = Drev(t), <x, x'> = Drev(s), <y, y'> = f x in
//          <y, \v. f' @ (!x (x) v) + x' @ (y' @ v)>
TermP app_rule(const TermP& s, Transformer& tr) {
  if (tr.functions() == FunctionsStrategy::Efficient) return closure_converted_app_rule(s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP back = lin_fun(v, tr.tangent(s->type),
                         add(lin_app(var(dx[0]), node(TermKind::CopowerUnit, {var(x[1]), var(v)})),
                             lin_app(var(dx[1]), lin_app(var(dy), var(v)))));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), back));
  });
}

// C t  ->  <C x, \v. x' @ (the C-component of v)>
TermP inject_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    TermP component = sum_tangent(tr, TermKind::SumTangentOut, s->type, s->index, var(v));
    return pair(primal_inject(tr, s, var(x[0])),
                lin_fun(v, tr.tangent(s->type), lin_app(var(dx[0]), component)));
  });
}

// case t of {Ci yi -> si}  ->  let <z, z'> = Drev(t) in case z of
//   {Ci yi -> let <w, w'> = Drev_{G,yi}(si) in <w, \v. let <g, dy> = w' @ v in g + z' @ (Ci dy)>}
TermP case_rule(const TermP& s, Transformer& tr) {
  std::string z = tr.fresh("z"), dz = tr.fresh("dz");
  const TypeP& sum = s->args[0]->type;
  TermP scrutinee = tr.transform(s->args[0]);
  auto result = node(TermKind::Case, {var(z)});
  for (const Branch& b : s->branches) {
    std::string w = tr.fresh("w"), dw = tr.fresh("dw"), v = tr.fresh("v"), q = tr.fresh("q");
    TermP branch = tr.transform_under(b.var, sum->ctors[b.tag].type, b.body);
    TermP embed = sum_tangent(tr, TermKind::SumTangentIn, sum, b.tag, snd(var(q)));
    TermP back = lin_fun(v, tr.tangent(s->type),
                         let(q, lin_app(var(dw), var(v)), add(fst(var(q)), lin_app(var(dz), embed))));
    Branch nb = b;
    nb.body = bind_pair(tr, branch, w, dw, pair(var(w), back));
    result->branches.push_back(nb);
  }
  return bind_pair(tr, scrutinee, z, dz, result);
}

// roll t  ->  <roll x, \v. x' @ (unroll_lin v)>
TermP roll_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(primal_roll(tr, s, var(x[0])),
                lin_fun(v, tr.tangent(s->type),
                        lin_app(var(dx[0]), node(TermKind::LinUnroll, {var(v)}))));
  });
}

// unroll t  ->  <unroll x, \v. x' @ (roll_lin v)>
TermP unroll_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    auto rolled = node(TermKind::LinRoll, {var(v)});
    rolled->annot = tr.tangent(s->args[0]->type);
    return pair(node(TermKind::Unroll, {var(x[0])}),
                lin_fun(v, tr.tangent(s->type), lin_app(var(dx[0]), rolled)));
  });
}

// op(t1..tk)  ->  let <xi, xi'> = Drev(ti) ... in
//                 <op(x1..xk), \v. let (v1..vk) = op^T(x1..xk; v) in x1' @ v1 + ... + xk' @ vk>
TermP prim_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v"), c = tr.fresh("c");
    auto transpose = node(TermKind::PrimRev, {});
    for (const auto& xi : x) transpose->args.push_back(var(xi));
    transpose->args.push_back(var(v));
    transpose->op = s->op;
    transpose->index = s->index;
    transpose->sums = tr.sums();
    std::vector<TermP> parts;
    for (std::size_t i = 0; i < x.size(); ++i)
      parts.push_back(lin_app(var(dx[i]), tuple_component(var(c), i, x.size())));
    return pair(primal_prim(s, x),
                lin_fun(v, tr.tangent(s->type),
                        let(c, transpose, add_all(parts, tr.context_tangent()))));
  });
}

// fold t with x -> s  ->  let <z, z'> = Drev(t) in
//   let r = rev_fold z with x -> Drev_{G,x}(s) in <fst r, \v. let (g, dz) = snd r @ v in g + z' @ dz>
// rev_fold (evaluated in target_semantics/recursion_target.cpp) folds the primal z bottom-up; each
// node's result is (w, b) with b : R2(S) -o R2(G) * R2(mu a.F) the node's backpropagator: from
// (g, dx) = w' @ v it applies each child's b to dx's cotangent at that child's recursive
// position, sums the R2(G) parts into g and rebuilds the subtree cotangent from dx with the
// children's subtree cotangents there (the functorial action of R2 F).
// unfold t with x -> s  ->  the same shape with rev_unfold: the primal stream is produced lazily
// from seeds; its backpropagator recurses over the (finite) cotangent of the stream.
TermP recursion_rule(const TermP& s, Transformer& tr) {
  const bool fold = s->kind == TermKind::Fold;
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v"),
              q = tr.fresh("q");
  TermP start = tr.transform(s->args[0]);
  TermP rec = recursion_node(tr, s, fold ? TermKind::RevFold : TermKind::RevUnfold, z);
  TermP back = lin_fun(v, tr.tangent(s->type),
                       let(q, lin_app(snd(var(r)), var(v)),
                           add(fst(var(q)), lin_app(var(dz), snd(var(q))))));
  return bind_pair(tr, start, z, dz, let(r, rec, pair(fst(var(r)), back)));
}

}  // namespace

void add_reverse_rules(RuleTable& table) {
#define CHAD_SET_RULE(kind, rule) table.reverse[int(TermKind::kind)] = rule;
  CHAD_RULES(CHAD_SET_RULE)
#undef CHAD_SET_RULE
}

}  // namespace chad

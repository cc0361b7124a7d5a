// The forward rules (shared/spec/chad.md, "Term rules / Forward"): for G |- t : T,
// Dfwd_G(t) : D1(T) * (D2(G) -o D2(T)). Each rule's comment states it in the spec's notation;
// `<x, x'> = ...` binds a transformed operand (bind_pair).
#include "chad/rule_helpers.hpp"

namespace chad {
namespace {

using namespace target;

// x_j  ->  <x_j, \v. proj_j v>
TermP var_rule(const TermP& s, Transformer& tr) {
  std::string v = tr.fresh("v");
  auto proj = node(TermKind::CtxProj, {var(v)});
  proj->index = s->index;
  return pair(var(s->name), lin_fun(v, tr.context_tangent(), proj));
}

// c  ->  <c, \v. 0>
TermP constant_rule(const TermP& s, Transformer& tr) {
  return pair(s, lin_fun(tr.fresh("v"), tr.context_tangent(), zero(tr.tangent(s->type))));
}

// [t1, ..., tn]  ->  <[x1, ..., xn], \v. [x1' @ v, ..., xn' @ v]>
TermP array_rule(const TermP& s, Transformer& tr) {
  if (is_constant(s)) return constant_rule(s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    auto tangent = node(TermKind::ArrayLit, {});
    for (const auto& d : dx) tangent->args.push_back(lin_app(var(d), var(v)));
    return pair(primal_array(x), lin_fun(v, tr.context_tangent(), tangent));
  });
}

// (t, s)  ->  <(x, y), \v. (x' @ v, y' @ v)>
TermP pair_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(pair(var(x[0]), var(x[1])),
                lin_fun(v, tr.context_tangent(),
                        pair(lin_app(var(dx[0]), var(v)), lin_app(var(dx[1]), var(v)))));
  });
}

// fst t  ->  <fst x, \v. fst (x' @ v)>;  snd t  ->  <snd x, \v. snd (x' @ v)>
TermP projection_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    auto project = [&](TermP p) { return s->kind == TermKind::Fst ? fst(p) : snd(p); };
    return pair(project(var(x[0])),
                lin_fun(v, tr.context_tangent(), project(lin_app(var(dx[0]), var(v)))));
  });
}

// let x = t in s  ->  let <x, x'> = Dfwd(t) in let <y, y'> = Dfwd_{G,x}(s) in
//                     <y, \v. y' @ (v, x' @ v)>
TermP let_rule(const TermP& s, Transformer& tr) {
  std::string dx = tr.fresh("dx"), y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
  TermP bound = tr.transform(s->args[0]);
  const TypeP g = tr.context_tangent();
  TermP body = tr.transform_under(s->name, s->args[0]->type, s->args[1]);
  TermP tangent = lin_fun(v, g, lin_app(var(dy), pair(var(v), lin_app(var(dx), var(v)))));
  return bind_pair(tr, bound, s->name, dx, bind_pair(tr, body, y, dy, pair(var(y), tangent)));
}

// The efficient functions strategy (syntax/functions_strategy.hpp): closure conversion of the
// function's tangent. D2(A -> B) = env holds the tangent D2(G) of the closure's captured context
// G, packed; an application's tangent map takes it beside the argument's:
//   fun (x : A) -> t  ->  <fun x -> let <z, z'> = Dfwd_{G,x}(t) in
//                                    <z, \p. z' @ (unpack_G (fst p), snd p)>,
//                          \v. pack_G v>
// No primal is re-run (the paper's power D1 A -> D2 B re-runs the body per application of the
// tangent); see the reverse rule (reverse_rules.cpp) for why closure conversion is sound.
TermP closure_converted_lambda_rule(const TermP& s, Transformer& tr) {
  const TypeP& a = s->annot;
  const TypeP g = tr.context_tangent();
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), p = tr.fresh("p"), v = tr.fresh("v");
  TermP body = tr.transform_under(s->name, a, s->args[0]);
  TermP tangent = lin_fun(p, prod_type(env_type(), tr.tangent(a)),
                          lin_app(var(dz), pair(env_unpack(g, fst(var(p))), snd(var(p)))));
  TermP primal = fun(s->name, tr.primal(a), bind_pair(tr, body, z, dz, pair(var(z), tangent)));
  return pair(primal, lin_fun(v, g, env_pack(g, var(v))));
}

//   t s  ->  let <f, f'> = Dfwd(t), <x, x'> = Dfwd(s), <y, y'> = f x in
//            <y, \v. y' @ (f' @ v, x' @ v)>
TermP closure_converted_app_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP tangent = lin_fun(v, tr.context_tangent(),
                            lin_app(var(dy), pair(lin_app(var(dx[0]), var(v)), lin_app(var(dx[1]), var(v)))));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), tangent));
  });
}

// The paper's functions strategy:
// fun (x : A) -> t  ->  let f = fun x -> Dfwd_{G,x}(t) in
//   <fun x -> let <z, z'> = f x in <z, \dx. z' @ (0, dx)>, \v. fun x -> (snd (f x)) @ (v, 0)>
// (zero-fn: the 0 of D2 A is made from x.)
TermP lambda_rule(const TermP& s, Transformer& tr) {
  if (tr.functions() == FunctionsStrategy::Efficient) return closure_converted_lambda_rule(s, tr);
  const TypeP& a = s->annot;
  std::string f = tr.fresh("f"), z = tr.fresh("z"), d = tr.fresh("dx"), v = tr.fresh("v"),
              x = s->name;
  const TypeP g = tr.context_tangent();
  TermP body = tr.transform_under(x, a, s->args[0]);
  TermP primal = fun(x, tr.primal(a),
                     let(z, app(var(f), var(x)),
                         pair(fst(var(z)), lin_fun(d, tr.tangent(a),
                                                   lin_app(snd(var(z)), pair(zero(g), var(d)))))));
  TermP tangent = lin_fun(v, g, fun(x, tr.primal(a),
                                    lin_app(snd(app(var(f), var(x))),
                                            pair(var(v), tr.zero_at(tr.tangent(a), var(x))))));
  return let(f, fun(x, tr.primal(a), body), pair(primal, tangent));
}

// t s  ->  let <f, f'> = Dfwd(t), <x, x'> = Dfwd(s), <y, y'> = f x in
//          <y, \v. (f' @ v) x + y' @ (x' @ v)>
TermP app_rule(const TermP& s, Transformer& tr) {
  if (tr.functions() == FunctionsStrategy::Efficient) return closure_converted_app_rule(s, tr);
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string y = tr.fresh("y"), dy = tr.fresh("dy"), v = tr.fresh("v");
    TermP tangent = lin_fun(v, tr.context_tangent(),
                            add(app(lin_app(var(dx[0]), var(v)), var(x[1])),
                                lin_app(var(dy), lin_app(var(dx[1]), var(v)))));
    return bind_pair(tr, app(var(x[0]), var(x[1])), y, dy, pair(var(y), tangent));
  });
}

// C t  ->  <C x, \v. C (x' @ v)>
TermP inject_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(primal_inject(tr, s, var(x[0])),
                lin_fun(v, tr.context_tangent(),
                        sum_tangent(tr, TermKind::SumTangentIn, s->type, s->index,
                                    lin_app(var(dx[0]), var(v)))));
  });
}

// case t of {Ci yi -> si}  ->  let <z, z'> = Dfwd(t) in case z of
//   {Ci yi -> let <w, w'> = Dfwd_{G,yi}(si) in <w, \v. w' @ (v, the Ci-component of z' @ v)>}
TermP case_rule(const TermP& s, Transformer& tr) {
  std::string z = tr.fresh("z"), dz = tr.fresh("dz");
  const TypeP& sum = s->args[0]->type;
  const TypeP g = tr.context_tangent();
  TermP scrutinee = tr.transform(s->args[0]);
  auto result = node(TermKind::Case, {var(z)});
  for (const Branch& b : s->branches) {
    std::string w = tr.fresh("w"), dw = tr.fresh("dw"), v = tr.fresh("v");
    TermP branch = tr.transform_under(b.var, sum->ctors[b.tag].type, b.body);
    TermP component =
        sum_tangent(tr, TermKind::SumTangentOut, sum, b.tag, lin_app(var(dz), var(v)));
    TermP tangent = lin_fun(v, g, lin_app(var(dw), pair(var(v), component)));
    Branch nb = b;
    nb.body = bind_pair(tr, branch, w, dw, pair(var(w), tangent));
    result->branches.push_back(nb);
  }
  return bind_pair(tr, scrutinee, z, dz, result);
}

// roll t  ->  <roll x, \v. roll_lin (x' @ v)>
TermP roll_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    auto rolled = node(TermKind::LinRoll, {lin_app(var(dx[0]), var(v))});
    rolled->annot = tr.tangent(s->type);
    return pair(primal_roll(tr, s, var(x[0])), lin_fun(v, tr.context_tangent(), rolled));
  });
}

// unroll t  ->  <unroll x, \v. unroll_lin (x' @ v)>
TermP unroll_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    return pair(node(TermKind::Unroll, {var(x[0])}),
                lin_fun(v, tr.context_tangent(),
                        node(TermKind::LinUnroll, {lin_app(var(dx[0]), var(v))})));
  });
}

// op(t1..tk)  ->  <op(x1..xk), \v. op'(x1..xk; x1' @ v, ..., xk' @ v)>
TermP prim_rule(const TermP& s, Transformer& tr) {
  return bind_operands(tr, s->args, [&](auto& x, auto& dx) {
    std::string v = tr.fresh("v");
    auto derivative = node(TermKind::PrimFwd, {});
    for (const auto& xi : x) derivative->args.push_back(var(xi));
    for (const auto& d : dx) derivative->args.push_back(lin_app(var(d), var(v)));
    derivative->op = s->op;
    derivative->index = s->index;
    derivative->sums = tr.sums();
    return pair(primal_prim(s, x), lin_fun(v, tr.context_tangent(), derivative));
  });
}

// fold t with x -> s  ->  let <z, z'> = Dfwd(t) in
//   let r = fwd_fold z with x -> Dfwd_{G,x}(s) in <fst r, \v. snd r @ (v, z' @ v)>
// fwd_fold (target_semantics/recursion_target.cpp) folds z bottom-up; each node's result is (w, d)
// with d : D2(G) * D2(subtree) -o D2(S): from the node's subtree tangent it maps each child's d
// over the recursive positions (the functorial action of D2 F) and applies w'.
// unfold t with x -> s  ->  the same shape with fwd_unfold: a lazily unfolded tangent stream
// over (seed, seed tangent) pairs.
TermP recursion_rule(const TermP& s, Transformer& tr) {
  const bool fold = s->kind == TermKind::Fold;
  std::string z = tr.fresh("z"), dz = tr.fresh("dz"), r = tr.fresh("r"), v = tr.fresh("v");
  const TypeP g = tr.context_tangent();
  TermP start = tr.transform(s->args[0]);
  TermP rec = recursion_node(tr, s, fold ? TermKind::FwdFold : TermKind::FwdUnfold, z);
  TermP tangent = lin_fun(v, g, lin_app(snd(var(r)), pair(var(v), lin_app(var(dz), var(v)))));
  return bind_pair(tr, start, z, dz, let(r, rec, pair(fst(var(r)), tangent)));
}

}  // namespace

void add_forward_rules(RuleTable& table) {
#define CHAD_SET_RULE(kind, rule) table.forward[int(TermKind::kind)] = rule;
  CHAD_RULES(CHAD_SET_RULE)
#undef CHAD_SET_RULE
}

}  // namespace chad

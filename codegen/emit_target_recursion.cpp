// The folds and unfolds of CHAD's target (FwdFold, RevFold, FwdUnfold, RevUnfold), with the
// rules of target_semantics/recursion_target.cpp, and the functorial action on (co)tangents they use
// (target_semantics/tangent_positions.hpp). Each site gets a function template at namespace scope:
//   rev fold   node -> (w, back), back v = let (g, dx) = w' v in (g + sum_c fst (back_c dx_c), roll_lin dx[snd (back_c dx_c)])
//   fwd fold   node -> (w, d),    d (g, dt) = w' (g, (unroll_lin dt)[d_c (g, dt_c)])
//   unfolds    seed -> (stream, derivative); a seed's body runs once (UnfoldState), lazily.
#include "codegen/emitter.hpp"
#include "syntax/location.hpp"

namespace chad {

namespace {

bool has_positions(const TypeP& t, const std::vector<TangentPositions>& p) {
  for (const auto& q : p)
    if (occurs_free(t, q.var)) return true;
  return false;
}

// `t` with every variable of `p` replaced by its primal (which = 0), in (1) or out (2) type.
TypeP close_over(TypeP t, const std::vector<TangentPositions>& p, int which) {
  for (std::size_t i = p.size(); i-- > 0;)
    t = substitute(t, p[i].var, which == 0 ? p[i].primal : which == 1 ? p[i].in : p[i].out);
  return t;
}

}  // namespace

std::string Emitter::map_tangents(const TypeP& f, const std::string& primal, const std::string& tangent,
                                  const std::vector<TangentPositions>& p) {
  if (!has_positions(f, p)) return tangent;
  auto T = [&](const TypeP& source) { return tangent_type(source, mode, sums, functions); };
  const TypeP out = close_over(T(f), p, 2);
  switch (f->kind) {
    case TypeKind::Var:
      if (fault == CodegenFault::FoldTangentsSkipped) return "chad_rt::zero<" + type(out) + ">()";  // an injected fault
      for (std::size_t i = p.size(); i-- > 0;)
        if (p[i].var == f->var) return p[i].call(primal, tangent);
      break;
    case TypeKind::Prod: {
      std::string l = map_tangents(f->left, primal + ".fst", tangent + ".fst", p);
      std::string r = map_tangents(f->right, primal + ".snd", tangent + ".snd", p);
      return bind("dmapped", out, type(out) + "{" + l + ", " + r + "}");
    }
    case TypeKind::Sum: {
      const std::size_t n = f->ctors.size();
      std::string result = fresh("dmapped");
      line(type(out) + " " + result + ";");
      open("switch (" + primal + ".tag()) {");
      for (std::size_t i = 0; i < n; ++i) {
        const std::string k = std::to_string(i);
        const TypeP& component = f->ctors[i].type;
        const TypeP component_in = close_over(T(component), p, 1);
        open("case " + k + ": {");
        std::string part;
        if (sums == SumsStrategy::Biproduct) {
          part = tuple_component(tangent, i, n);
        } else {
          part = bind("component", component_in,
                      "chad_rt::sum_out<" + k + ", " + type(component_in) + ">(" + tangent + ")");
        }
        std::string mapped = map_tangents(component, primal + ".template get<" + k + ">()", part, p);
        if (sums == SumsStrategy::Biproduct) {
          // The inactive components are not part of the fibre: zeros.
          line(result + " = " + one_component_tuple(types(), out, n, i, mapped) + ";");
        } else {
          line(result + " = " + type(out) + "::template make<" + k + ">(" + mapped + ");");
        }
        line("break;");
        close("}");
      }
      line("default: chad_rt::throw_fault(\"a sum value without a constructor\");");
      close("}");
      return result;
    }
    case TypeKind::Mu: {
      std::vector<TangentPositions> inner;  // the binder shadows a variable of its name
      for (const auto& q : p)
        if (q.var != f->var) inner.push_back(q);
      if (inner.empty()) return tangent;
      std::string helper = nested_tangent_map_helper(f, inner);
      // One C++ lambda per variable, for the helper to call at that variable's positions.
      std::string args;
      for (const auto& q : inner) {
        std::string x = fresh("x"), dx = fresh("dx"), fn = fresh("at_" + q.var);
        open("const auto " + fn + " = [&](const " + type(q.primal) + "& " + x + ", const " + type(q.in) + "& " + dx +
             ") -> " + type(q.out) + " {");
        line("return " + q.call(x, dx) + ";");
        close("};");
        args += ", " + fn;
      }
      return bind("dmapped", out, helper + "<S>(" + primal + ", " + tangent + args + ")");
    }
    case TypeKind::Nu: throw UnsupportedByCodegen("a nu type nested inside the functor of a differentiated fold or unfold");
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "codegen: map_tangents on " + print_type(f));
}

// The (co)tangent map over a nested `mu b. G`: a function template taking the primal node, its
// (co)tangent (fwd: a linear mu, rev: a linear nu; null is zero) and one callable per outer
// variable, recursing at the positions of b.
std::string Emitter::nested_tangent_map_helper(const TypeP& fixpoint, const std::vector<TangentPositions>& p) {
  auto T = [&](const TypeP& source) { return tangent_type(source, mode, sums, functions); };
  auto P = [&](const TypeP& source) { return primal_type(source, mode, sums, functions); };
  const TypeP primal = close_over(P(fixpoint), p, 0), in = close_over(T(fixpoint), p, 1),
              out = close_over(T(fixpoint), p, 2);
  const std::string key = "dmap " + print_type(primal) + " : " + print_type(in) + " -> " + print_type(out);
  if (std::string found = find_helper(key); !found.empty()) return found;
  const std::string name = fresh("dmap");
  name_helper(key, name);
  const CallableParameters callables = callable_parameters(p.size());
  const std::string forward_args = callables.arguments;
  std::vector<TangentPositions> inner;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::string fi = "f" + std::to_string(i);
    inner.push_back({p[i].var, p[i].primal, p[i].in, p[i].out,
                     [fi](const std::string& x, const std::string& dx) { return fi + "(" + x + ", " + dx + ")"; }});
  }
  inner.push_back({fixpoint->var, primal, in, out, [name, forward_args](const std::string& x, const std::string& dx) {
                     return name + "<S>(" + x + ", " + dx + forward_args + ")";
                   }});
  Saved saved = begin_helper();
  std::string payload = bind("dnode", unroll_type(in), "chad_rt::lin_unroll(tangent)");
  std::string mapped = map_tangents(fixpoint->body, "chad_rt::unroll(node)", payload, inner);
  line("return " + lin_roll(out, mapped) + ";");
  std::string body = end_helper(std::move(saved));
  add_helper("template <class S" + callables.template_parameters + ">\n" + type(out) + " " + name + "(" + type(primal) +
                 " node, const " + type(in) + "& tangent" + callables.parameters + ")",
             body);
  return name;
}

namespace {

struct RecursionTypes {
  TypeP fixpoint, carrier;      // source: mu a.F / nu a.F and S
  TypeP primal_fixpoint;        // P(mu a.F)
  TypeP primal_functor;         // P(F), open in a
  TypeP x_type;                 // the body's parameter: P(F[S/a]) (fold) or P(S) (unfold)
  TypeP body_type;              // P(out) * derivative
  TypeP child;                  // the node's type: P(result) * derivative map
  TypeP context;                // D2(G) / R2(G)
};

RecursionTypes recursion_types(const Term& t, bool fold, ChadMode mode, SumsStrategy sums, FunctionsStrategy functions) {
  RecursionTypes r;
  r.fixpoint = fold ? t.annot->left : t.annot->right;
  r.carrier = fold ? t.annot->right : t.annot->left;
  r.primal_fixpoint = primal_type(r.fixpoint, mode, sums, functions);
  r.primal_functor = primal_type(r.fixpoint->body, mode, sums, functions);
  r.x_type = primal_type(fold ? substitute(r.fixpoint->body, r.fixpoint->var, r.carrier) : r.carrier, mode, sums, functions);
  r.body_type = t.args[1]->type;
  r.child = t.type;
  const TypeP& d = r.body_type->right;
  r.context = (mode == ChadMode::Forward ? d->left : d->right)->left;
  return r;
}

}  // namespace

std::string Emitter::emit_target_fold(const TermP& t) {
  const bool reverse = t->kind == TermKind::RevFold;
  const RecursionTypes r = recursion_types(*t, true, mode, sums, functions);
  const std::string& a = r.fixpoint->var;
  const TypeP w = primal_type(r.carrier, mode, sums, functions);
  const TypeP ts = tangent_type(r.carrier, mode, sums, functions), tmu = tangent_type(r.fixpoint, mode, sums, functions);
  const TypeP d = r.body_type->right, dmap = r.child->right;
  const std::string key = std::string(reverse ? "rev" : "fwd") + " fold " + print_type(r.fixpoint) + " " +
                          print_type(arrow_type(r.x_type, r.body_type));
  std::string helper = find_helper(key);
  if (helper.empty()) {
    helper = fresh(reverse ? "rev_fold" : "fwd_fold");
    name_helper(key, helper);
    // A list-like type: a loop over the spine, the child's result in `folded`; else recursion.
    // The body is the function's type parameter (Emitter::closure_lambda).
    const bool spine = is_linear_functor(r.primal_functor, a);
    // Reverse over a list: `flush` applies the body's deferred applications after the backward
    // loop (codegen/deferred_applications.cpp).
    const bool flushes = reverse && spine;
    const std::string signature =
        std::string("template <class S, class Body") + (flushes ? ", class Flush" : "") + ">\n" + type(r.child) + " " +
        helper + "(" + type(r.primal_fixpoint) + (spine ? " root" : " node") + ", const Body& body" +
        (flushes ? ", const Flush& flush" : "") + ")";
    Saved saved = begin_helper();
    // Reverse over a list: each node's derivative kept in an arena array, so that the fold's
    // backpropagator walks the list in two loops (rev_fold_back_loops). Those loops read the
    // node's constructors from the node itself (`spine`). A record holds no copy of the node's
    // children's results, which those loops would read only for the constructors (48 of Horner's
    // 72 bytes per node). Measured (bench/RESULTS.md, stop 55): the ODE's and the small GMM's
    // gradients 1.03-1.08x faster, Horner's 0.9x at n <= 1e5 (all of it in its forward loop, by
    // the profile).
    const std::string record = type(d);
    if (spine) {
      open_fold_spine(r.primal_fixpoint, r.primal_functor, a, r.child, [&] {
        if (!reverse) return;
        line(record + "* records = chad_rt::arena_array<" + record + ">(count);");
      });
    }
    // The children's results (w_c, derivative_c) at the recursive positions, then x = F[w_c].
    std::string children = map_functor(r.primal_functor, "node->payload",
                                       Positions{a, r.primal_fixpoint, r.child, [&](const std::string& c) {
                                                   if (spine) return std::string("folded");
                                                   return bind("child", r.child, helper + "<S>(" + c + ", body)");
                                                 }});
    std::string x = map_functor(r.primal_functor, children,
                                Positions{a, r.child, w, [](const std::string& c) { return c + ".fst"; }});
    line("const " + type(r.body_type) + " step = body(" + x + ");");
    line("const " + type(d) + " derivative = step.snd;");
    if (reverse && spine) {
      // Only the first node's backpropagator is ever called (nobody calls a child's in the loop
      // form): it is made once, after the loop; the others stay null.
      line("new (&records[i]) " + record + "(derivative);");
      close_fold_spine(type(r.child) + "{step.fst, {}}");
      rev_fold_back_loops(r.fixpoint->body, a, r.child, ts, tmu, d->right, r.context, dmap);
      line("return " + type(r.child) + "{folded.fst, back};");
    } else if (reverse) {
      // back v = let (g, dx) = w' v in (g + sum_c fst (back_c dx_c), roll_lin dx[snd (back_c dx_c)])
      const TypeP gt = dmap->right;  // R2(G) * R2(mu)
      open("const " + type(dmap) + " back = chad_rt::fn<" + type(ts) + ", " + type(gt) + ">([=](const " + type(ts) +
           "& v) -> " + type(gt) + " {");
      line("const " + type(d->right) + " q = derivative(v);");
      line(type(r.context) + " g = q.fst;");
      std::string dx = map_tangents(r.fixpoint->body, children, "q.snd",
                                    TangentPositions{a, r.child, ts, tmu, [&](const std::string& child, const std::string& c) {
                                                       std::string b = bind("back", gt, child + ".snd(" + c + ")");
                                                       line(accumulate_line(r.context, "g", b + ".fst"));
                                                       return b + ".snd";
                                                     }});
      line("return " + type(gt) + "{g, " + lin_roll(tmu, dx) + "};");
      close("});");
      finish_fold_node(spine, type(r.child) + "{step.fst, back}");
    } else {
      // d (g, dt) = w' (g, (unroll_lin dt)[d_c (g, dt_c)])
      const TypeP gt = dmap->left;  // D2(G) * D2(mu)
      open("const " + type(dmap) + " d = chad_rt::fn<" + type(gt) + ", " + type(ts) + ">([=](const " + type(gt) +
           "& gt) -> " + type(ts) + " {");
      line("const " + type(r.context) + " g = gt.fst;");
      std::string node = bind("dnode", unroll_type(tmu), "chad_rt::lin_unroll(gt.snd)");
      std::string dx = map_tangents(r.fixpoint->body, children, node,
                                    TangentPositions{a, r.child, tmu, ts, [&](const std::string& child, const std::string& c) {
                                                       return bind("dchild", ts, child + ".snd(" + type(gt) + "{g, " + c + "})");
                                                     }});
      line("return derivative(" + type(d->left) + "{g, " + dx + "});");
      close("});");
      finish_fold_node(spine, type(r.child) + "{step.fst, d}");
    }
    std::string body = end_helper(std::move(saved));
    add_helper(signature, body);
  }
  std::string start = emit(t->args[0]);
  const bool flushes = reverse && is_linear_functor(r.primal_functor, a);
  std::string flush;
  std::string body = fold_body_lambda(t->name, r.x_type, r.body_type, t->args[1], flushes ? &flush : nullptr);
  return bind(reverse ? "rev_fold" : "fwd_fold", t->type,
              helper + "<S>(" + start + ", *" + body +
                  (flushes ? ", " + (flush.empty() ? std::string("chad_rt::NoFlush{}") : flush) : "") + ")");
}

// The backpropagator of a reverse fold over a list, as loops rather than a recursion as deep
// as the list: down the list, each node's w' applied to the cotangent its parent passes it, its
// context cotangent added into one mutable accumulator `q.fst` as it comes (efficient CHAD's
// accumulation: an accumulating w' adds only its nonzero parts, no node's whole context
// cotangent is built, kept or summed per node) and only its functor part kept (the first map_tangents only picks out the child's cotangent);
// then up, each node's roll_lin dx built from its child's. `records[j]` holds node j's
// derivative and `spine[j]` the node, the first node at 0: a spine functor's recursive position
// is reached through products and sums only (emit_fold_spine.cpp), so the node's payload has the
// constructors the children's results have, and map_tangents reads nothing else of it.
void Emitter::rev_fold_back_loops(const TypeP& functor, const std::string& a, const TypeP& child, const TypeP& ts,
                                  const TypeP& tmu, const TypeP& q_type, const TypeP& context, const TypeP& dmap) {
  const TypeP gt = dmap->right;  // R2(G) * R2(mu)
  const std::string Q = type(q_type), DX = type(q_type->right), GT = type(gt), CTX = type(context);
  open("const " + type(dmap) + " back = chad_rt::fn<" + type(ts) + ", " + GT + ">([=](const " + type(ts) +
       "& v) -> " + GT + " {");
  line(DX + "* dxs = chad_rt::arena_array<" + DX + ">(count);");
  line(Q + " q = chad_rt::zero<" + Q + ">();  // q.fst: every node's context cotangent, added up");
  line("std::size_t depth = 0;");
  line(type(ts) + " cot = v;");
  open("for (std::size_t j = 0; j < count; ++j) {");
  line("q.snd = chad_rt::zero<" + DX + ">();");
  line("records[j].add_into(cot, q);");
  line("new (&dxs[depth++]) " + DX + "(q.snd);");
  line("bool more = false;");
  map_tangents(functor, "spine[j]->payload", "q.snd",
               TangentPositions{a, child, ts, tmu, [&](const std::string&, const std::string& c) {
                                  line("cot = " + c + ";");
                                  line("more = true;");
                                  return "chad_rt::zero<" + type(tmu) + ">()";
                                }});
  line("if (!more) break;");
  close("}");
  line(type(tmu) + " rolled{};");
  open("for (std::size_t k = depth; k-- > 0;) {");
  std::string dx = map_tangents(functor, "spine[k]->payload", "dxs[k]",
                                TangentPositions{a, child, ts, tmu, [&](const std::string&, const std::string&) {
                                                   return std::string("rolled");
                                                 }});
  line("rolled = " + lin_roll(tmu, dx) + ";");
  close("}");
  line("flush(q.fst);");
  line("return " + GT + "{q.fst, rolled};");
  close("});");
}

std::string Emitter::emit_target_unfold(const TermP& t) {
  const bool reverse = t->kind == TermKind::RevUnfold;
  const RecursionTypes r = recursion_types(*t, false, mode, sums, functions);
  const std::string& a = r.fixpoint->var;
  const TypeP seed = r.x_type;
  const TypeP ts = tangent_type(r.carrier, mode, sums, functions), tnu = tangent_type(r.fixpoint, mode, sums, functions);
  const TypeP d = r.body_type->right, dmap = r.child->right, pstep = r.body_type->left;
  const TypeP children_type = substitute(r.primal_functor, a, r.child);
  const std::string key = std::string(reverse ? "rev" : "fwd") + " unfold " + print_type(r.fixpoint) + " " +
                          print_type(arrow_type(r.x_type, r.body_type));
  std::string helper = find_helper(key);
  if (helper.empty()) {
    helper = fresh(reverse ? "rev_unfold" : "fwd_unfold");
    name_helper(key, helper);
    const std::string body_fn = "chad_rt::Fn<" + type(seed) + ", " + type(r.body_type) + ">";
    const std::string signature = "template <class S>\n" + type(r.child) + " " + helper + "(const " + type(seed) +
                                  "& seed, const " + body_fn + "& body)";
    const std::string state_type = "UnfoldState<" + type(seed) + ", " + type(children_type) + ", " + type(d) + ">";
    Saved saved = begin_helper();
    line(state_type + "* state = chad_rt::make<" + state_type + ">(seed);");
    open("const auto ensure = [state, body]() {");
    line("if (state->done) return;");
    line("const " + type(r.body_type) + " result = body(state->seed);");
    line("state->derivative = result.snd;");
    std::string children = map_functor(r.primal_functor, "result.fst",
                                       Positions{a, seed, r.child, [&](const std::string& c) {
                                                   return bind("child", r.child, helper + "<S>(" + c + ", body)");
                                                 }});
    line("state->children = " + children + ";");
    line("state->done = true;");
    close("};");
    // The primal stream: map_F (child streams) step, lazily.
    const TypeP pnu = r.child->left;
    const std::string s = types().struct_name(pnu), payload = "typename " + s + "::Payload";
    open("const " + type(pnu) + " stream = chad_rt::delay<" + s + ">(chad_rt::fn<chad_rt::Unit, " + payload +
         ">([=](const chad_rt::Unit&) -> " + payload + " {");
    line("ensure();");
    line("return " + map_functor(r.primal_functor, "state->children",
                                  Positions{a, r.child, pnu, [](const std::string& c) { return c + ".fst"; }}) + ";");
    close("}));");
    if (reverse) {
      // back c = let (g, ds) = step' (c'[snd (back_c c'_c)]) in (g + sum_c fst (back_c c'_c), ds)
      const TypeP gt = dmap->right;  // R2(G) * R2(S)
      open("const " + type(dmap) + " back = chad_rt::fn<" + type(tnu) + ", " + type(gt) + ">([=](const " + type(tnu) +
           "& c) -> " + type(gt) + " {");
      line("if (c == nullptr) return chad_rt::zero<" + type(gt) + ">();");
      line("ensure();");
      line(type(r.context) + " g = chad_rt::zero<" + type(r.context) + ">();");
      std::string node = bind("cnode", unroll_type(tnu), "chad_rt::lin_unroll(c)");
      std::string dstep = map_tangents(r.fixpoint->body, "state->children", node,
                                       TangentPositions{a, r.child, tnu, ts, [&](const std::string& child, const std::string& cc) {
                                                          std::string b = bind("back", gt, child + ".snd(" + cc + ")");
                                                          line(accumulate_line(r.context, "g", b + ".fst"));
                                                          return b + ".snd";
                                                        }});
      line("const " + type(d->right) + " q = state->derivative(" + dstep + ");");
      line("return " + type(gt) + "{chad_rt::add<" + type(r.context) + ">(g, q.fst), q.snd};");
      close("});");
      line("return " + type(r.child) + "{stream, back};");
    } else {
      // d (g, ds) = the lazy tangent stream roll_lin ((step' (g, ds))[d_c (g, ds_c)])
      const TypeP gs = dmap->left;  // D2(G) * D2(S)
      const std::string ts_struct = types().struct_name(tnu), tpayload = "typename " + ts_struct + "::Payload";
      open("const " + type(dmap) + " d = chad_rt::fn<" + type(gs) + ", " + type(tnu) + ">([=](const " + type(gs) +
           "& gs) -> " + type(tnu) + " {");
      open("return chad_rt::delay<" + ts_struct + ">(chad_rt::fn<chad_rt::Unit, " + tpayload +
           ">([=](const chad_rt::Unit&) -> " + tpayload + " {");
      line("ensure();");
      line("const " + type(r.context) + " g = gs.fst;");
      line("const " + type(d->right) + " dstep = state->derivative(gs);");
      std::string mapped = map_tangents(r.fixpoint->body, "state->children", "dstep",
                                        TangentPositions{a, r.child, ts, tnu, [&](const std::string& child, const std::string& ds) {
                                                           return bind("dchild", tnu, child + ".snd(" + type(gs) + "{g, " + ds + "})");
                                                         }});
      line("return " + mapped + ";");
      close("}));");
      close("});");
      line("return " + type(r.child) + "{stream, d};");
    }
    std::string body = end_helper(std::move(saved));
    add_helper(signature, body);
  }
  std::string start = emit(t->args[0]);
  std::string body = closure(t->name, seed, r.body_type, t->args[1]);
  return bind(reverse ? "rev_unfold" : "fwd_unfold", t->type, helper + "<S>(" + start + ", " + body + ")");
}

}  // namespace chad

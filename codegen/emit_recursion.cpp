// Folds and unfolds, of source programs and of CHAD's target (target_semantics/recursion_target.cpp
// states the target's rules), as recursive function templates at namespace scope, one per
// site; and the functorial maps they need (paper Fig. 4; semantics/functor_map.hpp and
// target_semantics/tangent_positions.hpp). A fold over a list-like type is a loop
// (codegen/emit_fold_spine.cpp); over a tree it recurses once per node (generated kernels run on
// a deep stack: codegen/runtime/rt_deep_stack.hpp, rt_run_kernel.hpp); an unfold's nodes are lazy and
// memoised, each seed's body evaluated once and shared by the stream and its derivative.
#include "codegen/emitter.hpp"
#include "syntax/location.hpp"

namespace chad {
namespace {

bool has_positions(const TypeP& t, const std::vector<Positions>& p) {
  for (const auto& q : p)
    if (occurs_free(t, q.var)) return true;
  return false;
}

TypeP close_over(TypeP t, const std::vector<Positions>& p, bool out) {
  for (std::size_t i = p.size(); i-- > 0;) t = substitute(t, p[i].var, out ? p[i].out : p[i].in);
  return t;
}

}  // namespace

Emitter::Saved Emitter::begin_helper() {
  Saved saved{take(), indent_, env, lambda_depth_, std::move(fold_bodies_), std::move(primal_values_)};
  indent_ = 1;
  env.clear();
  lambda_depth_ = 0;  // a helper is a function of its own: its locals die when it returns
  fold_bodies_.clear();
  primal_values_.clear();
  return saved;
}

std::string Emitter::end_helper(Saved saved) {
  std::string body = take();
  out_ = std::move(saved.out);
  indent_ = saved.indent;
  env = std::move(saved.env);
  lambda_depth_ = saved.lambda_depth;
  fold_bodies_ = std::move(saved.fold_bodies);
  primal_values_ = std::move(saved.primal_values);
  return body;
}

std::string Emitter::lin_roll(const TypeP& fixpoint, const std::string& payload) {
  return bind("lroll", fixpoint, "chad_rt::lin_roll<" + types().struct_name(fixpoint) + ">(" + payload + ")");
}

// ---- functorial maps ----------------------------------------------------------------------

std::string Emitter::map_functor(const TypeP& f, const std::string& value, const std::vector<Positions>& p) {
  if (!has_positions(f, p)) return value;
  const TypeP out = close_over(f, p, true);
  switch (f->kind) {
    case TypeKind::Var:
      for (std::size_t i = p.size(); i-- > 0;)
        if (p[i].var == f->var) return p[i].call(value);
      break;
    case TypeKind::Prod: {
      std::string l = map_functor(f->left, value + ".fst", p);
      std::string r = map_functor(f->right, value + ".snd", p);
      return bind("mapped", out, type(out) + "{" + l + ", " + r + "}");
    }
    case TypeKind::Sum: {
      std::string result = fresh("mapped");
      line(type(out) + " " + result + ";");
      open("switch (" + value + ".tag()) {");
      for (std::size_t i = 0; i < f->ctors.size(); ++i) {
        const std::string n = std::to_string(i);
        open("case " + n + ": {");
        std::string c = map_functor(f->ctors[i].type, value + ".template get<" + n + ">()", p);
        line(result + " = " + type(out) + "::template make<" + n + ">(" + c + ");");
        line("break;");
        close("}");
      }
      line("default: chad_rt::throw_fault(\"a sum value without a constructor\");");
      close("}");
      return result;
    }
    case TypeKind::Mu: {
      std::vector<Positions> inner;  // the binder shadows a variable of its name
      for (const auto& q : p)
        if (q.var != f->var) inner.push_back(q);
      if (inner.empty()) return value;
      std::string helper = nested_map_helper(f, inner);
      // One C++ lambda per variable, for the helper to call at that variable's positions.
      std::string args;
      for (const auto& q : inner) {
        std::string x = fresh("x"), fn = fresh("at_" + q.var);
        open("const auto " + fn + " = [&](const " + type(q.in) + "& " + x + ") -> " + type(q.out) + " {");
        line("return " + q.call(x) + ";");
        close("};");
        args += ", " + fn;
      }
      return bind("mapped", out, helper + "<S>(" + value + args + ")");
    }
    case TypeKind::Nu: throw UnsupportedByCodegen("a nu type nested inside the functor of a fold or unfold");
    default: break;
  }
  CHAD_INTERNAL_ASSERT(false, "codegen: map_functor on " + print_type(f));
}

// map over a nested `mu b. G`: a function template taking one callable per outer variable,
// recursing at the positions of b.
std::string Emitter::nested_map_helper(const TypeP& fixpoint, const std::vector<Positions>& p) {
  const TypeP in = close_over(fixpoint, p, false), out = close_over(fixpoint, p, true);
  const std::string key = "map " + print_type(in) + " -> " + print_type(out);
  if (std::string found = find_helper(key); !found.empty()) return found;
  const std::string name = fresh("map");
  name_helper(key, name);
  const CallableParameters callables = callable_parameters(p.size());
  const std::string forward_args = callables.arguments;
  std::vector<Positions> inner;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const std::string fi = "f" + std::to_string(i);
    inner.push_back({p[i].var, p[i].in, p[i].out, [fi](const std::string& x) { return fi + "(" + x + ")"; }});
  }
  inner.push_back({fixpoint->var, in, out, [name, forward_args](const std::string& x) {
                     return name + "<S>(" + x + forward_args + ")";
                   }});
  Saved saved = begin_helper();
  std::string payload = map_functor(fixpoint->body, "node->payload", inner);
  line("return chad_rt::roll<" + types().struct_name(out) + ">(" + payload + ");");
  std::string body = end_helper(std::move(saved));
  add_helper("template <class S" + callables.template_parameters + ">\n" + type(out) + " " + name + "(" + type(in) +
                 " node" + callables.parameters + ")",
             body);
  return name;
}

CallableParameters callable_parameters(std::size_t count) {
  CallableParameters c;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string f = "f" + std::to_string(i), F = "F" + std::to_string(i);
    c.template_parameters += ", class " + F;
    c.parameters += ", const " + F + "& " + f;
    c.arguments += ", " + f;
  }
  return c;
}

// ---- source folds and unfolds --------------------------------------------------------------

std::string Emitter::emit_recursion(const TermP& t) {
  if (t->kind == TermKind::Fold || t->kind == TermKind::Unfold) return emit_source_recursion(t);
  if (t->kind == TermKind::FwdFold || t->kind == TermKind::RevFold) return emit_target_fold(t);
  return emit_target_unfold(t);
}

std::string Emitter::emit_source_recursion(const TermP& t) {
  const bool fold = t->kind == TermKind::Fold;
  const TypeP& start_type = t->args[0]->type;
  const TypeP& fixpoint = fold ? start_type : t->type;
  const TypeP& carrier = fold ? t->type : start_type;  // S: the fold's result, the unfold's seed
  const TypeP x_type = fold ? substitute(fixpoint->body, fixpoint->var, carrier) : carrier;
  const TypeP body_type = t->args[1]->type;  // fold: S; unfold: F[S / a]
  const std::string key = std::string(fold ? "fold " : "unfold ") + print_type(fixpoint) + " " + print_type(carrier);
  std::string helper = find_helper(key);
  if (helper.empty()) {
    helper = fresh(fold ? "fold" : "unfold");
    name_helper(key, helper);
    Saved saved = begin_helper();
    std::string signature;
    if (fold) {
      // A list-like type: a loop over the spine, the child's result in `folded`; else recursion.
      const bool spine = is_linear_functor(fixpoint->body, fixpoint->var);
      signature = "template <class S, class Body>\n" + type(carrier) + " " + helper + "(" + type(fixpoint) +
                  (spine ? " root" : " node") + ", const Body& body)";
      if (spine) open_fold_spine(fixpoint, fixpoint->body, fixpoint->var, carrier);
      std::string x = map_functor(fixpoint->body, "node->payload",
                                  Positions{fixpoint->var, fixpoint, carrier, [&, helper](const std::string& c) {
                                              if (spine) return std::string("folded");
                                              return bind("folded", carrier, helper + "<S>(" + c + ", body)");
                                            }});
      finish_fold_node(spine, "body(" + x + ")");
    } else {
      const std::string s = types().struct_name(fixpoint), payload = "typename " + s + "::Payload";
      const std::string body_fn = "chad_rt::Fn<" + type(x_type) + ", " + type(body_type) + ">";
      signature = "template <class S>\n" + type(fixpoint) + " " + helper + "(const " + type(carrier) + "& seed, const " +
                  body_fn + "& body)";
      open("return chad_rt::delay<" + s + ">(chad_rt::fn<chad_rt::Unit, " + payload +
           ">([=](const chad_rt::Unit&) -> " + payload + " {");
      line("const " + type(body_type) + " step = body(seed);");
      std::string mapped = map_functor(fixpoint->body, "step",
                                       Positions{fixpoint->var, carrier, fixpoint, [&, helper](const std::string& c) {
                                                   return bind("stream", fixpoint, helper + "<S>(" + c + ", body)");
                                                 }});
      line("return " + mapped + ";");
      close("}));");
    }
    std::string body = end_helper(std::move(saved));
    add_helper(signature, body);
  }
  std::string start = emit(t->args[0]);
  // A fold's body is its function's type parameter (closure_lambda); an unfold's is kept by the
  // lazy stream it makes, an Fn.
  std::string body = fold ? "*" + fold_body_lambda(t->name, x_type, body_type, t->args[1])
                          : closure(t->name, x_type, body_type, t->args[1]);
  return bind(fold ? "fold" : "unfold", t->type, helper + "<S>(" + start + ", " + body + ")");
}

}  // namespace chad

#include "diagrams/translate.hpp"

#include <map>

#include "syntax/term_former_names.hpp"

namespace chad::diagrams {

bool in_fragment(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Real:
    case TypeKind::Unit: return true;
    case TypeKind::Prod:
    case TypeKind::Arrow: return in_fragment(t->left) && in_fragment(t->right);
    default: return false;
  }
}

namespace {

// One diagram under construction and the variables visible in it. Variables are numbered by
// de Bruijn level; those bound outside the box (level < base) are captured on first use.
struct Scope {
  Diagram* diagram;
  Scope* parent = nullptr;
  std::size_t base = 0;              // levels below this belong to enclosing diagrams
  std::vector<int> locals;           // wire of level base + i
  std::vector<std::pair<int, int>> captures;  // (wire in the parent, input wire here)
  std::map<std::size_t, int> captured;        // level -> input wire here

  std::size_t depth() const { return base + locals.size(); }

  int lookup(std::size_t level, const TypeP& type) {
    if (level >= base) return locals[level - base];
    auto it = captured.find(level);
    if (it != captured.end()) return it->second;
    int outer = parent->lookup(level, type);
    int inner = diagram->add_wire(type);
    captures.push_back({outer, inner});
    captured[level] = inner;
    return inner;
  }
};

void require_type(const Term& t) {
  if (!in_fragment(t.type))
    throw FragmentError(t.loc, "string-diagram AD: the type " + print_type(t.type) +
                                   " is outside the simply typed fragment (real, arrays, unit, "
                                   "products, functions)");
}

int translate(const TermP& term, Scope& scope);

int node_output(Scope& s, NodeKind kind, std::vector<int> inputs, const Term& t) {
  std::size_t n = s.diagram->add_node(kind, std::move(inputs), {t.type});
  s.diagram->nodes[n].loc = t.loc;
  return s.diagram->output_of(n);
}

int translate(const TermP& term, Scope& s) {
  const Term& t = *term;
  require_type(t);
  Diagram& d = *s.diagram;
  switch (t.kind) {
    case TermKind::Var: return s.lookup(s.depth() - 1 - static_cast<std::size_t>(t.index), t.type);
    case TermKind::Literal: {
      int w = node_output(s, NodeKind::Literal, {}, t);
      d.nodes.back().term = term;
      return w;
    }
    case TermKind::Unit: return node_output(s, NodeKind::Unit, {}, t);
    case TermKind::ArrayLit: {
      std::vector<int> in;
      for (const TermP& a : t.args) in.push_back(translate(a, s));
      return node_output(s, NodeKind::Stack, std::move(in), t);
    }
    case TermKind::Pair: {
      int a = translate(t.args[0], s);
      int b = translate(t.args[1], s);
      return node_output(s, NodeKind::Pack, {a, b}, t);
    }
    case TermKind::Fst:
    case TermKind::Snd: {
      int p = translate(t.args[0], s);
      const TypeP& pt = t.args[0]->type;
      std::size_t n = d.add_node(NodeKind::Unpack, {p}, {pt->left, pt->right});
      d.nodes[n].loc = t.loc;
      return d.output_of(n, t.kind == TermKind::Fst ? 0 : 1);  // the other output is discarded
    }
    case TermKind::Let: {
      int bound = translate(t.args[0], s);
      s.locals.push_back(bound);
      int body = translate(t.args[1], s);
      s.locals.pop_back();
      return body;
    }
    case TermKind::Ascribe: return translate(t.args[0], s);
    case TermKind::Lambda: {
      auto box = std::make_shared<Diagram>();
      Scope inner;
      inner.diagram = box.get();
      inner.parent = &s;
      inner.base = s.depth();
      int param = box->add_wire(t.type->left);
      inner.locals.push_back(param);
      box->output = translate(t.args[0], inner);
      std::vector<int> outer;
      for (auto [o, i] : inner.captures) {
        outer.push_back(o);
        box->inputs.push_back(i);
      }
      box->inputs.push_back(param);
      int w = node_output(s, NodeKind::Abstraction, std::move(outer), t);
      d.nodes.back().box = std::move(box);
      return w;
    }
    case TermKind::App: {
      int f = translate(t.args[0], s);
      int a = translate(t.args[1], s);
      return node_output(s, NodeKind::Apply, {f, a}, t);
    }
    case TermKind::Prim: {
      if (t.op == PrimOp::Lt || t.op == PrimOp::Gt)
        throw FragmentError(t.loc, std::string("string-diagram AD: the comparison `") + prim_name(t.op) +
                                       "` is outside the simply typed fragment (it gives a bool)");
      std::vector<int> in;
      for (const TermP& a : t.args) in.push_back(translate(a, s));
      int w = node_output(s, NodeKind::Prim, std::move(in), t);
      d.nodes.back().term = term;
      return w;
    }
    default:
      throw FragmentError(t.loc, std::string("string-diagram AD: ") + former_name(t.kind) +
                                     " is outside the simply typed fragment");
  }
}

// The term applied to `argument`: lets and the final lambda are reduced while translating.
int translate_applied(const TermP& term, Scope& s, int argument) {
  const Term& t = *term;
  if (t.kind == TermKind::Let) {
    int bound = translate(t.args[0], s);
    s.locals.push_back(bound);
    int result = translate_applied(t.args[1], s, argument);
    s.locals.pop_back();
    return result;
  }
  if (t.kind == TermKind::Lambda) {
    s.locals.push_back(argument);
    int result = translate(t.args[0], s);
    s.locals.pop_back();
    return result;
  }
  int f = translate(term, s);
  std::size_t n = s.diagram->add_node(NodeKind::Apply, {f, argument}, {term->type->right});
  return s.diagram->output_of(n);
}

}  // namespace

Diagram translate_main(const CheckedProgram& program) {
  Diagram d;
  const Def& entry = entry_point(program.program);
  for (const Param& param : entry.params)
    if (!in_fragment(param.type))
      throw FragmentError(param.loc, "string-diagram AD: the type " + print_type(param.type) + " of parameter `" +
                                         param.name + "` is outside the simply typed fragment");
  if (!in_fragment(program.input_type))
    throw FragmentError(entry.loc, "string-diagram AD: the input type " + print_type(program.input_type) +
                                       " is outside the simply typed fragment");
  if (!in_fragment(program.output_type))
    throw FragmentError(entry.loc, "string-diagram AD: the result type " + print_type(program.output_type) +
                                       " is outside the simply typed fragment");
  int x = d.add_wire(program.input_type);
  d.inputs.push_back(x);
  Scope s;
  s.diagram = &d;
  d.output = translate_applied(program.main_function, s, x);
  linearize(d);
  return d;
}

bool program_in_fragment(const CheckedProgram& program) {
  try {
    translate_main(program);
    return true;
  } catch (const FragmentError&) {
    return false;
  }
}

}  // namespace chad::diagrams

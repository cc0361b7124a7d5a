// The JSON form of checked programs: one function per term former's fields.
#include "codegen/json_emitter.hpp"

#include <cstdio>

#include "syntax/term_former_names.hpp"

namespace chad {
namespace {

using nlohmann::json;

json location(const Loc& loc) { return json{{"line", loc.line}, {"column", loc.col}}; }

std::string hex_float(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

// The former's JSON tag; CHAD's target formers have none.
const char* json_tag(TermKind kind) {
  if (const char* tag = former_json_tag(kind)) return tag;
  throw InternalError("emit_json_term: CHAD's target terms have no JSON form");
}

// The former's own fields of node `t` (its children emitted by `emit_json_term`).
void add_fields(const Term& t, json& node) {
  const auto& a = t.args;
  switch (t.kind) {
    case TermKind::Var: node["name"] = t.name; node["index"] = t.index; return;
    case TermKind::Literal: node["hex"] = hex_float(t.literal); node["decimal"] = t.literal; return;
    case TermKind::ArrayLit: {
      json elements = json::array();
      for (const TermP& e : a) elements.push_back(emit_json_term(e));
      node["elements"] = std::move(elements);
      return;
    }
    case TermKind::Unit: return;
    case TermKind::Pair: node["first"] = emit_json_term(a[0]); node["second"] = emit_json_term(a[1]); return;
    case TermKind::Fst:
    case TermKind::Snd: node["pair"] = emit_json_term(a[0]); return;
    case TermKind::Let:
      node["name"] = t.name;
      node["bound"] = emit_json_term(a[0]);
      node["body"] = emit_json_term(a[1]);
      return;
    case TermKind::Lambda:
      node["param"] = t.name;
      node["param_type"] = emit_json_type(t.annot);
      node["body"] = emit_json_term(a[0]);
      return;
    case TermKind::App: node["function"] = emit_json_term(a[0]); node["argument"] = emit_json_term(a[1]); return;
    case TermKind::Inject:
      node["ctor"] = t.name;
      node["tag"] = t.index;
      node["payload"] = emit_json_term(a[0]);
      return;
    case TermKind::Case: {
      node["scrutinee"] = emit_json_term(a[0]);
      json branches = json::array();
      for (const Branch& b : t.branches)
        branches.push_back(json{{"ctor", b.ctor}, {"tag", b.tag}, {"binder", b.var},
                                {"body", emit_json_term(b.body)}, {"loc", location(b.loc)}});
      node["branches"] = std::move(branches);
      return;
    }
    case TermKind::Roll: node["payload"] = emit_json_term(a[0]); return;
    case TermKind::Fold:
    case TermKind::Unfold:
      node[t.kind == TermKind::Fold ? "scrutinee" : "seed"] = emit_json_term(a[0]);
      node["binder"] = t.name;
      node["body"] = emit_json_term(a[1]);
      return;
    case TermKind::Unroll: node["value"] = emit_json_term(a[0]); return;
    case TermKind::Ascribe: node["term"] = emit_json_term(a[0]); return;
    case TermKind::Prim: {
      node["op"] = primitive_json_name(t.op);
      if (t.op == PrimOp::Get) node["get_index"] = t.index;
      if (t.op == PrimOp::PowInt) node["exponent"] = t.index;
      json args = json::array();
      for (const TermP& e : a) args.push_back(emit_json_term(e));
      node["args"] = std::move(args);
      return;
    }
    default: return;
  }
}

}  // namespace

json emit_json_type(const TypeP& type) {
  switch (type->kind) {
    case TypeKind::Real: return json{{"kind", "real"}, {"shape", type->shape}};
    case TypeKind::Unit: return json{{"kind", "unit"}};
    case TypeKind::Prod:
      return json{{"kind", "prod"}, {"left", emit_json_type(type->left)}, {"right", emit_json_type(type->right)}};
    case TypeKind::Arrow:
      return json{{"kind", "arrow"}, {"from", emit_json_type(type->left)}, {"to", emit_json_type(type->right)}};
    case TypeKind::Sum: {
      json ctors = json::array();
      for (const Constructor& c : type->ctors)
        ctors.push_back(json{{"name", c.name}, {"type", emit_json_type(c.type)}});
      return json{{"kind", "sum"}, {"constructors", std::move(ctors)}};
    }
    case TypeKind::Mu:
    case TypeKind::Nu:
      return json{{"kind", type->kind == TypeKind::Mu ? "mu" : "nu"}, {"var", type->var},
                  {"body", emit_json_type(type->body)}};
    case TypeKind::Var: return json{{"kind", "var"}, {"name", type->var}};
    default: break;
  }
  throw InternalError("emit_json_type: linear types have no JSON form");
}

json emit_json_term(const TermP& term) {
  CHAD_INTERNAL_ASSERT(term->type != nullptr, "emit_json_term: an unchecked term");
  json node{{"former", json_tag(term->kind)}, {"type", emit_json_type(term->type)},
            {"loc", location(term->loc)}};
  add_fields(*term, node);
  return node;
}

json emit_json_program(const CheckedProgram& program) {
  json defs = json::array();
  for (const Def& d : program.program.defs) {
    json params = json::array();
    for (const Param& p : d.params)
      params.push_back(json{{"name", p.name}, {"type", emit_json_type(p.type)}, {"loc", location(p.loc)}});
    defs.push_back(json{{"name", d.name}, {"params", std::move(params)},
                        {"result", emit_json_type(d.result)}, {"loc", location(d.loc)}});
  }
  return json{{"format", "chad-program"},
              {"format_version", kProgramJsonVersion},
              {"file", program.program.file},
              {"entry", program.entry},
              {"defs", std::move(defs)},
              {"input_type", emit_json_type(program.input_type)},
              {"output_type", emit_json_type(program.output_type)},
              {"input_type_text", print_type(program.input_type)},
              {"output_type_text", print_type(program.output_type)},
              {"main", emit_json_term(program.main_function)}};
}

}  // namespace chad

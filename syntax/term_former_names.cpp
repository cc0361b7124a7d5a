#include "syntax/term_former_names.hpp"

namespace chad {

namespace {

struct FormerNames {
  const char* name;      // former_name
  const char* json_tag;  // former_json_tag
};

FormerNames names_of(TermKind kind) {
  switch (kind) {
    case TermKind::Var: return {"var", "var"};
    case TermKind::Literal: return {"literal", "literal"};
    case TermKind::ArrayLit: return {"array literal", "array"};
    case TermKind::Unit: return {"unit", "unit"};
    case TermKind::Pair: return {"pair", "pair"};
    case TermKind::Fst: return {"fst", "fst"};
    case TermKind::Snd: return {"snd", "snd"};
    case TermKind::Let: return {"let", "let"};
    case TermKind::Lambda: return {"fun", "fun"};
    case TermKind::App: return {"application", "app"};
    case TermKind::Inject: return {"injection", "inject"};
    case TermKind::Case: return {"case", "case"};
    case TermKind::Roll: return {"roll", "roll"};
    case TermKind::Fold: return {"fold", "fold"};
    case TermKind::Unroll: return {"unroll", "unroll"};
    case TermKind::Unfold: return {"unfold", "unfold"};
    case TermKind::Ascribe: return {"ascription", "ascribe"};
    case TermKind::Prim: return {"primitive", "prim"};
    default: return {"target former", nullptr};
  }
}

}  // namespace

const char* former_name(TermKind kind) { return names_of(kind).name; }

const char* former_json_tag(TermKind kind) { return names_of(kind).json_tag; }

const std::vector<PrimOp>& all_prim_ops() {
  static const std::vector<PrimOp> ops = [] {
    std::vector<PrimOp> out;
    for (int k = int(PrimOp::Add); k <= int(PrimOp::Gt); ++k) out.push_back(PrimOp(k));
    return out;
  }();
  return ops;
}

const char* primitive_json_name(PrimOp op) { return op == PrimOp::Neg ? "neg" : prim_name(op); }

}  // namespace chad

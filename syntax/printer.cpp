// The printer. Parenthesises by precedence level so that parse_term(print_term(t)) is
// term_equal to t for every term the builders can make. Levels, loosest first:
//   0 expression (let, fun, case, fold, unfold extend right), 1 comparison, 2 additive,
//   3 multiplicative, 4 unary minus, 5 application and prefix forms, 6 atom.
// print_term_with_list_literals (list_literal.hpp) prints a checked roll chain of a list type as a
// list literal, which checks back to the same rolls against the same type.
#include "syntax/printer.hpp"

#include <charconv>
#include <cmath>

#include "syntax/list_literal.hpp"

namespace chad {

std::string print_real(double value) {
  if (!std::isfinite(value)) return value > 0 ? "1e999" : (value < 0 ? "-1e999" : "nan");
  // Shortest text that reads back exactly; plain decimals for moderate magnitudes (200000,
  // 0.001), exponents otherwise (1e+300, 1e-07).
  char buffer[400];
  const double magnitude = std::fabs(value);
  const bool plain = magnitude == 0 || (magnitude >= 1e-5 && magnitude < 1e16);
  auto result = plain ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed)
                      : std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

namespace {

std::string print_at(const TermP& t, int level);

std::string paren_if(bool wrap, const std::string& s) { return wrap ? "(" + s + ")" : s; }

// CHAD's target formers (term.hpp), in the notation of shared/spec/chad.md. Printed for
// people (counterexample reports); there is no parser for them.
std::string print_target(const TermP& t, int level) {
  const auto& a = t->args;
  auto prefix = [&](const std::string& head) { return paren_if(level > 5, head + " " + print_at(a[0], 6)); };
  auto list = [&](std::size_t from, std::size_t to) {
    std::string s;
    for (std::size_t i = from; i < to; ++i) s += (i > from ? ", " : "") + print_at(a[i], 0);
    return s;
  };
  auto binder = [&](const std::string& head) {
    return paren_if(level > 0, head + " " + print_at(a[0], 0) + " with " + t->name + " -> " +
                                   print_at(a[1], 0));
  };
  const std::string op = std::string(prim_name(t->op)) +
                         (t->op == PrimOp::Get ? "[" + std::to_string(t->index) + "]" : "");
  switch (t->kind) {
    case TermKind::LinLambda:
      return paren_if(level > 0, "\\(" + t->name + " : " + print_type(t->annot) + "). " + print_at(a[0], 0));
    case TermKind::LinApp: return paren_if(level > 5, print_at(a[0], 5) + " @ " + print_at(a[1], 6));
    case TermKind::Zero: return "0";
    case TermKind::ZeroOf: return "zero_of(" + print_at(a[0], 0) + ")";
    case TermKind::LinAdd: return paren_if(level > 2, print_at(a[0], 2) + " + " + print_at(a[1], 3));
    case TermKind::PrimFwd: return op + "'(" + list(0, a.size() / 2) + "; " + list(a.size() / 2, a.size()) + ")";
    case TermKind::PrimRev: return op + "^T(" + list(0, a.size() - 1) + "; " + print_at(a.back(), 0) + ")";
    case TermKind::CopowerUnit: return "!" + print_at(a[0], 6) + " (x) " + print_at(a[1], 6);
    case TermKind::CopowerFold:
      return paren_if(level > 0, "copower-fold " + print_at(a[0], 0) + " with " + print_at(a[1], 0));
    case TermKind::SumTangentIn: return prefix("in_" + t->annot->ctors[t->index].name);
    case TermKind::SumTangentOut: return prefix("out_" + t->annot->ctors[t->index].name);
    case TermKind::LinRoll: return prefix("roll_lin");
    case TermKind::LinUnroll: return prefix("unroll_lin");
    case TermKind::ArrayRow: return prefix("row_" + std::to_string(t->index));
    case TermKind::CtxProj: return prefix("proj_" + std::to_string(t->index));
    case TermKind::CtxOneHot: return prefix("onehot_" + std::to_string(t->index));
    case TermKind::FwdFold: return binder("fwd_fold");
    case TermKind::RevFold: return binder("rev_fold");
    case TermKind::FwdUnfold: return binder("fwd_unfold");
    case TermKind::RevUnfold: return binder("rev_unfold");
    default: return "?";
  }
}

int binary_level(PrimOp op) {
  switch (op) {
    case PrimOp::Lt: case PrimOp::Gt: return 1;
    case PrimOp::Add: case PrimOp::Sub: return 2;
    case PrimOp::Mul: case PrimOp::Div: return 3;
    default: return -1;
  }
}

std::string print_prim(const TermP& t, int level) {
  const auto& a = t->args;
  int own = binary_level(t->op);
  if (own == 1)  // non-associative
    return paren_if(level > 1, print_at(a[0], 2) + " " + prim_name(t->op) + " " + print_at(a[1], 2));
  if (own > 0)  // left-associative
    return paren_if(level > own, print_at(a[0], own) + " " + prim_name(t->op) + " " +
                                     print_at(a[1], own + 1));
  if (t->op == PrimOp::Neg) {  // "- -x", never "--x" (a comment)
    std::string operand = print_at(a[0], 4);
    return paren_if(level > 4, (operand[0] == '-' ? "- " : "-") + operand);
  }
  std::string s = std::string(prim_name(t->op)) + "(";
  for (std::size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + print_at(a[i], 0);
  if (t->op == PrimOp::Get) s += ", " + std::to_string(t->index);
  return s + ")";
}

// A checked roll chain of a list-like type as the list literal it reads back as (checked
// against the same type, list_literal.hpp); "" when `t` is not one.
std::string print_list_literal(const TermP& t) {
  const auto elements = list_elements(t);
  if (!elements) return "";
  std::string s = "[";
  for (std::size_t i = 0; i < elements->size(); ++i) s += (i ? ", " : "") + print_at((*elements)[i], 0);
  return s + "]";
}

// Set while print_term_with_list_literals runs (thread_local: printers run in parallel).
thread_local bool list_literals = false;

std::string print_at(const TermP& t, int level) {
  const auto& a = t->args;
  if (list_literals && t->kind == TermKind::Roll && t->type)
    if (std::string list = print_list_literal(t); !list.empty()) return list;
  switch (t->kind) {
    case TermKind::Var: return t->name;
    case TermKind::Literal: return paren_if(t->literal < 0 || std::signbit(t->literal), print_real(t->literal));
    case TermKind::ArrayLit: {
      std::string s = "[";
      for (std::size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + print_at(a[i], 0);
      return s + "]";
    }
    case TermKind::Unit: return "()";
    case TermKind::Pair: return "(" + print_at(a[0], 0) + ", " + print_at(a[1], 0) + ")";
    case TermKind::Fst: return paren_if(level > 5, "fst " + print_at(a[0], 6));
    case TermKind::Snd: return paren_if(level > 5, "snd " + print_at(a[0], 6));
    case TermKind::Roll: return paren_if(level > 5, "roll " + print_at(a[0], 6));
    case TermKind::Unroll: return paren_if(level > 5, "unroll " + print_at(a[0], 6));
    case TermKind::Inject: return paren_if(level > 5, t->name + " " + print_at(a[0], 6));
    case TermKind::App:  // the function is an application or an atom, never a prefix form
      return paren_if(level > 5, print_at(a[0], a[0]->kind == TermKind::App ? 5 : 6) + " " +
                                     print_at(a[1], 6));
    case TermKind::Let:
      return paren_if(level > 0, "let " + t->name + " = " + print_at(a[0], 0) + " in " + print_at(a[1], 0));
    case TermKind::Lambda:
      return paren_if(level > 0, "fun (" + t->name + " : " + print_type(t->annot) + ") -> " + print_at(a[0], 0));
    case TermKind::Fold:
      return paren_if(level > 0, "fold " + print_at(a[0], 0) + " with " + t->name + " -> " + print_at(a[1], 0));
    case TermKind::Unfold:
      return paren_if(level > 0, "unfold " + print_at(a[0], 0) + " with " + t->name + " -> " + print_at(a[1], 0));
    case TermKind::Case: {
      std::string s = "case " + print_at(a[0], 0) + " of {";
      for (std::size_t i = 0; i < t->branches.size(); ++i) {
        const Branch& b = t->branches[i];
        s += std::string(i ? " | " : " ") + b.ctor + " " + b.var + " -> " + print_at(b.body, 0);
      }
      return paren_if(level > 0, s + " }");
    }
    case TermKind::Ascribe: return "(" + print_at(a[0], 0) + " : " + print_type(t->annot) + ")";
    case TermKind::Prim: return print_prim(t, level);
    default: return print_target(t, level);
  }
  return "?";
}

// The layout of print_term_layout: a term whose flat form fits the line stays flat; otherwise
// let-chains go one binding per line and the bodies of functions, branches and folds are
// indented below their heads.
class Layout {
 public:
  std::string print(const TermP& t, int indent) {
    // Printing flat only what can fit keeps the layout linear in the term's size.
    if (at_most_nodes(t, kWidth / 3)) {
      std::string flat = print_at(t, 0);
      if (int(flat.size()) + indent <= kWidth) return flat;
    }
    const auto& a = t->args;
    const std::string pad(indent, ' '), inner(indent + 2, ' ');
    switch (t->kind) {
      case TermKind::Let:
        return "let " + t->name + " = " + print(a[0], indent + 4) + " in\n" + pad + print(a[1], indent);
      case TermKind::Lambda:
        return "fun (" + t->name + " : " + print_type(t->annot) + ") ->\n" + inner + print(a[0], indent + 2);
      case TermKind::LinLambda:
        return "\\(" + t->name + " : " + print_type(t->annot) + ").\n" + inner + print(a[0], indent + 2);
      case TermKind::Pair:
        return "(" + print(a[0], indent + 1) + ",\n" + pad + " " + print(a[1], indent + 1) + ")";
      case TermKind::Fst:
      case TermKind::Snd:
        return std::string(t->kind == TermKind::Fst ? "fst" : "snd") + " (" + print(a[0], indent + 5) + ")";
      case TermKind::Case: {
        std::string s = "case " + print_at(a[0], 0) + " of {";
        for (const Branch& b : t->branches)
          s += "\n" + pad + "| " + b.ctor + " " + b.var + " ->\n" + pad + "    " + print(b.body, indent + 4);
        return s + "\n" + pad + "}";
      }
      case TermKind::FwdFold: case TermKind::RevFold: case TermKind::FwdUnfold:
      case TermKind::RevUnfold: case TermKind::Fold: case TermKind::Unfold: {
        static const char* const heads[] = {"fold", "unfold", "fwd_fold", "rev_fold", "fwd_unfold", "rev_unfold"};
        const TermKind kinds[] = {TermKind::Fold, TermKind::Unfold, TermKind::FwdFold,
                                  TermKind::RevFold, TermKind::FwdUnfold, TermKind::RevUnfold};
        std::string head;
        for (int i = 0; i < 6; ++i)
          if (kinds[i] == t->kind) head = heads[i];
        return head + " " + print_at(a[0], 0) + " with " + t->name + " ->\n" + inner +
               print(a[1], indent + 2);
      }
      default: return print_at(t, 0);
    }
  }

 private:
  // Whether `t` has at most `n` nodes (stops counting early).
  static bool at_most_nodes(const TermP& t, int n) {
    int left = n;
    std::vector<const Term*> pending{t.get()};
    while (!pending.empty()) {
      const Term* u = pending.back();
      pending.pop_back();
      if (--left < 0) return false;
      for (const auto& c : u->args) pending.push_back(c.get());
      for (const auto& b : u->branches) pending.push_back(b.body.get());
    }
    return true;
  }

  static constexpr int kWidth = 100;
};

}  // namespace

std::string print_term(const TermP& term) { return print_at(term, 0); }

std::string print_term_with_list_literals(const TermP& term) {
  struct Scope {
    Scope() { list_literals = true; }
    ~Scope() { list_literals = false; }
  } scope;
  return print_at(term, 0);
}

std::string print_term_layout(const TermP& term) { return Layout().print(term, 0); }

std::string print_program(const Program& program) {
  std::string out;
  for (const TypeAlias& a : program.aliases) out += "type " + a.name + " = " + print_type(a.type) + ";\n";
  for (const Def& d : program.defs) {
    out += "def " + d.name;
    for (const Param& p : d.params) out += " (" + p.name + " : " + print_type(p.type) + ")";
    out += " : " + print_type(d.result) + " =\n  " + print_term(d.body) + ";\n";
  }
  return out;
}

}  // namespace chad

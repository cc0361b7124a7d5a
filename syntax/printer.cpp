// The printer. Parenthesises by precedence level so that parse_term(print_term(t)) is
// term_equal to t for every term the builders can make. Levels, loosest first:
//   0 expression (let, fun, case, fold, unfold extend right), 1 comparison, 2 additive,
//   3 multiplicative, 4 unary minus and `x ^ n` (its base at 5), 5 application and prefix forms, 6 atom.
// print_term_with_list_literals (list_literal.hpp) prints a checked roll chain of a list type as a
// list literal, which checks back to the same rolls against the same type.
#include "syntax/printer.hpp"

#include <algorithm>
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

// Every printer below appends to one string `out`: a subterm's text is never built apart and
// copied into its parent's, so printing is linear in the term's size however deep it nests.
void print_at(std::string& out, const TermP& t, int level);

// Runs `body` (which appends to `out`), in parentheses when `wrap`.
template <class Body>
void parenthesised(std::string& out, bool wrap, Body body) {
  if (wrap) out += '(';
  body();
  if (wrap) out += ')';
}

// a[from], ..., a[to - 1] at level 0, separated by ", ".
void print_list(std::string& out, const TermArgs& a, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) out += ", ";
    print_at(out, a[i], 0);
  }
}

// CHAD's target formers (term.hpp), in the notation of shared/spec/chad.md. Printed for
// people (counterexample reports); there is no parser for them.
void print_target(std::string& out, const TermP& t, int level) {
  const auto& a = t->args;
  auto prefix = [&](const std::string& head) {
    parenthesised(out, level > 5, [&] {
      out += head;
      out += ' ';
      print_at(out, a[0], 6);
    });
  };
  auto binder = [&](const char* head) {
    parenthesised(out, level > 0, [&] {
      out += head;
      out += ' ';
      print_at(out, a[0], 0);
      out += " with " + t->name + " -> ";
      print_at(out, a[1], 0);
    });
  };
  auto op = [&] {
    out += prim_name(t->op);
    if (t->op == PrimOp::Get || t->op == PrimOp::PowInt) {
      out += '[';
      out += std::to_string(t->index);
      out += ']';
    }
  };
  switch (t->kind) {
    case TermKind::LinLambda:
      return parenthesised(out, level > 0, [&] {
        out += "\\(" + t->name + " : " + print_type(t->annot) + "). ";
        print_at(out, a[0], 0);
      });
    case TermKind::LinApp:
      return parenthesised(out, level > 5, [&] {
        print_at(out, a[0], 5);
        out += " @ ";
        print_at(out, a[1], 6);
      });
    case TermKind::Zero: out += "0"; return;
    case TermKind::ZeroOf:
      out += "zero_of(";
      print_at(out, a[0], 0);
      out += ")";
      return;
    case TermKind::LinAdd:
      return parenthesised(out, level > 2, [&] {
        print_at(out, a[0], 2);
        out += " + ";
        print_at(out, a[1], 3);
      });
    case TermKind::PrimFwd:
      op();
      out += "'(";
      print_list(out, a, 0, a.size() / 2);
      out += "; ";
      print_list(out, a, a.size() / 2, a.size());
      out += ")";
      return;
    case TermKind::PrimRev:
      op();
      out += "^T(";
      print_list(out, a, 0, a.size() - 1);
      out += "; ";
      print_at(out, a.back(), 0);
      out += ")";
      return;
    case TermKind::CopowerUnit:
      out += "!";
      print_at(out, a[0], 6);
      out += " (x) ";
      print_at(out, a[1], 6);
      return;
    case TermKind::CopowerFold:
      return parenthesised(out, level > 0, [&] {
        out += "copower-fold ";
        print_at(out, a[0], 0);
        out += " with ";
        print_at(out, a[1], 0);
      });
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
    case TermKind::EnvPack: return prefix("pack");
    case TermKind::EnvUnpack: return prefix("unpack");
    default: out += "?"; return;
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

// Whether `t` printed at level 4 (a negation's operand) begins with '-': a negation itself, or
// a target primitive form of it ("-'(...)", "-^T(...)"). Negative literals print in
// parentheses, compound operands at levels below 4 too, and names never begin with '-'.
bool prints_leading_minus(const TermP& t) {
  return (t->kind == TermKind::Prim || t->kind == TermKind::PrimFwd ||
          t->kind == TermKind::PrimRev) &&
         t->op == PrimOp::Neg;
}

void print_prim(std::string& out, const TermP& t, int level) {
  const auto& a = t->args;
  const int own = binary_level(t->op);
  if (own > 0) {  // comparisons (level 1) are non-associative, the others left-associative
    return parenthesised(out, level > own, [&] {
      print_at(out, a[0], own == 1 ? 2 : own);
      out += ' ';
      out += prim_name(t->op);
      out += ' ';
      print_at(out, a[1], own + 1);
    });
  }
  if (t->op == PrimOp::PowInt) {  // `base ^ n` at the unary minus's level: `-x ^ 2` is `-(x ^ 2)`
    return parenthesised(out, level > 4, [&] {
      print_at(out, a[0], 5);
      out += " ^ " + std::to_string(t->index);
    });
  }
  if (t->op == PrimOp::Neg) {  // "- -x", never "--x" (a comment)
    return parenthesised(out, level > 4, [&] {
      out += prints_leading_minus(a[0]) ? "- " : "-";
      print_at(out, a[0], 4);
    });
  }
  out += prim_name(t->op);
  out += "(";
  print_list(out, a, 0, a.size());
  if (t->op == PrimOp::Get) out += ", " + std::to_string(t->index);
  out += ")";
}

// `head operand` (fst, snd, roll, unroll, a constructor), the operand an atom.
void print_prefix(std::string& out, const char* head, const std::string& name, const TermP& operand,
                  int level) {
  parenthesised(out, level > 5, [&] {
    out += head;
    out += name;
    out += ' ';
    print_at(out, operand, 6);
  });
}

// `head a0 with name -> a1` (fold, unfold).
void print_binder(std::string& out, const char* head, const TermP& t, int level) {
  parenthesised(out, level > 0, [&] {
    out += head;
    print_at(out, t->args[0], 0);
    out += " with " + t->name + " -> ";
    print_at(out, t->args[1], 0);
  });
}

// A checked roll chain of a list-like type as the list literal it reads back as (checked
// against the same type, list_literal.hpp); false (nothing written) when `t` is not one.
bool print_list_literal(std::string& out, const TermP& t) {
  const auto elements = list_elements(t);
  if (!elements) return false;
  out += '[';
  for (std::size_t i = 0; i < elements->size(); ++i) {
    if (i) out += ", ";
    print_at(out, (*elements)[i], 0);
  }
  out += ']';
  return true;
}

// Set while print_term_with_list_literals runs (thread_local: printers run in parallel).
thread_local bool list_literals = false;

void print_at(std::string& out, const TermP& t, int level) {
  const auto& a = t->args;
  if (list_literals && t->kind == TermKind::Roll && t->type && print_list_literal(out, t)) return;
  switch (t->kind) {
    case TermKind::Var: out += t->name; return;
    case TermKind::Literal:
      return parenthesised(out, t->literal < 0 || std::signbit(t->literal),
                           [&] { out += print_real(t->literal); });
    case TermKind::ArrayLit:
      out += "[";
      print_list(out, a, 0, a.size());
      out += "]";
      return;
    case TermKind::Unit: out += "()"; return;
    case TermKind::Pair:
      out += "(";
      print_list(out, a, 0, 2);
      out += ")";
      return;
    case TermKind::Fst: return print_prefix(out, "fst", "", a[0], level);
    case TermKind::Snd: return print_prefix(out, "snd", "", a[0], level);
    case TermKind::Roll: return print_prefix(out, "roll", "", a[0], level);
    case TermKind::Unroll: return print_prefix(out, "unroll", "", a[0], level);
    case TermKind::Inject: return print_prefix(out, "", t->name, a[0], level);
    case TermKind::App:  // the function is an application or an atom, never a prefix form
      return parenthesised(out, level > 5, [&] {
        print_at(out, a[0], a[0]->kind == TermKind::App ? 5 : 6);
        out += ' ';
        print_at(out, a[1], 6);
      });
    case TermKind::Let:
      return parenthesised(out, level > 0, [&] {
        out += "let " + t->name + " = ";
        print_at(out, a[0], 0);
        out += " in ";
        print_at(out, a[1], 0);
      });
    case TermKind::Lambda:
      return parenthesised(out, level > 0, [&] {
        out += "fun (" + t->name + " : " + print_type(t->annot) + ") -> ";
        print_at(out, a[0], 0);
      });
    case TermKind::Fold: return print_binder(out, "fold ", t, level);
    case TermKind::Unfold: return print_binder(out, "unfold ", t, level);
    case TermKind::Case:
      return parenthesised(out, level > 0, [&] {
        out += "case ";
        print_at(out, a[0], 0);
        out += " of {";
        for (std::size_t i = 0; i < t->branches.size(); ++i) {
          const Branch& b = t->branches[i];
          out += std::string(i ? " | " : " ") + b.ctor + " " + b.var + " -> ";
          print_at(out, b.body, 0);
        }
        out += " }";
      });
    case TermKind::Ascribe:
      out += "(";
      print_at(out, a[0], 0);
      out += " : " + print_type(t->annot) + ")";
      return;
    case TermKind::Prim: return print_prim(out, t, level);
    default: return print_target(out, t, level);
  }
}

// The layout of print_term_layout: a term whose flat form fits the line stays flat; otherwise
// let-chains go one binding per line and the bodies of functions, branches and folds are
// indented below their heads. Indentation stops growing at kMaxIndent columns (deeper nesting
// is told by the keywords alone), so a term nested n deep takes O(n) lines of bounded
// indentation, not n lines indented up to 4n.
class Layout {
 public:
  explicit Layout(std::string& out) : out_(out) {}

  void print(const TermP& t, int indent) {
    indent = std::min(indent, kMaxIndent);
    // Printing flat only what can fit keeps the layout linear in the term's size.
    if (at_most_nodes(t, kWidth / 3)) {
      const std::size_t start = out_.size();
      print_at(out_, t, 0);
      if (int(out_.size() - start) + indent <= kWidth) return;
      out_.resize(start);
    }
    const auto& a = t->args;
    switch (t->kind) {
      case TermKind::Let:
        out_ += "let " + t->name + " = ";
        print(a[0], indent + 4);
        out_ += " in";
        new_line(indent);
        return print(a[1], indent);
      case TermKind::Lambda:
        out_ += "fun (" + t->name + " : " + print_type(t->annot) + ") ->";
        new_line(indent + 2);
        return print(a[0], indent + 2);
      case TermKind::LinLambda:
        out_ += "\\(" + t->name + " : " + print_type(t->annot) + ").";
        new_line(indent + 2);
        return print(a[0], indent + 2);
      case TermKind::Pair:
        out_ += "(";
        print(a[0], indent + 1);
        out_ += ",";
        new_line(indent + 1);
        print(a[1], indent + 1);
        out_ += ")";
        return;
      case TermKind::Fst:
      case TermKind::Snd:
        out_ += t->kind == TermKind::Fst ? "fst (" : "snd (";
        print(a[0], indent + 5);
        out_ += ")";
        return;
      case TermKind::Case:
        out_ += "case ";
        print_at(out_, a[0], 0);
        out_ += " of {";
        for (const Branch& b : t->branches) {
          new_line(indent);
          out_ += "| " + b.ctor + " " + b.var + " ->";
          new_line(indent + 4);
          print(b.body, indent + 4);
        }
        new_line(indent);
        out_ += "}";
        return;
      case TermKind::FwdFold: case TermKind::RevFold: case TermKind::FwdUnfold:
      case TermKind::RevUnfold: case TermKind::Fold: case TermKind::Unfold: {
        static const char* const heads[] = {"fold", "unfold", "fwd_fold", "rev_fold", "fwd_unfold", "rev_unfold"};
        const TermKind kinds[] = {TermKind::Fold, TermKind::Unfold, TermKind::FwdFold,
                                  TermKind::RevFold, TermKind::FwdUnfold, TermKind::RevUnfold};
        for (int i = 0; i < 6; ++i)
          if (kinds[i] == t->kind) out_ += heads[i];
        out_ += ' ';
        print_at(out_, a[0], 0);
        out_ += " with " + t->name + " ->";
        new_line(indent + 2);
        return print(a[1], indent + 2);
      }
      default: print_at(out_, t, 0); return;
    }
  }

  static constexpr int kWidth = 100;
  static constexpr int kMaxIndent = 40;

 private:
  // A line break, then the indentation (at most kMaxIndent).
  void new_line(int indent) {
    out_ += '\n';
    out_.append(std::size_t(std::min(indent, kMaxIndent)), ' ');
  }

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

  std::string& out_;
};

}  // namespace

std::string print_term(const TermP& term) {
  std::string out;
  print_at(out, term, 0);
  return out;
}

std::string print_term_with_list_literals(const TermP& term) {
  struct Scope {
    Scope() { list_literals = true; }
    ~Scope() { list_literals = false; }
  } scope;
  std::string out;
  print_at(out, term, 0);
  return out;
}

std::string print_term_layout(const TermP& term) {
  std::string out;
  Layout(out).print(term, 0);
  return out;
}

std::string print_program(const Program& program) {
  std::string out;
  for (const TypeAlias& a : program.aliases) out += "type " + a.name + " = " + print_type(a.type) + ";\n";
  for (const Def& d : program.defs) {
    out += "def " + d.name;
    for (const Param& p : d.params) out += " (" + p.name + " : " + print_type(p.type) + ")";
    out += " : " + print_type(d.result) + " =\n  ";
    print_at(out, d.body, 0);
    out += ";\n";
  }
  return out;
}

}  // namespace chad

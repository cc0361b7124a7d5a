// Term builders (each checks the invariants documented in term.hpp), primitive names, structural
// equality and size.
#include "syntax/term.hpp"

#include <cmath>

namespace chad {

const char* prim_name(PrimOp op) {
  switch (op) {
    case PrimOp::Add: return "+";
    case PrimOp::Sub: return "-";
    case PrimOp::Mul: return "*";
    case PrimOp::Div: return "/";
    case PrimOp::Neg: return "-";
    case PrimOp::Sin: return "sin";
    case PrimOp::Cos: return "cos";
    case PrimOp::Exp: return "exp";
    case PrimOp::Log: return "log";
    case PrimOp::Sqrt: return "sqrt";
    case PrimOp::Tanh: return "tanh";
    case PrimOp::Sigmoid: return "sigmoid";
    case PrimOp::Softplus: return "softplus";
    case PrimOp::Log1p: return "log1p";
    case PrimOp::Expm1: return "expm1";
    case PrimOp::Atan: return "atan";
    case PrimOp::Erf: return "erf";
    case PrimOp::Abs: return "abs";
    case PrimOp::PowInt: return "^";
    case PrimOp::Pow: return "pow";
    case PrimOp::Atan2: return "atan2";
    case PrimOp::Hypot: return "hypot";
    case PrimOp::Max: return "max";
    case PrimOp::Min: return "min";
    case PrimOp::Sum: return "sum";
    case PrimOp::Dot: return "dot";
    case PrimOp::Matvec: return "matvec";
    case PrimOp::Scale: return "scale";
    case PrimOp::Get: return "get";
    case PrimOp::Vec: return "vec";
    case PrimOp::Mean: return "mean";
    case PrimOp::Prod: return "prod";
    case PrimOp::Logsumexp: return "logsumexp";
    case PrimOp::Softmax: return "softmax";
    case PrimOp::Norm: return "norm";
    case PrimOp::Cumsum: return "cumsum";
    case PrimOp::Matmul: return "matmul";
    case PrimOp::Transpose: return "transpose";
    case PrimOp::Outer: return "outer";
    case PrimOp::Lt: return "<";
    case PrimOp::Gt: return ">";
  }
  return "?";
}

bool is_unary_elementwise(PrimOp op) {
  switch (op) {
    case PrimOp::Neg:
    case PrimOp::Sin:
    case PrimOp::Cos:
    case PrimOp::Exp:
    case PrimOp::Log:
    case PrimOp::Sqrt:
    case PrimOp::Tanh:
    case PrimOp::Sigmoid:
    case PrimOp::Softplus:
    case PrimOp::Log1p:
    case PrimOp::Expm1:
    case PrimOp::Atan:
    case PrimOp::Erf:
    case PrimOp::Abs: return true;
    default: return false;
  }
}

namespace {

std::shared_ptr<Term> node(TermKind kind, Loc loc, TermArgs args = {}) {
  auto t = std::make_shared<Term>();
  t->kind = kind;
  t->loc = loc;
  for (const auto& a : args) CHAD_INTERNAL_ASSERT(a != nullptr, "null subterm");
  t->args = std::move(args);
  return t;
}

}  // namespace

TermP make_var(std::string name, Loc loc) {
  auto t = node(TermKind::Var, loc);
  t->name = std::move(name);
  return t;
}
TermP make_literal(double value, Loc loc) {
  CHAD_INTERNAL_ASSERT(std::isfinite(value) && value >= 0,
                       "a literal must be finite and >= 0 (a minus sign is the Neg primitive)");
  auto t = node(TermKind::Literal, loc);
  t->literal = value + 0.0;  // -0.0 becomes 0
  return t;
}
TermP make_array_literal(std::vector<TermP> elements, Loc loc) {
  CHAD_INTERNAL_ASSERT(!elements.empty(), "an array literal needs at least one element");
  return node(TermKind::ArrayLit, loc, TermArgs(elements.begin(), elements.end()));
}
TermP make_unit(Loc loc) { return node(TermKind::Unit, loc); }
TermP make_pair(TermP first, TermP second, Loc loc) {
  return node(TermKind::Pair, loc, {std::move(first), std::move(second)});
}
TermP make_fst(TermP pair, Loc loc) { return node(TermKind::Fst, loc, {std::move(pair)}); }
TermP make_snd(TermP pair, Loc loc) { return node(TermKind::Snd, loc, {std::move(pair)}); }
TermP make_let(std::string name, TermP bound, TermP body, Loc loc) {
  auto t = node(TermKind::Let, loc, {std::move(bound), std::move(body)});
  t->name = std::move(name);
  return t;
}
TermP make_lambda(std::string param, TypeP param_type, TermP body, Loc loc) {
  CHAD_INTERNAL_ASSERT(param_type != nullptr, "lambda without a parameter type");
  auto t = node(TermKind::Lambda, loc, {std::move(body)});
  t->name = std::move(param);
  t->annot = std::move(param_type);
  return t;
}
TermP make_app(TermP function, TermP argument, Loc loc) {
  return node(TermKind::App, loc, {std::move(function), std::move(argument)});
}
TermP make_inject(std::string ctor, TermP payload, Loc loc) {
  auto t = node(TermKind::Inject, loc, {std::move(payload)});
  t->name = std::move(ctor);
  return t;
}
TermP make_case(TermP scrutinee, std::vector<Branch> branches, Loc loc) {
  CHAD_INTERNAL_ASSERT(!branches.empty(), "a case needs at least one branch");
  for (const auto& b : branches) CHAD_INTERNAL_ASSERT(b.body != nullptr, "null branch body");
  auto t = node(TermKind::Case, loc, {std::move(scrutinee)});
  t->branches = std::move(branches);
  return t;
}
TermP make_roll(TermP payload, Loc loc) { return node(TermKind::Roll, loc, {std::move(payload)}); }
TermP make_fold(TermP scrutinee, std::string var, TermP body, Loc loc) {
  auto t = node(TermKind::Fold, loc, {std::move(scrutinee), std::move(body)});
  t->name = std::move(var);
  return t;
}
TermP make_unroll(TermP value, Loc loc) { return node(TermKind::Unroll, loc, {std::move(value)}); }
TermP make_unfold(TermP seed, std::string var, TermP body, Loc loc) {
  auto t = node(TermKind::Unfold, loc, {std::move(seed), std::move(body)});
  t->name = std::move(var);
  return t;
}
TermP make_ascribe(TermP term, TypeP type, Loc loc) {
  CHAD_INTERNAL_ASSERT(type != nullptr, "ascription without a type");
  auto t = node(TermKind::Ascribe, loc, {std::move(term)});
  t->annot = std::move(type);
  return t;
}
TermP make_prim(PrimOp op, std::vector<TermP> args, Loc loc, int get_index) {
  std::size_t arity = args.size();
  switch (op) {
    case PrimOp::Vec: CHAD_INTERNAL_ASSERT(arity >= 1, "vec needs an argument"); break;
    case PrimOp::Add: case PrimOp::Sub: case PrimOp::Mul: case PrimOp::Div:
    case PrimOp::Dot: case PrimOp::Matvec: case PrimOp::Scale: case PrimOp::Lt: case PrimOp::Gt:
    case PrimOp::Matmul: case PrimOp::Outer:
    case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min:
      CHAD_INTERNAL_ASSERT(arity == 2, std::string(prim_name(op)) + " takes two arguments");
      break;
    default:
      CHAD_INTERNAL_ASSERT(arity == 1, std::string(prim_name(op)) + " takes one argument");
  }
  CHAD_INTERNAL_ASSERT((op == PrimOp::Get || op == PrimOp::PowInt) == (get_index >= 0),
                       "get and `^` (and only they) take a non-negative index");
  CHAD_INTERNAL_ASSERT(op != PrimOp::PowInt || get_index <= kMaxPowIntExponent,
                       "the exponent of `^` is an integer 0..64");
  auto t = node(TermKind::Prim, loc, TermArgs(args.begin(), args.end()));
  t->op = op;
  t->index = get_index;
  return t;
}

bool term_equal(const TermP& a, const TermP& b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->args.size() != b->args.size()) return false;
  switch (a->kind) {
    case TermKind::Var:
    case TermKind::Let:
    case TermKind::Fold:
    case TermKind::Unfold:
    case TermKind::Inject:
      if (a->name != b->name) return false;
      break;
    case TermKind::Lambda:
      if (a->name != b->name || !type_equal(a->annot, b->annot)) return false;
      break;
    case TermKind::Ascribe:
      if (!type_equal(a->annot, b->annot)) return false;
      break;
    case TermKind::Literal:
      if (a->literal != b->literal) return false;
      break;
    case TermKind::Prim:
      if (a->op != b->op || ((a->op == PrimOp::Get || a->op == PrimOp::PowInt) && a->index != b->index)) return false;
      break;
    case TermKind::Case:
      if (a->branches.size() != b->branches.size()) return false;
      for (std::size_t i = 0; i < a->branches.size(); ++i)
        if (a->branches[i].ctor != b->branches[i].ctor || a->branches[i].var != b->branches[i].var ||
            !term_equal(a->branches[i].body, b->branches[i].body))
          return false;
      break;
    case TermKind::Unit: case TermKind::ArrayLit: case TermKind::Pair: case TermKind::Fst:
    case TermKind::Snd: case TermKind::App: case TermKind::Roll: case TermKind::Unroll: break;
    default:  // CHAD's target formers
      if (a->name != b->name || a->index != b->index || a->op != b->op || a->sums != b->sums || a->functions != b->functions ||
          bool(a->annot) != bool(b->annot) || (a->annot && !type_equal(a->annot, b->annot)))
        return false;
      break;
  }
  for (std::size_t i = 0; i < a->args.size(); ++i)
    if (!term_equal(a->args[i], b->args[i])) return false;
  return true;
}

std::size_t term_size(const TermP& t) {
  std::size_t n = 1;
  for (const auto& a : t->args) n += term_size(a);
  for (const auto& b : t->branches) n += term_size(b.body);
  return n;
}

int binders_of_operand(const Term& t, std::size_t arg) {
  switch (t.kind) {
    case TermKind::Lambda:
    case TermKind::LinLambda: return 1;
    case TermKind::Let:
    case TermKind::Fold:
    case TermKind::Unfold:
    case TermKind::FwdFold:
    case TermKind::RevFold:
    case TermKind::FwdUnfold:
    case TermKind::RevUnfold: return arg == 1 ? 1 : 0;
    default: return 0;
  }
}

}  // namespace chad

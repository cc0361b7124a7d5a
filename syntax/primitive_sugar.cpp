#include "syntax/primitive_sugar.hpp"

#include <algorithm>
#include <cctype>
#include <map>

namespace chad {
namespace {

const PrimOp kNamedPrimitives[] = {PrimOp::Sin,  PrimOp::Cos,     PrimOp::Exp,      PrimOp::Log,
                                   PrimOp::Sqrt, PrimOp::Tanh,    PrimOp::Sigmoid,  PrimOp::Softplus,
                                   PrimOp::Sum,  PrimOp::Dot,     PrimOp::Matvec,   PrimOp::Scale,
                                   PrimOp::Get,  PrimOp::Vec,
                                   PrimOp::Mean, PrimOp::Prod,    PrimOp::Logsumexp, PrimOp::Softmax,
                                   PrimOp::Norm, PrimOp::Cumsum,  PrimOp::Matmul,   PrimOp::Transpose,
                                   PrimOp::Outer,
                                   // the second set's elementwise half (`^` is an operator, not a name)
                                   PrimOp::Log1p, PrimOp::Expm1, PrimOp::Atan, PrimOp::Erf, PrimOp::Abs,
                                   PrimOp::Pow, PrimOp::Atan2, PrimOp::Hypot, PrimOp::Max, PrimOp::Min};

bool takes_two(PrimOp op) {
  return op == PrimOp::Dot || op == PrimOp::Matvec || op == PrimOp::Scale || op == PrimOp::Get ||
         op == PrimOp::Matmul || op == PrimOp::Outer || op == PrimOp::Pow || op == PrimOp::Atan2 ||
         op == PrimOp::Hypot || op == PrimOp::Max || op == PrimOp::Min;
}

std::string quoted(PrimOp op) { return std::string("`") + prim_name(op) + "`"; }

// The parameter of the `fun` a bare primitive stands for; `'` keeps it out of the way of
// names people write (the body mentions nothing else).
const char* kParameter = "_arg'";

}  // namespace

std::optional<PrimOp> primitive_named(const std::string& name) {
  for (PrimOp op : kNamedPrimitives)
    if (name == prim_name(op)) return op;
  return std::nullopt;
}

TermP apply_primitive(PrimOp op, const TermP& argument, const Loc& loc) {
  const std::string example = std::string(prim_name(op)) + " (" +
                              (op == PrimOp::Get ? "v, 0" : op == PrimOp::Vec ? "a, b, c" : "u, v") + ")";
  if (op == PrimOp::Vec) {
    std::vector<TermP> items;
    TermP rest = argument;
    for (; rest->kind == TermKind::Pair; rest = rest->args[1]) items.push_back(rest->args[0]);
    items.push_back(rest);
    return make_prim(op, std::move(items), loc);
  }
  if (!takes_two(op)) return make_prim(op, {argument}, loc);
  if (op == PrimOp::Get) {
    const bool literal_index = argument->kind == TermKind::Pair &&
                               argument->args[1]->kind == TermKind::Literal &&
                               argument->args[1]->literal == double(int(argument->args[1]->literal));
    if (!literal_index)
      throw SourceError(loc, "`get` takes a vector and an integer literal index, e.g. `" + example + "`");
    return make_prim(op, {argument->args[0]}, loc, int(std::min(argument->args[1]->literal, 1e9)));
  }
  if (argument->kind == TermKind::Pair) return make_prim(op, {argument->args[0], argument->args[1]}, loc);
  if (argument->kind == TermKind::Var)
    return make_prim(op, {make_fst(argument, loc), make_snd(argument, loc)}, loc);
  TermP pair = make_var(kParameter, loc);
  return make_let(kParameter, argument, make_prim(op, {make_fst(pair, loc), make_snd(pair, loc)}, loc), loc);
}

TermP primitive_function(PrimOp op, const TypeP& expected, const Loc& loc) {
  TypeP parameter;
  if (expected && expected->kind == TypeKind::Arrow) {
    parameter = expected->left;
  } else if (expected) {
    throw SourceError(loc, "type mismatch: expected `" + print_type(expected) + "`, found the primitive " +
                               quoted(op) + ", a function: apply it, e.g. `" + prim_name(op) + " x`");
  } else if (is_unary_elementwise(op)) {
    parameter = real_type();
  } else {
    throw SourceError(loc, "the primitive " + quoted(op) +
                               " as a function value needs its type from context: write "
                               "`fun (y : t) -> " + prim_name(op) + " y` or ascribe it, e.g. `(" +
                               prim_name(op) + " : real[3] * real[3] -> real)`");
  }
  return make_lambda(kParameter, parameter, apply_primitive(op, make_var(kParameter, loc), loc), loc);
}

std::string primitive_hint(const std::string& name) {
  static const std::map<std::string, std::string> other_names = {
      {"ln", "log"}, {"logistic", "sigmoid"}, {"exponential", "exp"}};
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  std::string meant;
  if (lower != name && primitive_named(lower)) meant = lower;
  if (auto other = other_names.find(lower); other != other_names.end()) meant = other->second;
  if (meant.empty()) return "";
  return " (did you mean the primitive `" + meant + "`? apply it as `" + meant +
         (takes_two(*primitive_named(meant)) ? " (u, v)" : " x") + "`)";
}

std::string curried_primitive_message(PrimOp op) {
  return quoted(op) + " takes its arguments as one tuple, not one after the other: write `" +
         prim_name(op) + (op == PrimOp::Get ? " (v, 0)`" : " (u, v)`");
}

}  // namespace chad

// The parser's types (syntax/parser_grammar.hpp): type (mu, nu, ->) -> product_type ->
// atom_type (real, real[n, ...], unit, ( ), sums < C : t | ... >, aliases, type variables).
// A function type under mu or nu is an error: inductive and coinductive types are polynomial.
#include <set>
#include <string>
#include <vector>

#include "syntax/parser_grammar.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_inhabited.hpp"

namespace chad::parsing {
namespace {

constexpr long long kMaxArrayEntries = 1LL << 26;

bool contains_arrow(const TypeP& t) {
  switch (t->kind) {
    case TypeKind::Arrow: return true;
    case TypeKind::Prod: return contains_arrow(t->left) || contains_arrow(t->right);
    case TypeKind::Sum:
      for (const auto& c : t->ctors)
        if (contains_arrow(c.type)) return true;
      return false;
    case TypeKind::Mu:
    case TypeKind::Nu: return contains_arrow(t->body);
    default: return false;
  }
}

}  // namespace

TypeP Parser::type() {
  Nest nest(*this);
  if (is_word("mu") || is_word("nu")) return fixpoint_type();
  const Loc start = peek().loc;
  TypeP left = product_type();
  if (!is_symbol("->")) return left;
  next();
  if (type_binders_.empty() || showing_arrow_) return arrow_type(left, type());
  // Under mu / nu: read the whole function type, then report it.
  showing_arrow_ = true;
  TypeP whole = arrow_type(left, type());
  showing_arrow_ = false;
  throw SourceError(start, "function type `" + print_type(whole) + "` is not allowed under `" +
                               innermost_binder() +
                               "`: inductive and coinductive types must be polynomial");
}

std::string Parser::innermost_binder() const {
  return type_binders_.back().first + " " + type_binders_.back().second;
}

TypeP Parser::fixpoint_type() {
  Token kw = next();
  std::string var = identifier("a type variable after `" + kw.text + "`");
  expect_symbol(".", " after `" + kw.text + " " + var + "`");
  type_binders_.emplace_back(kw.text, var);
  TypeP body = type();
  type_binders_.pop_back();
  TypeP fixpoint = kw.text == "mu" ? mu_type(var, body) : nu_type(var, body);
  if (!has_finite_values(fixpoint))  // (enclosing binders count as inhabited: empty whatever they hold)
    throw SourceError(kw.loc, "type `" + print_type(fixpoint) + "` has no values: an inductive type needs a base case, "
                              "a constructor whose payload does not mention `" + var +
                              "` (for an infinite structure, such as a stream, use `nu`)");
  return fixpoint;
}

TypeP Parser::product_type() {
  TypeP left = atom_type();
  if (is_symbol("*")) {
    next();
    Nest nest(*this);
    return prod_type(left, product_type());
  }
  return left;
}

TypeP Parser::atom_type() {
  const Token& t = peek();
  if (is_word("mu") || is_word("nu")) return fixpoint_type();
  if (is_word("real")) {
    next();
    if (!is_symbol("[")) return real_type();
    next();
    if (is_symbol("]")) {  // real[] is rank 0, the same as real
      next();
      return real_type();
    }
    std::vector<int> shape;
    while (true) {
      if (peek().kind != TokenKind::Number || !peek().integral || peek().number < 1 ||
          peek().number > 1e9)
        fail("expected an array dimension (an integer >= 1)");
      shape.push_back(int(next().number));
      long long entries = 1;
      for (int d : shape) entries *= d;
      if (entries > kMaxArrayEntries)
        throw SourceError(t.loc, "array type too large: more than " +
                                     std::to_string(kMaxArrayEntries) + " entries");
      if (is_symbol(",")) {
        next();
        continue;
      }
      expect_symbol("]", " to close the array shape");
      break;
    }
    return real_type(shape);
  }
  if (is_word("unit")) {
    next();
    return unit_type();
  }
  if (is_symbol("(")) {
    Token open = next();
    TypeP inner = type();
    if (!is_symbol(")")) fail("expected `)` to close `(` at " + std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
    next();
    return inner;
  }
  if (is_symbol("<")) return sum_type_literal();
  if (t.kind == TokenKind::UpperName) {
    Token name = next();
    auto found = aliases_.find(name.text);
    if (found == aliases_.end())
      throw SourceError(name.loc, "unknown type `" + name.text + "`: expected a type alias declared above");
    if (!type_binders_.empty() && contains_arrow(found->second))
      throw SourceError(name.loc, "type `" + name.text + "` = `" + print_type(found->second) +
                                      "` contains a function type, which is not allowed under `" +
                                      innermost_binder() +
                                      "`: inductive and coinductive types must be polynomial");
    return found->second;
  }
  if (t.kind == TokenKind::Ident && !is_keyword(t.text)) {
    Token name = next();
    for (const auto& b : type_binders_)
      if (b.second == name.text) return var_type(name.text);
    if (auto alias = aliases_.find(name.text); alias != aliases_.end()) return alias->second;  // bool
    throw SourceError(name.loc, "unbound type variable `" + name.text +
                                    "`: type variables must be bound by an enclosing mu or nu");
  }
  fail("expected a type");
}

TypeP Parser::sum_type_literal() {
  Token open = next();  // <
  std::vector<Constructor> ctors;
  std::set<std::string> seen;
  while (true) {
    if (peek().kind != TokenKind::UpperName) fail("expected a constructor name (upper case)");
    Token name = next();
    if (!seen.insert(name.text).second)
      throw SourceError(name.loc, "constructor `" + name.text + "` appears twice in this sum");
    TypeP payload = unit_type();
    if (is_symbol(":")) {
      next();
      payload = type();
    }
    ctors.push_back({name.text, payload});
    if (is_symbol("|")) {
      next();
      continue;
    }
    if (!is_symbol(">")) fail("expected `|` or `>` in the sum type opened at " + std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
    next();
    break;
  }
  return sum_type(std::move(ctors));
}

}  // namespace chad::parsing

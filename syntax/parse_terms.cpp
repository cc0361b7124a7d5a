// The parser's terms (syntax/parser_grammar.hpp), loosest first: expr (let, fun, if, fold,
// unfold, case; then comparisons) -> additive -> multiplicative -> unary -> power (`x ^ n`) -> application (also
// fst, snd, roll, unroll, C e) -> atom (literals, variables, primitive calls, ( ), tuples,
// ascriptions, array and list literals). Desugars `if`, `let (x, y)`, n-tuples and curried `fun`.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "syntax/list_literal.hpp"
#include "syntax/parser_grammar.hpp"
#include "syntax/primitive_sugar.hpp"

namespace chad::parsing {
namespace {

int prim_arity(PrimOp op) {
  switch (op) {
    case PrimOp::Dot: case PrimOp::Matvec: case PrimOp::Scale: case PrimOp::Get: return 2;
    case PrimOp::Matmul: case PrimOp::Outer: return 2;
    case PrimOp::Pow: case PrimOp::Atan2: case PrimOp::Hypot: case PrimOp::Max: case PrimOp::Min: return 2;
    case PrimOp::Vec: return -1;  // one or more
    default: return 1;
  }
}

}  // namespace

TermP Parser::expr() {
  Nest nest(*this);
  if (is_word("let")) return let_expr();
  if (is_word("fun")) return fun_expr();
  if (is_word("if")) return if_expr();
  if (is_word("fold") || is_word("unfold")) return fold_expr();
  if (is_word("case")) return case_expr();
  TermP left = additive();
  if (is_symbol("<") || is_symbol(">")) {
    Token op = next();
    TermP right = additive();
    if (is_symbol("<") || is_symbol(">")) fail("comparisons do not chain: expected a parenthesised comparison");
    return make_prim(op.text == "<" ? PrimOp::Lt : PrimOp::Gt, {left, right}, op.loc);
  }
  return left;
}

TermP Parser::let_expr() {
  Token kw = next();
  if (is_symbol("(")) {  // let (x, y) = e1 in e2
    next();
    std::string x = identifier("a variable name in `let (x, y)`");
    expect_symbol(",", " in `let (x, y)`");
    std::string y = identifier("a variable name in `let (x, y)`");
    expect_symbol(")", " to close `let (x, y)`");
    expect_symbol("=", " after `let (" + x + ", " + y + ")`");
    TermP bound_term = expr();
    expect_word("in", " after the bound expression of `let`");
    std::string pair = "_pair'" + std::to_string(++fresh_);
    TermP body = expr();
    Loc l = kw.loc;
    return make_let(pair, bound_term,
                    make_let(x, make_fst(make_var(pair, l), l),
                             make_let(y, make_snd(make_var(pair, l), l), body, l), l),
                    l);
  }
  std::string x = identifier("a variable name after `let`");
  expect_symbol("=", " after `let " + x + "`");
  TermP bound_term = expr();
  expect_word("in", " after the bound expression of `let " + x + "`");
  TermP body = expr();
  return make_let(x, bound_term, body, kw.loc);
}

TermP Parser::fun_expr() {
  Token kw = next();
  std::vector<std::pair<std::string, TypeP>> params;
  std::vector<Loc> locs;
  if (!is_symbol("(")) fail("expected `(` and an annotated parameter `(x : t)` after `fun`");
  while (is_symbol("(")) {
    next();
    while (true) {
      locs.push_back(peek().loc);
      std::string x = identifier("a parameter name");
      expect_symbol(":", " after the parameter name (parameters of `fun` need a type)");
      params.emplace_back(x, type());
      if (is_symbol(",")) {
        next();
        continue;
      }
      expect_symbol(")", " to close the parameter");
      break;
    }
  }
  expect_symbol("->", " after the parameters of `fun`");
  ChainDepth chain(*this);  // the parameters become nested lambdas
  for (std::size_t i = 1; i < locs.size(); ++i) chain.add(locs[i]);
  TermP body = expr();
  for (std::size_t i = params.size(); i-- > 0;)
    body = make_lambda(params[i].first, params[i].second, body, i == 0 ? kw.loc : locs[i]);
  return body;
}

TermP Parser::if_expr() {
  Token kw = next();
  TermP cond = expr();
  expect_word("then", " after the condition of `if`");
  TermP yes = expr();
  expect_word("else", " after the `then` branch");
  TermP no = expr();
  return make_case(cond, {Branch{"False", "_", no, -1, kw.loc}, Branch{"True", "_", yes, -1, kw.loc}},
                   kw.loc);
}

TermP Parser::fold_expr() {
  Token kw = next();
  TermP scrutinee = expr();
  expect_word("with", " after the " + std::string(kw.text == "fold" ? "scrutinee" : "seed") +
                          " of `" + kw.text + "`");
  std::string x = identifier("a variable name after `with`");
  expect_symbol("->", " after `with " + x + "`");
  TermP body = expr();
  return kw.text == "fold" ? make_fold(scrutinee, x, body, kw.loc)
                           : make_unfold(scrutinee, x, body, kw.loc);
}

TermP Parser::case_expr() {
  Token kw = next();
  TermP scrutinee = expr();
  expect_word("of", " after the scrutinee of `case`");
  Token open = expect_symbol("{", " to open the branches of `case`");
  std::vector<Branch> branches;
  if (is_symbol("|")) next();
  while (true) {
    if (peek().kind != TokenKind::UpperName) fail("expected a constructor name to start a branch");
    Branch br;
    br.loc = peek().loc;
    br.ctor = next().text;
    br.var = identifier("a variable name after constructor `" + br.ctor + "` (write `_` to ignore it)");
    expect_symbol("->", " after `" + br.ctor + " " + br.var + "`");
    br.body = expr();
    branches.push_back(std::move(br));
    if (is_symbol("|")) {
      next();
      continue;
    }
    if (!is_symbol("}"))
      fail("expected `|` or `}` in the case opened at " + std::to_string(open.loc.line) + ":" +
           std::to_string(open.loc.col));
    next();
    break;
  }
  return make_case(scrutinee, std::move(branches), kw.loc);
}

TermP Parser::additive() {
  TermP left = multiplicative();
  ChainDepth chain(*this);
  while (is_symbol("+") || is_symbol("-")) {
    chain.add(peek().loc);
    Token op = next();
    TermP right = multiplicative();
    left = make_prim(op.text == "+" ? PrimOp::Add : PrimOp::Sub, {left, right}, op.loc);
  }
  return left;
}

TermP Parser::multiplicative() {
  TermP left = unary();
  ChainDepth chain(*this);
  while (is_symbol("*") || is_symbol("/")) {
    chain.add(peek().loc);
    Token op = next();
    TermP right = unary();
    left = make_prim(op.text == "*" ? PrimOp::Mul : PrimOp::Div, {left, right}, op.loc);
  }
  return left;
}

TermP Parser::unary() {
  if (is_symbol("-")) {
    Token op = next();
    Nest nest(*this);
    return make_prim(PrimOp::Neg, {unary()}, op.loc);
  }
  return power();
}

// `base ^ n`: n an integer literal 0..64; tighter than unary minus (`-x ^ 2` is `-(x ^ 2)`),
// looser than application (`sin x ^ 2` is `(sin x) ^ 2`). Right-associative, so `x ^ 2 ^ 3`
// would raise x to the non-literal `2 ^ 3`: an error that says to write `(x ^ 2) ^ 3`.
TermP Parser::power() {
  TermP base = application();
  if (!is_symbol("^")) return base;
  Token op = next();
  const Token& n = peek();
  if (n.kind != TokenKind::Number || !n.integral || n.number > kMaxPowIntExponent)
    throw SourceError(n.loc, "the exponent of `^` must be an integer literal 0.." +
                                 std::to_string(kMaxPowIntExponent) +
                                 " (for a real exponent write `pow (x, y)`, which needs x > 0)");
  const int exponent = int(next().number);
  if (is_symbol("^"))
    fail("`^` is right-associative and its exponent must be an integer literal: write `(x ^ " +
         std::to_string(exponent) + ") ^ n` or one exponent");
  return make_prim(PrimOp::PowInt, {base}, op.loc, exponent);
}

// Whether the current token can start an atom (an argument of an application).
bool Parser::starts_atom() const {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::Number: return true;
    case TokenKind::Ident: return !is_keyword(t.text) || t.text == "let" || t.text == "fun" ||
                                  t.text == "if" || t.text == "fold" || t.text == "unfold" ||
                                  t.text == "case";
    case TokenKind::Symbol: return t.text == "(" || t.text == "[";
    default: return false;
  }
}

TermP Parser::application() {
  const Token& t = peek();
  if (t.kind == TokenKind::Ident && (t.text == "fst" || t.text == "snd" || t.text == "roll" || t.text == "unroll")) {
    Token kw = next();
    Nest nest(*this);
    TermP operand = application();
    if (kw.text == "fst") return make_fst(operand, kw.loc);
    if (kw.text == "snd") return make_snd(operand, kw.loc);
    if (kw.text == "roll") return make_roll(operand, kw.loc);
    return make_unroll(operand, kw.loc);
  }
  if (t.kind == TokenKind::UpperName) {
    Token ctor = next();
    if (!starts_atom() && !is_word("fst") && !is_word("snd") && !is_word("roll") &&
        !is_word("unroll") && peek().kind != TokenKind::UpperName)
      return make_inject(ctor.text, make_unit(ctor.loc), ctor.loc);
    Nest nest(*this);
    return make_inject(ctor.text, application(), ctor.loc);
  }
  TermP head = atom();
  ChainDepth chain(*this);
  while (starts_atom()) {
    Loc loc = peek().loc;
    chain.add(loc);
    head = make_app(head, atom(), loc);
  }
  return head;
}

TermP Parser::atom() {  // its recursive cases go through expr(), which counts the nesting
  const Token& t = peek();
  if (t.kind == TokenKind::Number) {
    Token n = next();
    return make_literal(n.number, n.loc);
  }
  if (t.kind == TokenKind::Ident) {
    if (t.text == "let" || t.text == "fun" || t.text == "if" || t.text == "fold" ||
        t.text == "unfold" || t.text == "case")
      return expr();
    if (is_keyword(t.text)) fail("expected an expression");
    const std::optional<PrimOp> prim = primitive_named(t.text);
    // `sum(v)` (no space before the parenthesis) is the primitive; `sum xs` or `sum (xs)`
    // applies a variable of that name (the spec's example defines and applies `sum`), or,
    // where no such variable is bound, the primitive (the type checker's sugar, see
    // primitive_sugar.hpp). The rule is purely lexical so that every printed term reads back
    // the same in any scope.
    if (prim && is_symbol("(", 1) && !peek(1).space_before) return prim_call(*prim);
    Token name = next();
    return make_var(name.text, name.loc);
  }
  if (is_symbol("[")) return array_literal();
  if (is_symbol("(")) {
    Token open = next();
    if (is_symbol(")")) {
      next();
      return make_unit(open.loc);
    }
    TermP first = expr();
    if (is_symbol(":")) {
      next();
      TypeP annot = type();
      close_paren(open);
      return make_ascribe(first, annot, open.loc);
    }
    if (is_symbol(",")) {
      std::vector<TermP> items = {first};
      ChainDepth chain(*this);  // (a, b, c) nests as (a, (b, c))
      while (is_symbol(",")) {
        next();
        if (items.size() > 1) chain.add(peek().loc);
        items.push_back(expr());
      }
      close_paren(open);
      TermP tuple = items.back();
      for (std::size_t i = items.size() - 1; i-- > 0;)
        tuple = make_pair(items[i], tuple, i == 0 ? open.loc : items[i]->loc);
      return tuple;
    }
    close_paren(open);
    return first;
  }
  if (is_symbol("*"))  // `x ** 2`: after the first `*`, the second
    fail("expected an expression (`**` is not an operator: write `x ^ 2` for a power with an integer "
         "exponent, `pow(x, y)` for a real one)");
  fail("expected an expression");
}

void Parser::close_paren(const Token& open) {
  if (!is_symbol(")"))
    fail("expected `)` to close `(` at " + std::to_string(open.loc.line) + ":" +
         std::to_string(open.loc.col));
  next();
}

TermP Parser::array_literal() {
  Token open = next();
  std::vector<TermP> elements;
  if (is_symbol("]")) {  // the empty list (list_literal.hpp); an array needs an element
    next();
    return make_empty_list_literal(open.loc);
  }
  while (true) {  // flat: a list literal of any length (the checker builds its rolls flat too)
    elements.push_back(expr());
    if (is_symbol(",")) {
      next();
      continue;
    }
    if (!is_symbol("]"))
      fail("expected `,` or `]` in the array opened at " + std::to_string(open.loc.line) + ":" +
           std::to_string(open.loc.col));
    next();
    break;
  }
  return make_array_literal(std::move(elements), open.loc);
}

TermP Parser::prim_call(PrimOp op) {
  Token name = next();
  Token open = next();  // (
  std::vector<TermP> args;
  int get_index = -1;
  while (true) {
    if (op == PrimOp::Get && args.size() == 1) {
      if (peek().kind != TokenKind::Number || !peek().integral)
        fail("expected an integer literal index as the second argument of `get`");
      get_index = int(std::min(next().number, 1e9));
      break;
    }
    args.push_back(expr());
    if (is_symbol(",")) {
      next();
      continue;
    }
    break;
  }
  if (!is_symbol(")"))
    fail("expected `,` or `)` in the call of `" + name.text + "` opened at " +
         std::to_string(open.loc.line) + ":" + std::to_string(open.loc.col));
  next();
  int arity = prim_arity(op);
  std::size_t given = args.size() + (op == PrimOp::Get ? 1 : 0);
  if (op == PrimOp::Get && get_index < 0)
    throw SourceError(name.loc, "`get` takes a vector and an integer index, e.g. get(v, 0)");
  if (arity >= 0 && int(given) != arity)
    throw SourceError(name.loc, "`" + name.text + "` takes " + std::to_string(arity) +
                                    " argument" + (arity == 1 ? "" : "s") + ", found " +
                                    std::to_string(given));
  return make_prim(op, std::move(args), name.loc, get_index);
}

}  // namespace chad::parsing

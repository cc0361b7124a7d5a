// Recursive-descent parser for shared/spec/language.md. One function per grammar level,
// loosest first: expr (let, fun, if, fold, unfold, case; then comparisons) -> additive ->
// multiplicative -> unary -> application (also fst, snd, roll, unroll, C e) -> atom.
// Types: type (mu, nu, ->) -> product_type -> atom_type.
// Every recursive call and every level a loop adds to the tree counts towards kMaxNesting.
// The grammar's levels are split by what they read: this file has the entry points and the
// declarations (`type`, `def`), syntax/parse_types.cpp the types, syntax/parse_terms.cpp the
// terms; the parser's state is syntax/parser_grammar.hpp.
#include "syntax/parser.hpp"

#include "syntax/deep_stack.hpp"
#include "syntax/parser_grammar.hpp"

namespace chad {
namespace parsing {

Program Parser::program() {
  Program p;
  p.file = file_;
  while (!at_end()) {
    if (is_word("type")) {
      p.aliases.push_back(type_decl());
    } else if (is_word("def")) {
      p.defs.push_back(def_decl());
    } else {
      fail("expected `type` or `def` to start a declaration");
    }
  }
  return p;
}

TermP Parser::whole_term() {
  TermP t = expr();
  expect_end();
  return t;
}

TypeP Parser::whole_type() {
  TypeP t = type();
  expect_end();
  return t;
}

TypeAlias Parser::type_decl() {
  next();  // type
  if (peek().kind != TokenKind::UpperName) fail("expected a type name starting upper case");
  Token name = next();
  if (aliases_.count(name.text)) throw SourceError(name.loc, "type `" + name.text + "` is already defined");
  expect_symbol("=", " after the type name");
  TypeP t = type();
  expect_symbol(";", " to end the type declaration");
  aliases_[name.text] = t;
  return TypeAlias{name.text, t, name.loc};
}

Def Parser::def_decl() {
  Token kw = next();  // def
  Def d;
  d.loc = kw.loc;
  if (peek().kind != TokenKind::Ident || is_keyword(peek().text)) fail("expected the name of the definition");
  Token name = next();
  d.name = name.text;
  while (is_symbol("(")) {
    next();
    while (true) {
      Param p;
      p.loc = peek().loc;
      p.name = identifier("a parameter name");
      expect_symbol(":", " after the parameter name");
      p.type = type();
      d.params.push_back(std::move(p));
      if (is_symbol(",")) {
        next();
        continue;
      }
      expect_symbol(")", " to close the parameter list");
      break;
    }
  }
  expect_symbol(":", " before the result type of `" + d.name + "`");
  d.result = type();
  expect_symbol("=", " before the body of `" + d.name + "`");
  d.body = expr();
  expect_symbol(";", " to end the definition of `" + d.name + "`");
  return d;
}

}  // namespace parsing

namespace {

// The parser recurses once or twice per nesting level, and its frames are large (more so in
// unoptimised builds), so it runs on a stack of its own, sized for kMaxNesting levels; the
// caller's stack only has to hold the result's destruction.
constexpr std::size_t kParserStackBytes = std::size_t(1) << 30;  // reserved, committed lazily

template <typename Result, typename Work>
Result on_parser_stack(const Work& work) {
  Result result;
  run_with_deep_stack([&] { result = work(); }, kParserStackBytes);
  return result;
}

}  // namespace

using parsing::Parser;

Program parse_program(const std::string& text, const std::string& file) {
  return on_parser_stack<Program>([&] { return Parser(text, file, {}).program(); });
}

TermP parse_term(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases) {
  return on_parser_stack<TermP>([&] { return Parser(text, file, aliases).whole_term(); });
}

TypeP parse_type(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases) {
  return on_parser_stack<TypeP>([&] { return Parser(text, file, aliases).whole_type(); });
}

}  // namespace chad

// The recursive-descent parser's state and grammar (the parser of syntax/parser.hpp), shared by
// the files that define its levels: syntax/parser.cpp (the entry points and declarations),
// syntax/parse_types.cpp (types) and syntax/parse_terms.cpp (terms). The token helpers and the
// nesting guards are here. Internal to the parser: include syntax/parser.hpp instead.
#pragma once
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "syntax/lexer.hpp"
#include "syntax/parser.hpp"
#include "syntax/program.hpp"

namespace chad::parsing {

class Parser {
 public:
  Parser(const std::string& text, const std::string& file, const std::vector<TypeAlias>& aliases)
      : tokens_(lex(text, file)), file_(file) {
    aliases_["bool"] = bool_type();
    for (const auto& a : aliases) aliases_[a.name] = a.type;
  }

  Program program();
  TermP whole_term();
  TypeP whole_type();

 private:
  // ---- tokens --------------------------------------------------------------------------
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  bool at_end() const { return peek().kind == TokenKind::End; }
  bool is_symbol(const char* s, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Symbol && peek(ahead).text == s;
  }
  bool is_word(const char* w, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Ident && peek(ahead).text == w;
  }
  Token next() {
    Token t = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  [[noreturn]] void fail(const std::string& expected) const {
    throw SourceError(peek().loc, expected + ", found " + describe_token(peek()));
  }
  Token expect_symbol(const char* s, const std::string& context = "") {
    if (!is_symbol(s)) fail(std::string("expected `") + s + "`" + context);
    return next();
  }
  Token expect_word(const char* w, const std::string& context = "") {
    if (!is_word(w)) fail(std::string("expected `") + w + "`" + context);
    return next();
  }
  void expect_end() {
    if (!at_end()) fail("expected end of input");
  }
  std::string identifier(const std::string& what) {
    if (peek().kind != TokenKind::Ident || is_keyword(peek().text)) fail("expected " + what);
    return next().text;
  }

  // ---- nesting guard -------------------------------------------------------------------
  struct Nest {
    explicit Nest(Parser& p) : parser(p) {
      if (++parser.depth_ > kMaxNesting) parser.too_deep(parser.peek().loc);
    }
    ~Nest() { --parser.depth_; }
    Parser& parser;
  };
  // Loops build nested trees too (`a + b + c`, `f x y z`, `(a, b, c)`, `fun (x : t) (y : u)`):
  // each extra level of the tree they build counts, so later recursive passes stay bounded.
  struct ChainDepth {
    explicit ChainDepth(Parser& p) : parser(p) {}
    ChainDepth(const ChainDepth&) = delete;
    ChainDepth& operator=(const ChainDepth&) = delete;
    void add(const Loc& at) {
      ++added;
      if (++parser.depth_ > kMaxNesting) parser.too_deep(at);
    }
    ~ChainDepth() { parser.depth_ -= added; }
    Parser& parser;
    int added = 0;
  };
  [[noreturn]] void too_deep(const Loc& at) const {
    throw SourceError(at, "program nested deeper than " + std::to_string(kMaxNesting) +
                              " levels: simplify or split it");
  }

  // ---- declarations (syntax/parser.cpp) ------------------------------------------------
  TypeAlias type_decl();
  Def def_decl();

  // ---- types (syntax/parse_types.cpp) --------------------------------------------------
  TypeP type();
  std::string innermost_binder() const;
  TypeP fixpoint_type();
  TypeP product_type();
  TypeP atom_type();
  TypeP sum_type_literal();

  // ---- terms (syntax/parse_terms.cpp) --------------------------------------------------
  TermP expr();
  TermP let_expr();
  TermP fun_expr();
  TermP if_expr();
  TermP fold_expr();
  TermP case_expr();
  TermP additive();
  TermP multiplicative();
  TermP unary();
  TermP power();
  bool starts_atom() const;
  TermP application();
  TermP atom();
  void close_paren(const Token& open);
  TermP array_literal();
  TermP prim_call(PrimOp op);

  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::string file_;
  std::map<std::string, TypeP> aliases_;
  std::vector<std::pair<std::string, std::string>> type_binders_;  // (mu|nu, var)
  int depth_ = 0;
  bool showing_arrow_ = false;  // reading a function type under mu / nu to report it whole
  int fresh_ = 0;
};

}  // namespace chad::parsing

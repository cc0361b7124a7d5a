// The lexer: program text to tokens with locations (shared/spec/language.md, "Lexical").
// Identifiers [a-z_][A-Za-z0-9_']*, upper-case names (constructors, aliases), `--` comments,
// real literals (decimal and C99 hex floats), keywords and punctuation.
#pragma once
#include <string>
#include <vector>

#include "syntax/location.hpp"

namespace chad {

enum class TokenKind {
  Ident,      // lower-case identifier or keyword (see is_keyword)
  UpperName,  // constructor or alias name
  Number,     // real literal; `number` holds its value, `integral` whether it is an integer
  Symbol,     // punctuation: ( ) [ ] { } < > , ; : | . * + - / = ->
  End,
};

struct Token {
  TokenKind kind;
  std::string text;
  Loc loc;
  double number = 0;
  bool integral = false;
  bool space_before = false;  // whitespace or a comment right before this token
};

bool is_keyword(const std::string& word);

// Throws SourceError on a character that starts no token or a malformed literal.
std::vector<Token> lex(const std::string& text, const std::string& file);

// For messages: "`in`", "end of input", "the number `2.5`".
std::string describe_token(const Token& token);

}  // namespace chad

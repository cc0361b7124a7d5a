#include "syntax/lexer.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>

namespace chad {

bool is_keyword(const std::string& word) {
  static const std::set<std::string> keywords = {
      "let", "in", "fun", "case", "of", "roll", "fold", "with", "unroll", "unfold", "if",
      "then", "else", "fst", "snd", "type", "def", "mu", "nu", "real", "unit"};
  return keywords.count(word) > 0;
}

std::string describe_token(const Token& token) {
  switch (token.kind) {
    case TokenKind::End: return "end of input";
    case TokenKind::Number: return "the number `" + token.text + "`";
    default: return "`" + token.text + "`";
  }
}

namespace {

bool is_ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'';
}

}  // namespace

std::vector<Token> lex(const std::string& text, const std::string& file) {
  const std::string* name = intern_file_name(file);
  std::vector<Token> tokens;
  std::size_t i = 0;
  int line = 1, col = 1;
  bool space = true;
  auto advance = [&](std::size_t n) {
    for (std::size_t k = 0; k < n && i < text.size(); ++k, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
  };
  while (true) {
    // Skip whitespace and comments.
    while (i < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[i]))) {
        advance(1);
        space = true;
      } else if (text.compare(i, 2, "--") == 0) {
        while (i < text.size() && text[i] != '\n') advance(1);
        space = true;
      } else {
        break;
      }
    }
    Token token;
    token.loc = Loc{name, line, col};
    token.space_before = space;
    space = false;
    if (i >= text.size()) {
      token.kind = TokenKind::End;
      tokens.push_back(token);
      return tokens;
    }
    char c = text[i];
    if (std::islower(static_cast<unsigned char>(c)) || c == '_' ||
        std::isupper(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < text.size() && is_ident_char(text[j])) ++j;
      token.text = text.substr(i, j - i);
      token.kind = std::isupper(static_cast<unsigned char>(c)) ? TokenKind::UpperName
                                                                 : TokenKind::Ident;
      advance(j - i);
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      bool hex = text.compare(i, 2, "0x") == 0 || text.compare(i, 2, "0X") == 0;
      if (hex) {
        j += 2;
        while (j < text.size() && (std::isxdigit(static_cast<unsigned char>(text[j])) || text[j] == '.')) ++j;
        if (j < text.size() && (text[j] == 'p' || text[j] == 'P')) {
          ++j;
          if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
          while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        }
      } else {
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        if (j < text.size() && text[j] == '.' && j + 1 < text.size() &&
            std::isdigit(static_cast<unsigned char>(text[j + 1]))) {
          ++j;
          while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        }
        if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
          std::size_t k = j + 1;
          if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
          if (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) {
            while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k;
            j = k;
          }
        }
      }
      token.text = text.substr(i, j - i);
      token.kind = TokenKind::Number;
      char* end = nullptr;
      token.number = std::strtod(token.text.c_str(), &end);
      if (end != token.text.c_str() + token.text.size() || !std::isfinite(token.number) ||
          (j < text.size() && is_ident_char(text[j])))
        throw SourceError(token.loc, "malformed number literal `" +
                                         text.substr(i, std::min<std::size_t>(j - i + 1, 40)) +
                                         "`: expected a decimal like 2.5 or 1e-3, or a hex "
                                         "float like 0x1.8p+1, with a finite value");
      if (token.number == 0) {  // a non-zero literal too small for a double would read as 0
        const std::string significand = hex ? token.text.substr(2, token.text.find_first_of("pP") - 2)
                                            : token.text.substr(0, token.text.find_first_of("eE"));
        if (significand.find_first_of(hex ? "123456789abcdefABCDEF" : "123456789") != std::string::npos)
          throw SourceError(token.loc, "number literal `" + token.text +
                                           "` is too small for a double: it would read as 0 (write 0, or scale the program)");
      }
      token.integral = !hex && token.text.find_first_of(".eE") == std::string::npos;
      advance(j - i);
    } else {
      token.kind = TokenKind::Symbol;
      if (text.compare(i, 2, "->") == 0) {
        token.text = "->";
        advance(2);
      } else if (std::string("()[]{}<>,;:|.*+-/=^").find(c) != std::string::npos) {
        token.text = std::string(1, c);
        advance(1);
      } else {
        std::string shown = std::isprint(static_cast<unsigned char>(c))
                                ? std::string(1, c)
                                : "byte " + std::to_string(static_cast<unsigned char>(c));
        throw SourceError(token.loc, "unexpected character `" + shown +
                                         "`: expected an identifier, a number or punctuation");
      }
    }
    tokens.push_back(std::move(token));
  }
}

}  // namespace chad

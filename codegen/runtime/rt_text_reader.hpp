// Values as text for a standalone kernel's `--at` (part of chad_runtime.hpp): TextReader, the
// tokens of a value in the language's syntax (reals, brackets, constructors, keywords); the
// generated main reads a value of its input type with it. Not the core's parser
// (syntax/lexer.cpp, syntax/parser.cpp): a standalone kernel compiled from the one runtime text
// cannot link the core's syntax library, and reads values only, never programs.
#ifndef CHAD_RT_TEXT_READER_HPP
#define CHAD_RT_TEXT_READER_HPP

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#ifndef CHAD_RT_ERRORS_HPP
#include "rt_errors.hpp"
#endif

namespace chad_rt {

// Tokens of a value in the language's syntax: reals (an optional leading -, decimals, C99 hex
// floats), ( ) , [ ], identifiers (constructors) and keywords such as `roll`. Whitespace between
// tokens is skipped. Errors are BadInput "column N: expected ...".
struct TextReader {
  explicit TextReader(std::string text) : text_(std::move(text)) {}

  bool peek(char c) {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool accept(char c) {
    if (!peek(c)) return false;
    ++pos_;
    return true;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("`") + c + "`");
  }
  // The word `w` when it is next and not the start of a longer identifier.
  bool accept_word(const char* w) {
    skip_space();
    const std::size_t n = std::strlen(w);
    if (text_.compare(pos_, n, w) != 0) return false;
    if (pos_ + n < text_.size() && is_identifier_char(text_[pos_ + n])) return false;
    pos_ += n;
    return true;
  }
  std::string identifier() {
    skip_space();
    if (pos_ >= text_.size() || !(std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      fail("an identifier");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && is_identifier_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  double number() {
    skip_space();
    const std::size_t start = pos_;
    bool negative = false;
    if (pos_ < text_.size() && text_[pos_] == '-') {
      negative = true;
      ++pos_;
      skip_space();
    }
    const std::size_t digits = pos_;
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      pos_ = start;
      fail("a number");
    }
    if (text_.compare(pos_, 2, "0x") == 0 || text_.compare(pos_, 2, "0X") == 0) {
      pos_ += 2;
      while (pos_ < text_.size() && (std::isxdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
        ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == 'p' || text_[pos_] == 'P')) {
        ++pos_;
        if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
        skip_digits();
      }
    } else {
      skip_digits();
      if (pos_ + 1 < text_.size() && text_[pos_] == '.' && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
        ++pos_;
        skip_digits();
      }
      if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
        std::size_t k = pos_ + 1;
        if (k < text_.size() && (text_[k] == '+' || text_[k] == '-')) ++k;
        if (k < text_.size() && std::isdigit(static_cast<unsigned char>(text_[k]))) {
          pos_ = k;
          skip_digits();
        }
      }
    }
    const std::string token = text_.substr(digits, pos_ - digits);
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || !std::isfinite(value) ||
        (pos_ < text_.size() && is_identifier_char(text_[pos_]))) {
      pos_ = start;
      fail("a number (a decimal like 2.5 or 1e-3, or a hex float like 0x1.8p+1, with a finite value)");
    }
    return negative ? -value : value;
  }
  // Nothing but whitespace is left.
  void finish() {
    skip_space();
    if (pos_ < text_.size()) fail("the end of the value");
  }
  std::size_t save() const { return pos_; }
  void restore(std::size_t position) { pos_ = position; }

  [[noreturn]] void fail(const std::string& expected) const {
    std::string found = pos_ < text_.size() ? "`" + text_.substr(pos_, 12) + "`" : "the end";
    throw BadInput("column " + std::to_string(pos_ + 1) + ": expected " + expected + ", found " + found);
  }

 private:
  static bool is_identifier_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'';
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  void skip_digits() {
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  std::string text_;
  std::size_t pos_ = 0;
};

}  // namespace chad_rt

#endif  // CHAD_RT_TEXT_READER_HPP

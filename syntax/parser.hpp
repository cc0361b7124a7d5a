// The parser: program text to terms, following the grammar and precedence of
// shared/spec/language.md. Desugars `if`, `let (x, y)`, n-tuples, curried `fun`, bare
// constructors; expands `type` aliases (and the predeclared `bool`). Errors are SourceErrors
// at file:line:column saying what was expected and what was found. Nesting deeper than
// kMaxNesting is reported as an error rather than overflowing the stack.
#pragma once
#include <string>
#include <vector>

#include "syntax/program.hpp"

namespace chad {

constexpr int kMaxNesting = 20000;

Program parse_program(const std::string& text, const std::string& file);

// A single term (an `--at` value, or a test's term). `aliases` are in scope.
TermP parse_term(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases = {});

TypeP parse_type(const std::string& text, const std::string& file,
                 const std::vector<TypeAlias>& aliases = {});

}  // namespace chad

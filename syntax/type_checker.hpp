// The bidirectional type checker (shared/spec/language.md, "Terms" and "Expected types").
// Returns new, annotated trees: every node's `type` set, Var indices and constructor tags
// filled in. Errors are SourceErrors located at the offending node, saying what was expected
// and what was found.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "syntax/program.hpp"

namespace chad {

// A typing context, innermost binder last.
using Context = std::vector<std::pair<std::string, TypeP>>;

TermP check_term(const Context& ctx, const TermP& term, const TypeP& expected);
TermP infer_term(const Context& ctx, const TermP& term);

struct CheckedProgram {
  Program program;       // as parsed
  std::string entry;     // the entry point's name
  TypeP input_type;      // t1 * ... * tn of the entry point's parameters
  TypeP output_type;     // its declared result type
  // A closed, checked term of type input_type -> output_type: the defs let-bound in order,
  // ending in `fun (input : t1 * ... * tn) -> <the entry's body with its parameters bound>`.
  TermP main_function;
};

CheckedProgram check_program(const Program& program);

}  // namespace chad

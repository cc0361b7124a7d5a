// Reading an input value given on the command line (`--at`): a closed term of the program's
// input type built only from literals (with unary minus), array literals, (), pairs,
// constructors, roll and ascriptions (shared/spec/language.md, "Values on the command line").
// Errors (syntax, a form that is not a value, a value of the wrong type) are SourceErrors
// located in the file name "<--at>".
#pragma once
#include <string>

#include "model/normal_form.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

// Parses and checks `text` against `type` (aliases of `program` in scope) and returns the
// value in double. Precondition: called inside run_with_deep_stack.
ValueP<double> read_value(const CheckedProgram& program, const TypeP& type,
                          const std::string& text);

// The same, for the program's input; its normal form. The input type must be a data type.
NormalForm<double> read_input_point(const CheckedProgram& program, const std::string& text);

// `text`, an input value of the program's input type, printed back as people write it: lists as
// list literals (`[1.5, -2]` for `roll (Cons (1.5, roll (Cons (-2, roll (Nil ())))))`), which
// read back as the same value; `text` itself when it does not read back at that type. For
// reports' `-- at:` lines. Precondition: called inside run_with_deep_stack.
std::string readable_input(const CheckedProgram& program, const std::string& text);

}  // namespace chad

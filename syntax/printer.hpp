// The printer: terms and programs back to text that the parser reads back to the same term
// (round trip: term_equal(parse_term(print_term(t)), t)). Reals print in the shortest decimal
// form that reads back to the same double.
#pragma once
#include <string>

#include "syntax/program.hpp"

namespace chad {

std::string print_term(const TermP& term);
// The same text laid out on lines of about 100 columns, one `let` per line and bodies indented
// (for people: transformed programs and counterexample reports).
std::string print_term_layout(const TermP& term);
std::string print_program(const Program& program);
// Shortest decimal text that reads back to exactly `value` (finite, any sign).
std::string print_real(double value);

}  // namespace chad

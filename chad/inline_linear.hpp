// A simplification of CHAD's output: a linear function bound by a `let` to a fresh name and
// used exactly once is not built as a closure but substituted at its use (`dx @ a` becomes
// `let v = a in B`, where dx = \v. B). Each rule binds the derivative of every operand this
// way, so most derivative closures disappear from the primal pass. Meaning and sharing are
// unchanged: nothing is duplicated (one use), no primal work moves into a linear function,
// and only functions whose free variables are fresh names move (no source name can be
// captured on the way).
#pragma once
#include "syntax/term.hpp"

namespace chad {

TermP inline_linear_lets(const TermP& target);

}  // namespace chad

// Primitives written like functions (shared/spec/language.md, "Sugar people expect"): the
// names of the primitives called by name, `sin x` / `dot (u, v)` (a primitive applied by
// juxtaposition) as the primitive call, a bare primitive name as a `fun` where a function
// type is expected, and hints for names that are a primitive's used the wrong way. The parser
// keeps `sin(x)` (no space) as the call; the other forms reach the type checker as a variable
// that is not bound, which it hands here.
#pragma once
#include <optional>
#include <string>

#include "syntax/term.hpp"

namespace chad {

// The primitive written `name` (sin .. softplus, sum, dot, matvec, scale, get, vec), if any.
std::optional<PrimOp> primitive_named(const std::string& name);

// `op argument` as the primitive call (unchecked): the argument itself for a one-argument
// primitive; for two arguments a written tuple `(a, b)`, or fst / snd of any other argument;
// `get` needs `(v, i)` with an integer literal i; `vec` takes the components of a written
// tuple (`vec (a, b, c)`), or one real. Throws a SourceError
// at `loc` for the forms that cannot be a call.
TermP apply_primitive(PrimOp op, const TermP& argument, const Loc& loc);

// A bare primitive name as a function value (unchecked): `fun (y : A) -> op y` for an expected
// function type A -> B; for no expected type, `fun (y : real) -> op y` for the unary
// elementwise ones (sin .. softplus). Throws a SourceError at `loc` otherwise.
TermP primitive_function(PrimOp op, const TypeP& expected, const Loc& loc);

// " (did you mean ...?)"-style hint for an unbound variable or constructor `name` that is a
// primitive's name in other letters' case or a common other name of one (ln, logistic);
// "" when there is none.
std::string primitive_hint(const std::string& name);

// For `op` applied to one argument and then to another (`dot u v`): the error's text.
std::string curried_primitive_message(PrimOp op);

}  // namespace chad

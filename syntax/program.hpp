// A program: `type` and `def` declarations (shared/spec/language.md, "Programs"). Aliases are
// expanded while parsing; `defs` keeps every definition in order.
#pragma once
#include <string>
#include <vector>

#include "syntax/term.hpp"

namespace chad {

struct Param {
  std::string name;
  TypeP type;
  Loc loc;
};

struct Def {
  std::string name;
  std::vector<Param> params;
  TypeP result;  // the declared result type
  TermP body;
  Loc loc;
};

struct TypeAlias {
  std::string name;
  TypeP type;  // expanded
  Loc loc;
};

struct Program {
  std::string file;
  std::vector<TypeAlias> aliases;  // user aliases, in order (bool is predeclared, not listed)
  std::vector<Def> defs;
};

// The entry point: the def named `main`, or else the last def. Throws SourceError when the
// program has no def.
const Def& entry_point(const Program& program);

// The input type of the entry point: t1 * ... * tn (t1 when n = 1, unit when n = 0).
TypeP input_type(const Def& entry);

}  // namespace chad

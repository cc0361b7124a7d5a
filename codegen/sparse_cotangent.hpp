// Context cotangents the emitter knows to be zero but for a few variables. CHAD's reverse rules
// give a variable's contribution as a one-hot tuple ((0, v), 0, ..., 0) of the whole context
// (CtxOneHot) and add such tuples up; materialised, each is as big as the context and each `+`
// walks all of it. The emitter keeps them symbolic instead: a `0` (Zero) or one-hot is a
// SparseCotangent, adding two merges their parts, adding one to a materialised cotangent adds
// its parts in place, and the whole tuple is written out only where it is used as a value.
#pragma once
#include <map>
#include <string>

#include "codegen/cpp_types.hpp"
#include "syntax/type.hpp"

namespace chad {

struct SparseCotangent {
  TypeP type;  // a context's (co)tangent: left-nested pairs (((c0, c1), c2), ...) or any type for a 0
  // The nonzero components, by depth: depth j is the component at `.fst` j times, then `.snd`
  // (CtxProj's path); each a C++ expression of that component's type.
  std::map<int, std::string> parts;
};

// The component's C++ path below a value (".fst.fst.snd" for depth 2).
std::string context_component_path(int depth);
// The component's type at depth j of a context (co)tangent type.
TypeP context_component_type(const TypeP& context, int depth);
// The whole tuple as one C++ expression: the parts where given, zeros elsewhere.
std::string materialise(CppTypes& types, const SparseCotangent& value);

}  // namespace chad

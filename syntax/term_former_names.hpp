// The names of the source language's term formers, in one table: the words coverage tables,
// blame, mutants and messages use ("let", "fold", "application", "primitive"), and the short
// tags of a term's JSON form (codegen/json_emitter.cpp, the adapter protocol: "app", "prim").
#pragma once
#include <vector>

#include "syntax/term.hpp"

namespace chad {

// "var", "literal", "array literal", ..., "application", "injection", ..., "primitive"; for a
// former of CHAD's target language, "target former".
const char* former_name(TermKind kind);

// The former's tag in a term's JSON form: "var", "literal", "array", ..., "app", "inject", ...,
// "ascribe", "prim"; null for a former of CHAD's target language (which has no JSON form).
const char* former_json_tag(TermKind kind);

// Every primitive, in declaration order (Add .. Gt).
const std::vector<PrimOp>& all_prim_ops();
// A primitive's name in a term's JSON form: prim_name, but "neg" for negation ("-" is subtraction).
const char* primitive_json_name(PrimOp op);

}  // namespace chad

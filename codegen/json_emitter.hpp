// The typed syntax tree of a checked program as JSON (docs/program-json.md, schema
// docs/schemas/program.schema.json), for AD tools written in any language: every node with
// its former, its type (types as JSON too), its source location, variables by name and de
// Bruijn index; the program's defs, the closed `main` term, and its input and output types.
// `chad-oracle translate FILE --to json` and the adapter protocol's "json" translation.
#pragma once
#include <nlohmann/json.hpp>

#include "syntax/type_checker.hpp"

namespace chad {

// The version of the JSON form (the "format_version" field).
constexpr int kProgramJsonVersion = 1;

// A type as JSON: {"kind": "real", "shape": [...]}, {"kind": "prod", "left", "right"}, ...
nlohmann::json emit_json_type(const TypeP& type);

// A checked source term as JSON. Precondition: `term` is checked (every node typed).
nlohmann::json emit_json_term(const TermP& term);

// The whole program: defs (signatures), main (closed, checked), input and output types.
nlohmann::json emit_json_program(const CheckedProgram& program);

}  // namespace chad

// `chad-oracle translate FILE --to python|cpp|json`: a checked program as code an outside AD tool
// can run, the texts the adapter protocol sends (docs/adapter-protocol.md):
//   python  a self-contained module over PyTorch tensors (codegen/python_emitter.hpp);
//   cpp     C++20 generic in the scalar type, with `run_main<S>` over normal forms (the compiled
//           kernel path's generator in primal mode, codegen/generate_kernel.hpp);
//   json    the typed syntax tree (codegen/json_emitter.hpp, docs/schemas/program.schema.json).
// Each throws UnsupportedByCodegen (located) for what its language cannot express.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "syntax/type_checker.hpp"

namespace chad {

// "python", "cpp", "json".
const std::vector<std::string>& translation_languages();

// The translation as the protocol carries it: a string for python and cpp, an object for json.
// Precondition: `language` is one of translation_languages().
nlohmann::json translation_json(const CheckedProgram& program, const std::string& language);

// The translation as a file's text.
std::string translation_text(const CheckedProgram& program, const std::string& language);

}  // namespace chad

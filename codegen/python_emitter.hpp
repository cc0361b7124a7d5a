// The Python translation (issue 14, `chad-oracle translate FILE --to python`): one
// self-contained Python 3 module over PyTorch for a checked source program, for outside AD
// tools (adapters/pytorch). The module starts with the program's text as a comment and the
// runtime (codegen/runtime/chad_runtime.py, embedded at build time), then defines one Python
// function per `def`, `main` (the entry point, of one argument: the input tuple),
// `read_input(index_json, coords)` and `write_output(value) -> (index_json, coords)` over the
// protocol's normal forms (docs/adapter-protocol.md), and runs as a script on
// {"index": ..., "coords": [hex, ...]} from standard input.
#pragma once
#include <string>

#include "syntax/type_checker.hpp"

namespace chad {

std::string emit_python_program(const CheckedProgram& program);

// The runtime's text (embedded at build time from codegen/runtime/chad_runtime.py).
const char* python_runtime_source();

}  // namespace chad

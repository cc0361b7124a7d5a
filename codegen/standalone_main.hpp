// The `main` of a generated source compiled on its own (chad-oracle compile): it reads the
// input as text (`--at VALUE`, `--at @FILE`, `--at -` for standard input; values of data types
// in the language's syntax, list literals included), runs the kernel, and prints the output's
// index, coordinates and the Jacobian (fwd: its columns; rev: its rows) as JSON.
#pragma once
#include <string>

#include "codegen/emitter.hpp"
#include "codegen/generate_kernel.hpp"

namespace chad {

std::string standalone_main(const TypeP& input_type, const KernelOptions& options);

}  // namespace chad

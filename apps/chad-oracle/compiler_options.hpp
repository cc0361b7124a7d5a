// The options of commands that compile kernels (jacobian's compiled methods, verify --compiled,
// campaigns of the compiled path): --cxx, --cxxflags, --cache-dir (codegen/kernel_compiler.hpp).
#pragma once
#include <CLI/CLI.hpp>

#include "codegen/kernel_compiler.hpp"

namespace chad {

void add_compiler_options(CLI::App& command, CompilerOptions& compiler);

}  // namespace chad

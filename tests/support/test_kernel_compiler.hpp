// The compiler options of tests that compile generated kernels: the system compiler's default
// flags with -O2 and -march=native turned into -O0 (the tests check the generated code, not the
// optimiser, and compile faster), and a kernel cache inside the build directory.
#pragma once
#include <string>

#include "codegen/kernel_compiler.hpp"

namespace chad::testing {

inline CompilerOptions test_kernel_compiler() {
  CompilerOptions options;
  options.flags = resolve_compiler_options({}).flags;
  for (const char* fast : {"-O2", "-march=native"}) {
    const auto at = options.flags.find(fast);
    if (at != std::string::npos) options.flags.replace(at, std::string(fast).size(), "-O0");
  }
  options.cache_dir = std::string(CHAD_BINARY_DIR) + "/kernel-cache";
  return options;
}

}  // namespace chad::testing

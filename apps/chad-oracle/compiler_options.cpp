#include "compiler_options.hpp"

namespace chad {

void add_compiler_options(CLI::App& command, CompilerOptions& compiler) {
  command.add_option("--cxx", compiler.compiler, "the C++ compiler of compiled kernels (default: $CHAD_CXX, else for a campaign's checks an installed clang++, else c++)");
  command.add_option("--cxxflags", compiler.flags,
                     "its flags, split at spaces (default: $CHAD_CXXFLAGS, else " + default_compiler_flags() + ")");
  command.add_option("--cache-dir", compiler.cache_dir,
                     "where compiled kernels are kept (default: " + default_kernel_cache_dir() + ")");
}

}  // namespace chad

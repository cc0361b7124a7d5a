// The system compiler behind a cache (issue 13): a generated translation unit becomes a shared
// object under a cache directory, named by a hash of (source text, compiler, flags, the
// compiler's --version), so that the same kernel is compiled once per machine. Files appear in
// the cache only complete (written to a temporary name, then renamed), so concurrent campaign
// workers and a killed process never leave half a library there. The compiler runs as a child
// process (posix_spawn), its diagnostics captured.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "syntax/location.hpp"

namespace chad {

// Empty fields take their defaults: compiler $CHAD_CXX or `c++`; flags $CHAD_CXXFLAGS or
// default_compiler_flags(); cache_dir default_kernel_cache_dir().
struct CompilerOptions {
  std::string compiler;
  std::string flags;      // split at white space (no shell quoting)
  std::string cache_dir;
};

// "-std=c++20 -O2 -march=native -shared -fPIC -I<Eigen's include directory>"
std::string default_compiler_flags();
// $XDG_CACHE_HOME/chad-oracle/kernels, else $HOME/.cache/chad-oracle/kernels.
std::string default_kernel_cache_dir();
// `options` with its empty fields filled in as above.
CompilerOptions resolve_compiler_options(const CompilerOptions& options);

// The generated source did not compile (a bug of the code generator, or flags that do not
// work): an internal error, so that the oracle's verdict is `fault`.
class KernelCompileError : public InternalError {
 public:
  KernelCompileError(const std::string& summary, const std::string& diagnostics, const std::string& source_path);
  const std::string& diagnostics() const { return diagnostics_; }  // the first lines of stderr
  const std::string& source_path() const { return source_path_; }  // the source, kept for reading

 private:
  std::string diagnostics_, source_path_;
};

struct CompiledKernel {
  std::string library_path;  // the shared object in the cache
  std::string source_path;   // the source beside it
  std::string key;           // the cache key (hex)
  bool cache_hit = false;    // no compiler ran
};

// Compiles `source` (or finds it in the cache). Throws KernelCompileError when the compiler
// fails or cannot be run, SourceError when the cache directory cannot be created or written.
CompiledKernel compile_kernel(const std::string& source, const CompilerOptions& options = {});

// The cache key (32 hex digits) of `source` under `options` (resolved as above; runs the
// compiler's --version once per compiler per process).
std::string kernel_cache_key(const std::string& source, const CompilerOptions& options);

// How many times this process has run the compiler on a kernel (for tests: a cache hit runs none).
std::size_t kernel_compiler_runs();

// Keeps the first `max_lines` lines of `text` (saying how many were left out).
std::string first_lines(const std::string& text, std::size_t max_lines);

}  // namespace chad

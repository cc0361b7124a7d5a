// The system compiler behind a cache (issue 13): a generated translation unit becomes a shared
// object under a cache directory, named by a hash of (source text, compiler, flags, the
// compiler's --version), so that the same kernel is compiled once per machine. Files appear in
// the cache only complete (written to a temporary name, then renamed), so concurrent campaign
// workers and a killed process never leave half a library there. The compiler runs as a child
// process (posix_spawn), its diagnostics captured.
//
// A translation unit that starts with the runtime's text (kernel_runtime_source(), as every
// batch does) is compiled, with GCC or clang, against a precompiled header of that text: the
// runtime is parsed once per (runtime text, compiler, flags, compiler version) into
// `<cache>/runtime-<key>.hpp.gch` (GCC) or `.hpp.pch` (clang), and each kernel compiles only what
// follows them. The header is a speed-up only: the kernel's cache key and its library mean the
// same with or without it.
//
// Kernels compiled to be checked (campaigns, mutants: KernelPurpose::Check) default to cheap
// flags (-O0, no -march=native; bench/RESULTS.md, issue 33): the compiler is nearly all of a
// compiled campaign's time, and an unoptimised kernel computes the same doubles (no fast-math, no
// FMA contraction in ISO C++ mode). Kernels that are timed keep -O2 -march=native.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "syntax/location.hpp"

namespace chad {

// What a kernel is compiled for: to be timed or called for its speed (Measure), or to be judged
// once by a campaign (Check), where compiling is the cost.
enum class KernelPurpose { Measure, Check };

// Empty fields take their defaults: compiler $CHAD_CXX, else for a check an installed clang
// (installed_clang(): about 1.6x GCC's compile speed at -O0 on a campaign's kernels, the same
// verdicts: bench/RESULTS.md, stop 44), else `c++`; flags $CHAD_CXXFLAGS, else
// default_compiler_flags() (Measure) or default_check_compiler_flags() (Check); cache_dir
// default_kernel_cache_dir().
struct CompilerOptions {
  std::string compiler;
  std::string flags;      // split at white space (no shell quoting)
  std::string cache_dir;
  // Compile the runtime prefix through a precompiled header (used with GCC only). Turned off by
  // resolve_compiler_options when $CHAD_NO_PCH is set to anything but "" or "0".
  bool precompiled_runtime = true;
  KernelPurpose purpose = KernelPurpose::Measure;
};

// "-std=c++20 -O2 -march=native -shared -fPIC" (the runtime needs only the standard library)
std::string default_compiler_flags();
// "-std=c++20 -O0 -shared -fPIC": a fifth of -O2's compile time
// (with GCC, whose garbage collector is also told to start later: --param ggc-min-*).
std::string default_check_compiler_flags();
// $XDG_CACHE_HOME/chad-oracle/kernels, else $HOME/.cache/chad-oracle/kernels.
std::string default_kernel_cache_dir();
// The first of clang++, clang++-19, ..., clang++-14 that runs and is clang ("" if none), looked
// up once per process.
std::string installed_clang();
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
  // The precompiled runtime header the compile included (its .gch or .pch beside it); empty when
  // none was used: a cache hit, turned off, neither GCC nor clang, no runtime prefix, or the
  // header failed to build.
  std::string precompiled_header;
};

// Compiles `source` (or finds it in the cache). Throws KernelCompileError when the compiler
// fails or cannot be run, SourceError when the cache directory cannot be created or written.
CompiledKernel compile_kernel(const std::string& source, const CompilerOptions& options = {});

// The cache key (32 hex digits) of `source` under `options` (resolved as above; runs the
// compiler's --version once per compiler per process).
std::string kernel_cache_key(const std::string& source, const CompilerOptions& options);

// How many times this process has run the compiler on a kernel (for tests: a cache hit runs none).
std::size_t kernel_compiler_runs();

// Whether `compiler` is GCC (from its --version text; clang says so even when called `c++`).
bool compiler_is_gcc(const std::string& compiler);
// Whether `compiler` is clang (from its --version text).
bool compiler_is_clang(const std::string& compiler);

// How many times this process has built a precompiled runtime header (for tests: one per
// compiler, flags and runtime text, then reused by every kernel).
std::size_t runtime_header_builds();

// Keeps the first `max_lines` lines of `text` (saying how many were left out).
std::string first_lines(const std::string& text, std::size_t max_lines);

}  // namespace chad

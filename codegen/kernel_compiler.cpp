#include "codegen/kernel_compiler.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>

#include "codegen/run_process.hpp"

namespace chad {

namespace fs = std::filesystem;

namespace {

std::atomic<std::size_t> compiler_runs{0};

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// 128 bits: two FNV-1a passes from different offsets, each finished with splitmix64's mixer.
// Not cryptographic: the cache only needs accidental collisions to be out of reach.
std::string hex_key(const std::vector<std::string>& parts) {
  std::uint64_t halves[2] = {14695981039346656037ULL, 0x6c62272e07bb0142ULL};
  std::string key;
  for (std::uint64_t h : halves) {
    for (const std::string& part : parts) {
      for (unsigned char c : part) h = (h ^ c) * 1099511628211ULL;
      h = (h ^ 0xffu) * 1099511628211ULL;  // a separator no text byte sequence can fake alone
      h = (h ^ part.size()) * 1099511628211ULL;
    }
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    key += text;
  }
  return key;
}

// `compiler --version`, once per compiler per process.
std::string compiler_version(const std::string& compiler) {
  static std::mutex mutex;
  static std::map<std::string, std::string> versions;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = versions.find(compiler);
  if (it != versions.end()) return it->second;
  ProcessResult r = run_process({compiler, "--version"});
  if (!r.started)
    throw KernelCompileError("the compiler cannot be run: " + r.status_text(), r.output, "");
  return versions[compiler] = r.output;
}

// A name in `dir` no other process or thread uses at the same time.
fs::path temporary_name(const fs::path& dir, const std::string& stem, const std::string& suffix) {
  thread_local std::mt19937_64 random{std::random_device{}()};
  char tail[17];
  std::snprintf(tail, sizeof tail, "%016llx", static_cast<unsigned long long>(random()));
  return dir / (stem + ".tmp." + std::to_string(getpid()) + "." + tail + suffix);
}

// Writes `text` to `path` through a temporary file and a rename.
void write_atomically(const fs::path& path, const std::string& text) {
  const fs::path temp = temporary_name(path.parent_path(), path.filename().string(), "");
  {
    std::ofstream out(temp, std::ios::binary);
    out << text;
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(temp, ignored);
      throw SourceError(Loc{intern_file_name(path.string())}, "cannot write the kernel cache file");
    }
  }
  std::error_code error;
  fs::rename(temp, path, error);
  if (error) {
    fs::remove(temp, error);
    throw SourceError(Loc{intern_file_name(path.string())}, "cannot write the kernel cache file");
  }
}

}  // namespace

std::string first_lines(const std::string& text, std::size_t max_lines) {
  std::size_t pos = 0, lines = 0;
  while (pos < text.size() && lines < max_lines) {
    std::size_t end = text.find('\n', pos);
    pos = end == std::string::npos ? text.size() : end + 1;
    ++lines;
  }
  if (pos >= text.size()) return text;
  std::size_t rest = 0;
  for (std::size_t i = pos; i < text.size(); ++i) rest += text[i] == '\n';
  if (text.back() != '\n') ++rest;
  return text.substr(0, pos) + "[... " + std::to_string(rest) + " more lines]\n";
}

KernelCompileError::KernelCompileError(const std::string& summary, const std::string& diagnostics,
                                       const std::string& source_path)
    : InternalError("compiling a kernel: " + summary +
                    (source_path.empty() ? "" : " (source kept at " + source_path + ")") +
                    (diagnostics.empty() ? "" : "\n" + diagnostics)),
      diagnostics_(diagnostics),
      source_path_(source_path) {}

std::string default_compiler_flags() {
  return std::string("-std=c++20 -O2 -march=native -shared -fPIC -I") + CHAD_EIGEN_INCLUDE_DIR;
}

std::string default_kernel_cache_dir() {
  std::string base = environment("XDG_CACHE_HOME");
  if (base.empty()) {
    const std::string home = environment("HOME");
    base = (fs::path(home.empty() ? fs::temp_directory_path().string() : home) / ".cache").string();
  }
  return (fs::path(base) / "chad-oracle" / "kernels").string();
}

CompilerOptions resolve_compiler_options(const CompilerOptions& options) {
  CompilerOptions r = options;
  if (r.compiler.empty()) r.compiler = environment("CHAD_CXX");
  if (r.compiler.empty()) r.compiler = "c++";
  if (r.flags.empty()) r.flags = environment("CHAD_CXXFLAGS");
  if (r.flags.empty()) r.flags = default_compiler_flags();
  if (r.cache_dir.empty()) r.cache_dir = default_kernel_cache_dir();
  return r;
}

std::string kernel_cache_key(const std::string& source, const CompilerOptions& given) {
  const CompilerOptions options = resolve_compiler_options(given);
  return hex_key({source, options.compiler, options.flags, compiler_version(options.compiler)});
}

CompiledKernel compile_kernel(const std::string& source, const CompilerOptions& given) {
  const CompilerOptions options = resolve_compiler_options(given);
  CompiledKernel out;
  out.key = kernel_cache_key(source, options);
  const fs::path dir = options.cache_dir;
  std::error_code error;
  fs::create_directories(dir, error);
  if (error)
    throw SourceError(Loc{intern_file_name(options.cache_dir)},
                      "cannot create the kernel cache directory: " + error.message());
  const fs::path library = dir / (out.key + ".so"), source_file = dir / (out.key + ".cpp");
  out.library_path = library.string();
  out.source_path = source_file.string();
  if (fs::exists(library, error)) {
    out.cache_hit = true;
    return out;
  }
  write_atomically(source_file, source);
  const fs::path temp = temporary_name(dir, out.key, ".so");
  std::vector<std::string> argv{options.compiler};
  for (std::string& flag : split_words(options.flags)) argv.push_back(std::move(flag));
  argv.insert(argv.end(), {"-o", temp.string(), source_file.string()});
  ++compiler_runs;
  ProcessResult r = run_process(argv);
  if (!r.succeeded()) {
    fs::remove(temp, error);
    throw KernelCompileError("`" + options.compiler + "` failed (" + r.status_text() + ")",
                             first_lines(r.output, 40), out.source_path);
  }
  fs::rename(temp, library, error);  // atomic: another worker's identical library may be replaced
  if (error) {
    fs::remove(temp, error);
    throw SourceError(Loc{intern_file_name(out.library_path)}, "cannot move the compiled kernel into the cache");
  }
  return out;
}

std::size_t kernel_compiler_runs() { return compiler_runs.load(); }

}  // namespace chad

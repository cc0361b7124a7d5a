#include "codegen/kernel_compiler.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>

#include "codegen/generate_kernel.hpp"
#include "codegen/run_process.hpp"
#include "syntax/stable_hash.hpp"

namespace chad {

namespace fs = std::filesystem;

namespace {

std::atomic<std::size_t> compiler_runs{0};
std::atomic<std::size_t> header_builds{0};

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

// GCC's --version text names the Free Software Foundation; clang's names clang, even where `c++`
// or `g++` is a link to it. Their precompiled headers differ (format, how they are used).
enum class CompilerKind { Gcc, Clang, Other };
CompilerKind compiler_kind(const std::string& version_text) {
  if (version_text.find("clang") != std::string::npos) return CompilerKind::Clang;
  if (version_text.find("Free Software Foundation") != std::string::npos) return CompilerKind::Gcc;
  return CompilerKind::Other;
}
bool is_gcc(const std::string& version_text) { return compiler_kind(version_text) == CompilerKind::Gcc; }

// Words the compile adds to the flags that do not change what it makes, so they are not part of
// any key: for a check, GCC's garbage collector starts later (a tenth of an -O0 compile's time
// went to collecting, for a few hundred MB more memory).
std::vector<std::string> speed_words(const CompilerOptions& options, const std::string& version) {
  if (options.purpose != KernelPurpose::Check || !is_gcc(version)) return {};
  return {"--param", "ggc-min-expand=400", "--param", "ggc-min-heapsize=524288"};
}

// The argument vector `compiler flags... extra...`.
std::vector<std::string> compiler_command(const CompilerOptions& options, std::vector<std::string> extra) {
  std::vector<std::string> argv{options.compiler};
  for (std::string& flag : split_words(options.flags)) argv.push_back(std::move(flag));
  for (std::string& word : extra) argv.push_back(std::move(word));
  return argv;
}

// An exclusive lock on `path` (flock, released when the holder closes it or dies); where the
// file cannot be opened, no lock (the build may then happen twice, which is only slower).
class BuildLock {
 public:
  explicit BuildLock(const std::string& path) : fd_(open(path.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    if (fd_ >= 0)
      while (flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
  }
  ~BuildLock() {
    if (fd_ >= 0) close(fd_);
  }
  BuildLock(const BuildLock&) = delete;
  BuildLock& operator=(const BuildLock&) = delete;

 private:
  int fd_;
};

// The precompiled form of `header`: GCC finds `<header>.gch` by itself when the header is
// included; clang is given `<header>.pch` with -include-pch.
fs::path precompiled_file(const fs::path& header, CompilerKind kind) {
  return header.string() + (kind == CompilerKind::Clang ? ".pch" : ".gch");
}

// The runtime's text as a header in `dir`, with its precompiled form beside it (built here when
// missing, with the kernel's flags as a header rather than a shared object). Both files appear
// only complete (temporary name, then rename); racing processes wait for one builder (a lock
// file beside the header), or, where no lock can be taken, at worst build it twice.
// Returns the header's path, or nothing when it cannot be built (the caller compiles as without).
std::string precompiled_runtime_header(const CompilerOptions& options, const std::string& version,
                                       const fs::path& dir) {
  const CompilerKind kind = compiler_kind(version);
  const std::string runtime = kernel_runtime_source();
  const std::string key = hex_key({"precompiled runtime", runtime, options.compiler, options.flags, version});
  const fs::path header = dir / ("runtime-" + key + ".hpp");
  const fs::path compiled = precompiled_file(header, kind);
  std::error_code error;
  if (fs::exists(header, error) && fs::exists(compiled, error)) return header.string();
  try {
    if (!fs::exists(header, error)) write_atomically(header, runtime);
  } catch (const SourceError&) {
    return "";
  }
  // One builder at a time: the campaign's workers start together, and each would build it.
  const BuildLock lock(header.string() + ".lock");
  if (fs::exists(compiled, error)) return header.string();
  std::vector<std::string> argv{options.compiler};
  for (std::string& flag : split_words(options.flags))
    if (flag != "-shared") argv.push_back(std::move(flag));
  for (std::string& word : speed_words(options, version)) argv.push_back(std::move(word));
  // clang records the header's size and time; a racing process may rewrite the same text.
  if (kind == CompilerKind::Clang) argv.insert(argv.end(), {"-Xclang", "-fno-pch-timestamp"});
  const fs::path temp = temporary_name(dir, compiled.filename().string(), "");
  argv.insert(argv.end(), {"-x", "c++-header", header.string(), "-o", temp.string()});
  if (isatty(STDERR_FILENO))  // the first compiled call is otherwise silent for seconds (issue 32)
    std::fprintf(stderr, "chad-oracle: precompiling the kernel runtime for %s (once per compiler and flags)\n",
                 options.compiler.c_str());
  ++header_builds;
  const ProcessResult r = run_process(argv);
  if (r.succeeded()) fs::rename(temp, compiled, error);
  if (!r.succeeded() || error) {
    fs::remove(temp, error);
    return "";
  }
  return header.string();
}

// `source` minus the runtime prefix, behind an #include of the precompiled `header` (GCC; clang
// is given it on the command line) and a #line that keeps diagnostics at their line of the full
// source (`source_file`).
std::string behind_header(const std::string& source, const std::string& header, const fs::path& source_file,
                          CompilerKind kind) {
  const std::size_t prefix = std::string(kernel_runtime_source()).size();
  std::size_t lines = 0;
  for (std::size_t i = 0; i < prefix; ++i) lines += source[i] == '\n';
  std::string quoted;
  for (char c : source_file.string()) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  const std::string include =
      kind == CompilerKind::Clang ? "\n" : "#include \"" + fs::path(header).filename().string() + "\"\n";
  return include + "#line " + std::to_string(lines + 1) + " \"" + quoted + "\"\n" + source.substr(prefix);
}

// The words that compile a unit made by behind_header against `header`.
std::vector<std::string> header_words(const std::string& header, const fs::path& dir, CompilerKind kind) {
  if (kind == CompilerKind::Clang) return {"-include-pch", precompiled_file(header, kind).string()};
  return {"-Winvalid-pch", "-I" + dir.string()};
}

// Whether clang refused a precompiled header (built by another clang, or with other settings):
// the unit is then compiled whole instead.
bool refused_precompiled_header(const ProcessResult& r) {
  return r.output.find("precompiled header") != std::string::npos ||
         r.output.find("PCH file") != std::string::npos || r.output.find(".pch") != std::string::npos;
}

// Whether `source` should go through the precompiled runtime header.
bool wants_precompiled_runtime(const std::string& source, const CompilerOptions& options, const std::string& version) {
  const std::string runtime = kernel_runtime_source();
  return options.precompiled_runtime && compiler_kind(version) != CompilerKind::Other &&
         source.size() >= runtime.size() && source.compare(0, runtime.size(), runtime) == 0;
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
  return "-std=c++20 -O2 -march=native -shared -fPIC";
}

std::string default_check_compiler_flags() {
  return "-std=c++20 -O0 -shared -fPIC";
}

std::string default_kernel_cache_dir() {
  std::string base = environment("XDG_CACHE_HOME");
  if (base.empty()) {
    const std::string home = environment("HOME");
    base = (fs::path(home.empty() ? fs::temp_directory_path().string() : home) / ".cache").string();
  }
  return (fs::path(base) / "chad-oracle" / "kernels").string();
}

std::string installed_clang() {
  static const std::string found = [] {
    for (const char* name : {"clang++", "clang++-19", "clang++-18", "clang++-17", "clang++-16", "clang++-15", "clang++-14"}) {
      try {
        if (compiler_is_clang(name)) return std::string(name);
      } catch (const KernelCompileError&) {  // not installed
      }
    }
    return std::string();
  }();
  return found;
}

CompilerOptions resolve_compiler_options(const CompilerOptions& options) {
  CompilerOptions r = options;
  if (r.compiler.empty()) r.compiler = environment("CHAD_CXX");
  if (r.compiler.empty() && r.purpose == KernelPurpose::Check) r.compiler = installed_clang();
  if (r.compiler.empty()) r.compiler = "c++";
  if (r.flags.empty()) r.flags = environment("CHAD_CXXFLAGS");
  if (r.flags.empty())
    r.flags = r.purpose == KernelPurpose::Check ? default_check_compiler_flags() : default_compiler_flags();
  const std::string no_pch = environment("CHAD_NO_PCH");
  if (!no_pch.empty() && no_pch != "0") r.precompiled_runtime = false;
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
  const std::string version = compiler_version(options.compiler);
  const CompilerKind kind = compiler_kind(version);
  if (wants_precompiled_runtime(source, options, version))
    out.precompiled_header = precompiled_runtime_header(options, version, dir);
  const fs::path temp = temporary_name(dir, out.key, ".so");
  // With the header: a temporary translation unit of the rest, removed after the compile.
  auto compile = [&](bool with_header) {
    fs::path unit = source_file;
    std::vector<std::string> extra = speed_words(options, version);
    if (with_header) {
      unit = temporary_name(dir, out.key, ".cpp");
      write_atomically(unit, behind_header(source, out.precompiled_header, source_file, kind));
      for (std::string& word : header_words(out.precompiled_header, dir, kind)) extra.push_back(std::move(word));
    }
    for (std::string word : {std::string("-o"), temp.string(), unit.string()}) extra.push_back(word);
    ++compiler_runs;
    ProcessResult r = run_process(compiler_command(options, std::move(extra)));
    std::error_code ignored;
    if (unit != source_file) fs::remove(unit, ignored);
    return r;
  };
  ProcessResult r = compile(!out.precompiled_header.empty());
  if (!r.succeeded() && kind == CompilerKind::Clang && !out.precompiled_header.empty() &&
      refused_precompiled_header(r)) {
    out.precompiled_header.clear();
    r = compile(false);
  }
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

bool compiler_is_gcc(const std::string& compiler) { return is_gcc(compiler_version(compiler)); }

bool compiler_is_clang(const std::string& compiler) {
  return compiler_kind(compiler_version(compiler)) == CompilerKind::Clang;
}

std::size_t runtime_header_builds() { return header_builds.load(); }

}  // namespace chad

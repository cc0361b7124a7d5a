// The compiled-kernel machinery without the code generator: a hand-written kernel translation
// unit (only the ABI header) compiled through the cache, loaded with dlopen and called over
// normal forms. The kernels are small enough to derive every expected number by hand.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_call.hpp"
#include "codegen/kernel_compiler.hpp"
#include "syntax/parser.hpp"
#include "../support/temp_dir.hpp"

namespace chad {
namespace {

namespace fs = std::filesystem;

// `twice` is x -> 2x on any data type whose output type is its input type (the tags are
// echoed); in fwd mode its tangents are 2 * seed (the Jacobian is 2I), one-hot seeds when none
// are given. The others each return one error code, or write the wrong shape.
const char* kKernels = R"(
#include "chad_kernel_abi.h"
#include <cstring>
#include <vector>

extern "C" int twice(chad_kernel_call* call) {
  call->sink.index(call->sink.context, call->input_tags, call->input_tag_count);
  const size_t n = call->input_dimension;
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = 2 * call->input[i];
  call->sink.vector(call->sink.context, v.data(), n);
  const size_t seeds = call->seeds ? call->seed_count : n;
  for (size_t k = 0; k < seeds; ++k) {
    for (size_t i = 0; i < n; ++i) v[i] = call->seeds ? 2 * call->seeds[k * n + i] : (i == k ? 2.0 : 0.0);
    call->sink.vector(call->sink.context, v.data(), n);
  }
  return CHAD_KERNEL_OK;
}

static int fail_with(chad_kernel_call* call, int code, const char* message) {
  std::strncpy(call->message, message, sizeof call->message - 1);
  return code;
}
extern "C" int log_of_zero(chad_kernel_call* call) {
  return fail_with(call, CHAD_KERNEL_DOMAIN_ERROR, "domain error: `log` applied to 0");
}
extern "C" int inconsistent(chad_kernel_call* call) {
  return fail_with(call, CHAD_KERNEL_FAULT, "lifted-sum inconsistency: tags 0 and 1");
}
extern "C" int picky(chad_kernel_call* call) {
  return fail_with(call, CHAD_KERNEL_BAD_INPUT, "tag 5 out of range");
}
extern "C" int strange_code(chad_kernel_call* call) { return 42; }
// The primal only, with the input's index: right in primal mode, too few vectors in fwd.
extern "C" int primal_only(chad_kernel_call* call) {
  call->sink.index(call->sink.context, call->input_tags, call->input_tag_count);
  call->sink.vector(call->sink.context, call->input, call->input_dimension);
  return CHAD_KERNEL_OK;
}
extern "C" int bad_tag(chad_kernel_call* call) {
  const int tags[] = {7};
  call->sink.index(call->sink.context, tags, 1);
  call->sink.vector(call->sink.context, call->input, call->input_dimension);
  return CHAD_KERNEL_OK;
}
extern "C" int no_index(chad_kernel_call* call) { return CHAD_KERNEL_OK; }
)";

std::string abi_flags() {
  return std::string("-std=c++20 -O1 -shared -fPIC -I") + CHAD_SOURCE_DIR + "/codegen/runtime";
}

struct TempDir : chad::testing::TempDir {
  TempDir() : chad::testing::TempDir("chad_kernels") {}
};

class KernelCompilerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    cache = new TempDir;
    compiled = new CompiledKernel(compile_kernel(kKernels, options()));
    library = KernelLibrary::open(compiled->library_path);
  }
  static void TearDownTestSuite() {
    library.reset();
    delete compiled;
    delete cache;
  }
  static CompilerOptions options() { return CompilerOptions{"c++", abi_flags(), cache->path}; }

  static TempDir* cache;
  static CompiledKernel* compiled;
  static std::shared_ptr<const KernelLibrary> library;
};
TempDir* KernelCompilerTest::cache = nullptr;
CompiledKernel* KernelCompilerTest::compiled = nullptr;
std::shared_ptr<const KernelLibrary> KernelCompilerTest::library;

const char* kSum = "< A : real | B : real * real >";

NormalForm<double> point_b(double x, double y) {
  return {parse_index(parse_type(kSum, "<t>"), "B (_, _)"), {x, y}};
}

TEST_F(KernelCompilerTest, TheSecondCompileIsACacheHit) {
  EXPECT_FALSE(compiled->cache_hit);
  EXPECT_TRUE(fs::exists(compiled->library_path));
  EXPECT_TRUE(fs::exists(compiled->source_path));
  EXPECT_EQ(fs::path(compiled->library_path).parent_path(), fs::path(cache->path));
  const std::size_t runs = kernel_compiler_runs();
  CompiledKernel again = compile_kernel(kKernels, options());
  EXPECT_TRUE(again.cache_hit);
  EXPECT_EQ(kernel_compiler_runs(), runs);
  EXPECT_EQ(again.library_path, compiled->library_path);
  // Nothing but the source and the library is left in the cache (no temporary files).
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(cache->path)) files += entry.is_regular_file();
  EXPECT_EQ(files, 2u);
}

TEST_F(KernelCompilerTest, OtherFlagsOrOtherSourceAreAnotherKey) {
  EXPECT_EQ(kernel_cache_key(kKernels, options()), compiled->key);
  CompilerOptions other = options();
  other.flags += " -DSOMETHING_ELSE";
  EXPECT_NE(kernel_cache_key(kKernels, other), compiled->key);
  EXPECT_NE(kernel_cache_key(std::string(kKernels) + " ", options()), compiled->key);
  CompilerOptions elsewhere = options();
  elsewhere.cache_dir += "/elsewhere";  // where the cache is does not change the key
  EXPECT_EQ(kernel_cache_key(kKernels, elsewhere), compiled->key);
}

TEST_F(KernelCompilerTest, TwiceDoublesAndEchoesTheIndex) {
  KernelFunction twice = library->kernel("twice");
  KernelResult r = call_kernel(twice, KernelMode::Forward, parse_type(kSum, "<t>"), point_b(3, -1.5));
  EXPECT_EQ(r.output_index.to_string(), "B (_, _)");
  EXPECT_EQ(r.output, (std::vector<double>{6, -3}));
  // d(2x)/dx = 2I: the columns of the Jacobian for the one-hot seeds.
  EXPECT_EQ(r.vectors, (std::vector<std::vector<double>>{{2, 0}, {0, 2}}));
  const double seeds[] = {1, 1, 0.5, -1, 0, 0};
  KernelResult seeded =
      call_kernel(twice, KernelMode::Forward, parse_type(kSum, "<t>"), point_b(3, -1.5), seeds, 3);
  EXPECT_EQ(seeded.vectors, (std::vector<std::vector<double>>{{2, 2}, {1, -2}, {0, 0}}));
  // In rev mode the vectors are input cotangents, one per output coordinate: 2I again.
  KernelResult rev = call_kernel(twice, KernelMode::Reverse, parse_type(kSum, "<t>"), point_b(1, 1));
  EXPECT_EQ(rev.vectors, (std::vector<std::vector<double>>{{2, 0}, {0, 2}}));
  NormalForm<double> a{parse_index(parse_type(kSum, "<t>"), "A _"), {4}};
  KernelResult at_a = call_kernel(twice, KernelMode::Forward, parse_type(kSum, "<t>"), a);
  EXPECT_EQ(at_a.output_index.to_string(), "A _");
  EXPECT_EQ(at_a.output, (std::vector<double>{8}));
  EXPECT_EQ(at_a.vectors, (std::vector<std::vector<double>>{{2}}));
}

TEST_F(KernelCompilerTest, ReturnCodesBecomeTheEvaluatorsExceptions) {
  const TypeP t = parse_type(kSum, "<t>");
  try {
    call_kernel(library->kernel("log_of_zero"), KernelMode::Primal, t, point_b(0, 0));
    ADD_FAILURE() << "no DomainError";
  } catch (const DomainError& e) {
    EXPECT_EQ(e.primitive(), "log");
    EXPECT_FALSE(e.undecided());
    EXPECT_NE(std::string(e.what()).find("applied to 0"), std::string::npos) << e.what();
  }
  try {
    call_kernel(library->kernel("inconsistent"), KernelMode::Reverse, t, point_b(0, 0));
    ADD_FAILURE() << "no KernelFault";
  } catch (const InternalError& e) {  // the campaign's `fault` verdict
    EXPECT_NE(dynamic_cast<const KernelFault*>(&e), nullptr);
    EXPECT_NE(std::string(e.what()).find("lifted-sum inconsistency"), std::string::npos) << e.what();
  }
  EXPECT_THROW(call_kernel(library->kernel("picky"), KernelMode::Primal, t, point_b(0, 0)), KernelFault);
  EXPECT_THROW(call_kernel(library->kernel("strange_code"), KernelMode::Primal, t, point_b(0, 0)), KernelFault);
}

TEST_F(KernelCompilerTest, WhatAKernelWritesIsCheckedAgainstItsMode) {
  const TypeP t = parse_type(kSum, "<t>");
  KernelFunction primal_only = library->kernel("primal_only");
  EXPECT_EQ(call_kernel(primal_only, KernelMode::Primal, t, point_b(1, 2)).output, (std::vector<double>{1, 2}));
  EXPECT_THROW(call_kernel(primal_only, KernelMode::Forward, t, point_b(1, 2)), KernelFault);  // 1 of 3 vectors
  EXPECT_THROW(call_kernel(library->kernel("bad_tag"), KernelMode::Primal, t, point_b(1, 2)), KernelFault);
  EXPECT_THROW(call_kernel(library->kernel("no_index"), KernelMode::Primal, t, point_b(1, 2)), KernelFault);
}

TEST_F(KernelCompilerTest, AMissingKernelIsALoadError) {
  EXPECT_THROW(library->kernel("thrice"), KernelLoadError);
  EXPECT_THROW(KernelLibrary::open(cache->path + "/no-such.so"), KernelLoadError);
}

TEST_F(KernelCompilerTest, TheLibraryOutlivesItsOwnerWhileAKernelIsHeld) {
  KernelFunction twice = KernelLibrary::open(compiled->library_path)->kernel("twice");
  EXPECT_EQ(call_kernel(twice, KernelMode::Forward, parse_type(kSum, "<t>"), point_b(1, 2)).output,
            (std::vector<double>{2, 4}));
}

TEST(KernelCompiler, ACompileErrorCarriesTheDiagnosticsAndKeepsTheSource) {
  TempDir cache;
  const std::string broken = "int main() { return undeclared_name; }\n";
  try {
    compile_kernel(broken, CompilerOptions{"c++", abi_flags(), cache.path});
    ADD_FAILURE() << "no KernelCompileError";
  } catch (const KernelCompileError& e) {
    EXPECT_NE(e.diagnostics().find("undeclared_name"), std::string::npos) << e.diagnostics();
    EXPECT_NE(std::string(e.what()).find(e.source_path()), std::string::npos);
    std::ifstream kept(e.source_path());
    std::stringstream text;
    text << kept.rdbuf();
    EXPECT_EQ(text.str(), broken);
  }
  for (const auto& entry : fs::directory_iterator(cache.path))
    EXPECT_NE(entry.path().extension(), ".so") << entry.path();
}

TEST(KernelCompiler, AMissingCompilerIsACompileError) {
  TempDir cache;
  EXPECT_THROW(compile_kernel("int x;\n", CompilerOptions{"/nonexistent/c++", abi_flags(), cache.path}),
               KernelCompileError);
}

TEST(KernelCompiler, DiagnosticsAreCutToTheirFirstLines) {
  EXPECT_EQ(first_lines("a\nb\nc\n", 2), "a\nb\n[... 1 more lines]\n");
  EXPECT_EQ(first_lines("a\nb\nc", 2), "a\nb\n[... 1 more lines]\n");
  EXPECT_EQ(first_lines("a\nb\n", 2), "a\nb\n");
}

TEST(KernelCompiler, TheEnvironmentChoosesCompilerFlagsAndCache) {
  setenv("CHAD_CXX", "clang++-not-really", 1);
  setenv("CHAD_CXXFLAGS", "-O0", 1);
  setenv("XDG_CACHE_HOME", "/somewhere", 1);
  CompilerOptions r = resolve_compiler_options({});
  EXPECT_EQ(r.compiler, "clang++-not-really");
  EXPECT_EQ(r.flags, "-O0");
  EXPECT_EQ(r.cache_dir, "/somewhere/chad-oracle/kernels");
  CompilerOptions given = resolve_compiler_options({"g++", "-O3", "/here"});
  EXPECT_EQ(given.compiler, "g++");
  EXPECT_EQ(given.flags, "-O3");
  EXPECT_EQ(given.cache_dir, "/here");
  unsetenv("CHAD_CXX");
  unsetenv("CHAD_CXXFLAGS");
  unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(resolve_compiler_options({}).compiler, "c++");
  EXPECT_NE(resolve_compiler_options({}).flags.find("-shared"), std::string::npos);
}

// A kernel laid out as a batch is: the runtime's text, then code using it. It is x -> factor * x
// on a real, the product taken by the runtime's prim_mul.
std::string after_runtime(const std::string& name, const std::string& factor) {
  return std::string(kernel_runtime_source()) + "extern \"C\" int " + name + "(chad_kernel_call* call) {\n" +
         "  const double y = chad_rt::prim_mul(" + factor + ", call->input[0]);\n" +
         "  call->sink.index(call->sink.context, call->input_tags, call->input_tag_count);\n" +
         "  call->sink.vector(call->sink.context, &y, 1);\n" + "  return CHAD_KERNEL_OK;\n}\n";
}

// -O0 to keep the test short; -Werror=invalid-pch makes a precompiled header that GCC would
// quietly not use (flags that do not match) a compile error.
CompilerOptions runtime_options(const std::string& cache_dir) {
  std::string eigen;
  std::istringstream words(default_compiler_flags());
  for (std::string w; words >> w;)
    if (w.rfind("-I", 0) == 0) eigen = w;
  return CompilerOptions{"c++", "-std=c++20 -O0 -shared -fPIC -Werror=invalid-pch " + eigen, cache_dir};
}

double primal_at(const CompiledKernel& compiled, const std::string& name, double x) {
  const TypeP real = parse_type("real", "<t>");
  KernelResult r = call_kernel(KernelLibrary::open(compiled.library_path)->kernel(name), KernelMode::Primal, real,
                               NormalForm<double>{parse_index(real, "_"), {x}});
  EXPECT_EQ(r.output.size(), 1u);
  return r.output.empty() ? 0 : r.output[0];
}

std::size_t precompiled_headers_in(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(dir)) n += entry.path().extension() == ".gch";
  return n;
}

TEST(PrecompiledRuntime, KernelsAfterTheRuntimeShareOnePrecompiledHeader) {
  if (!compiler_is_gcc("c++")) GTEST_SKIP() << "c++ is not GCC: no precompiled runtime";
  TempDir cache;
  const std::size_t builds = runtime_header_builds(), runs = kernel_compiler_runs();
  const CompiledKernel triple = compile_kernel(after_runtime("triple", "3.0"), runtime_options(cache.path));
  ASSERT_FALSE(triple.precompiled_header.empty());
  EXPECT_EQ(fs::path(triple.precompiled_header).parent_path(), fs::path(cache.path));
  EXPECT_TRUE(fs::exists(triple.precompiled_header + ".gch"));
  EXPECT_EQ(runtime_header_builds(), builds + 1);
  EXPECT_EQ(primal_at(triple, "triple", 2), 6);  // 3 * 2
  // Another kernel: compiled (a new key) against the same header, which is not built again.
  const CompiledKernel halve = compile_kernel(after_runtime("halve", "0.5"), runtime_options(cache.path));
  EXPECT_NE(halve.key, triple.key);
  EXPECT_EQ(halve.precompiled_header, triple.precompiled_header);
  EXPECT_EQ(runtime_header_builds(), builds + 1);
  EXPECT_EQ(kernel_compiler_runs(), runs + 2);
  EXPECT_EQ(primal_at(halve, "halve", 3), 1.5);  // 0.5 * 3
  EXPECT_EQ(precompiled_headers_in(cache.path), 1u);
  // The kept source is the whole translation unit, which compiles on its own.
  std::ifstream kept(halve.source_path);
  std::stringstream text;
  text << kept.rdbuf();
  EXPECT_EQ(text.str(), after_runtime("halve", "0.5"));
}

TEST(PrecompiledRuntime, AnErrorAfterTheRuntimeIsReportedAtItsLineOfTheWholeSource) {
  if (!compiler_is_gcc("c++")) GTEST_SKIP() << "c++ is not GCC: no precompiled runtime";
  TempDir cache;
  const std::string runtime = kernel_runtime_source();
  // The runtime's text ends with a newline, so what follows it starts on line (newlines + 1).
  ASSERT_EQ(runtime.back(), '\n');
  const std::size_t line = std::count(runtime.begin(), runtime.end(), '\n') + 1;
  try {
    compile_kernel(runtime + "int broken = undeclared_name;\n", runtime_options(cache.path));
    ADD_FAILURE() << "no KernelCompileError";
  } catch (const KernelCompileError& e) {
    const std::string at = e.source_path() + ":" + std::to_string(line) + ":";
    EXPECT_NE(e.diagnostics().find(at), std::string::npos) << at << "\n" << e.diagnostics();
    EXPECT_NE(e.diagnostics().find("undeclared_name"), std::string::npos) << e.diagnostics();
  }
  for (const auto& entry : fs::directory_iterator(cache.path))  // the temporary unit is gone
    EXPECT_EQ(entry.path().string().find(".tmp."), std::string::npos) << entry.path();
}

TEST(PrecompiledRuntime, TurnedOffTheSameKernelCompilesWholeWithTheSameKeyAndResult) {
  TempDir on_cache, off_cache;
  CompilerOptions off = runtime_options(off_cache.path);
  off.precompiled_runtime = false;
  const std::size_t builds = runtime_header_builds();
  const CompiledKernel whole = compile_kernel(after_runtime("triple", "3.0"), off);
  EXPECT_TRUE(whole.precompiled_header.empty());
  EXPECT_EQ(runtime_header_builds(), builds);
  EXPECT_EQ(precompiled_headers_in(off_cache.path), 0u);
  EXPECT_EQ(primal_at(whole, "triple", -1.5), -4.5);  // 3 * -1.5
  EXPECT_EQ(whole.key, kernel_cache_key(after_runtime("triple", "3.0"), runtime_options(on_cache.path)));
  // A source that does not start with the runtime never builds one either.
  compile_kernel(kKernels, CompilerOptions{"c++", abi_flags(), on_cache.path});
  EXPECT_EQ(precompiled_headers_in(on_cache.path), 0u);
  EXPECT_EQ(runtime_header_builds(), builds);
}

// A campaign's kernels are compiled to be judged once: cheap flags by default (-O0, nothing
// machine-specific); kernels compiled to be timed keep -O2; flags given by the caller or
// $CHAD_CXXFLAGS win over both.
TEST(CheckCompilerOptions, ACheckDefaultsToCheapFlagsAMeasurementToFastOnes) {
  unsetenv("CHAD_CXXFLAGS");
  CompilerOptions check;
  check.purpose = KernelPurpose::Check;
  const std::string cheap = resolve_compiler_options(check).flags;
  EXPECT_EQ(cheap, default_check_compiler_flags());
  EXPECT_NE(cheap.find("-O0"), std::string::npos) << cheap;
  EXPECT_EQ(cheap.find("-march=native"), std::string::npos) << cheap;
  EXPECT_NE(cheap.find("-shared"), std::string::npos) << cheap;
  const std::string fast = resolve_compiler_options({}).flags;
  EXPECT_NE(fast.find("-O2"), std::string::npos) << fast;
  EXPECT_NE(cheap, fast);
  check.flags = "-O1";
  EXPECT_EQ(resolve_compiler_options(check).flags, "-O1");
  check.flags.clear();
  setenv("CHAD_CXXFLAGS", "-O3", 1);
  EXPECT_EQ(resolve_compiler_options(check).flags, "-O3");
  unsetenv("CHAD_CXXFLAGS");
}

// A check's kernels go to an installed clang (faster at -O0 than GCC), unless a compiler is
// given or named by $CHAD_CXX; a kernel to be timed keeps `c++`.
TEST(CheckCompilerOptions, ACheckPrefersAnInstalledClangAGivenCompilerWins) {
  unsetenv("CHAD_CXX");
  CompilerOptions check;
  check.purpose = KernelPurpose::Check;
  const std::string clang = installed_clang();
  EXPECT_EQ(resolve_compiler_options(check).compiler, clang.empty() ? "c++" : clang);
  if (!clang.empty()) {
    EXPECT_TRUE(compiler_is_clang(clang));
  }
  EXPECT_EQ(resolve_compiler_options({}).compiler, "c++");
  setenv("CHAD_CXX", "g++", 1);
  EXPECT_EQ(resolve_compiler_options(check).compiler, "g++");
  unsetenv("CHAD_CXX");
  check.compiler = "g++";
  EXPECT_EQ(resolve_compiler_options(check).compiler, "g++");
}

TEST(CheckCompilerOptions, AKernelCompiledForACheckComputesWhatTheFastOneDoes) {
  unsetenv("CHAD_CXXFLAGS");
  TempDir cache;
  CompilerOptions check{"c++", "", cache.path};
  check.purpose = KernelPurpose::Check;
  const CompiledKernel cheap = compile_kernel(after_runtime("triple", "3.0"), check);
  EXPECT_FALSE(cheap.cache_hit);
  EXPECT_EQ(primal_at(cheap, "triple", 2), 6);  // 3 * 2
  EXPECT_EQ(primal_at(cheap, "triple", -0.25), -0.75);
  // Other flags, another key: a check never takes a benchmark's library from the cache.
  EXPECT_NE(cheap.key, kernel_cache_key(after_runtime("triple", "3.0"), CompilerOptions{"c++", "", cache.path}));
}

TEST(PrecompiledRuntime, ClangCompilesKernelsAgainstItsOwnPrecompiledHeader) {
  const std::string clang = installed_clang();
  if (clang.empty()) GTEST_SKIP() << "no clang++ installed";
  TempDir cache;
  CompilerOptions options = runtime_options(cache.path);
  options.compiler = clang;
  const std::size_t builds = runtime_header_builds();
  const CompiledKernel triple = compile_kernel(after_runtime("triple", "3.0"), options);
  ASSERT_FALSE(triple.precompiled_header.empty());
  EXPECT_TRUE(fs::exists(triple.precompiled_header + ".pch"));
  EXPECT_EQ(precompiled_headers_in(cache.path), 0u);  // no GCC header
  EXPECT_EQ(runtime_header_builds(), builds + 1);
  EXPECT_EQ(primal_at(triple, "triple", 2), 6);
  const CompiledKernel halve = compile_kernel(after_runtime("halve", "0.5"), options);
  EXPECT_EQ(halve.precompiled_header, triple.precompiled_header);
  EXPECT_EQ(runtime_header_builds(), builds + 1);
  EXPECT_EQ(primal_at(halve, "halve", 3), 1.5);
  // An error after the runtime is still reported at its line of the whole source.
  const std::string runtime = kernel_runtime_source();
  const std::size_t line = std::count(runtime.begin(), runtime.end(), '\n') + 1;
  try {
    compile_kernel(runtime + "int broken = undeclared_name;\n", options);
    ADD_FAILURE() << "no KernelCompileError";
  } catch (const KernelCompileError& e) {
    const std::string at = e.source_path() + ":" + std::to_string(line) + ":";
    EXPECT_NE(e.diagnostics().find(at), std::string::npos) << at << "\n" << e.diagnostics();
  }
}

TEST(PrecompiledRuntime, TheEnvironmentTurnsItOff) {
  unsetenv("CHAD_NO_PCH");
  EXPECT_TRUE(resolve_compiler_options({}).precompiled_runtime);
  setenv("CHAD_NO_PCH", "1", 1);
  EXPECT_FALSE(resolve_compiler_options({}).precompiled_runtime);
  setenv("CHAD_NO_PCH", "0", 1);
  EXPECT_TRUE(resolve_compiler_options({}).precompiled_runtime);
  unsetenv("CHAD_NO_PCH");
}

}  // namespace
}  // namespace chad

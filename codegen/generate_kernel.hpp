// The code generator's entry points (issue 13): C++20 source for a checked program, in one of
// three modes: the source program itself (primal), or CHAD's forward or reverse target program.
// The source is readable (one C++ function per `def`, the source program in a comment, names
// kept), templated on the scalar type, and defines `extern "C" int <name>(chad_kernel_call*)`
// (codegen/runtime/chad_kernel_abi.h): the kernel the oracle calls over normal forms.
#pragma once
#include <string>

#include "syntax/sums_strategy.hpp"
#include "chad/transformer.hpp"
#include "codegen/codegen_fault.hpp"
#include "syntax/type_checker.hpp"

namespace chad {

enum class KernelMode { Primal, Forward, Reverse };



const char* kernel_mode_name(KernelMode mode);  // "primal", "fwd", "rev"

struct KernelOptions {
  std::string name = "chad_kernel";  // the extern "C" symbol; the code is in namespace <name>_code
  KernelMode mode = KernelMode::Primal;
  SumsStrategy sums = SumsStrategy::Biproduct;
  bool standalone_main = false;      // add `int main` reading --at (with generate_kernel_source)
  const RuleTable* rules = nullptr;  // CHAD's rules (fault injection); null: the standard ones
  CodegenFault fault = CodegenFault::None;  // fault injection into the code generator itself
  FunctionsStrategy functions = kDefaultFunctionsStrategy;  // CHAD's function (co)tangents
  // The code bound to the scalar double (codegen/scalar_binding.hpp): the oracle's own kernels,
  // called in double only; their types get shared names (codegen/cpp_types.hpp), so that the
  // kernels of one unit share them. Off: generic in the scalar, types numbered per kernel
  // (`chad-oracle compile`, reports' sources).
  bool double_only = false;
};

// A whole translation unit: the runtime, then the kernel (and `main` when asked).
std::string generate_kernel_source(const CheckedProgram& program, const KernelOptions& options);

// The kernel alone, in `namespace <name>_code`, for a translation unit that holds many kernels after
// one copy of kernel_runtime_source().
std::string generate_kernel_unit(const CheckedProgram& program, const KernelOptions& options);

// The runtime and the ABI header, as text (embedded at build time from codegen/runtime/).
const char* kernel_runtime_source();

}  // namespace chad

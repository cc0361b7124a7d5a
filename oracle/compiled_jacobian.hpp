// CHAD's Jacobian through the compiled kernel path (codegen/): CHAD's forward or reverse target
// program emitted as C++, compiled by the system compiler (through the kernel cache) and called
// over normal forms with every one-hot seed (fwd: the Jacobian's columns, rev: its rows): the
// `chad-fwd-compiled` / `chad-rev-compiled` methods. Many programs compile in one translation
// unit (compile_programs), so that a campaign pays the compiler's start-up once per batch.
#pragma once
#include <vector>

#include "chad/transformer.hpp"
#include "codegen/generate_kernel.hpp"
#include "codegen/kernel_call.hpp"
#include "codegen/kernel_compiler.hpp"
#include "references/jacobian.hpp"

namespace chad {

// One program of a batch and how to emit it. Kernel names must be C identifiers; a name met
// twice in a batch gets the suffix `_<position>`.
struct ProgramToCompile {
  const CheckedProgram* program;
  KernelOptions options;
  std::string unit = {};  // its generate_kernel_unit(*program, options) when already made (not renamed then)
};

// One kernel of a compiled batch, callable for as long as it is held (it keeps its library).
struct CompiledProgram {
  KernelFunction kernel;
  KernelMode mode = KernelMode::Primal;
  SumsStrategy sums = SumsStrategy::Biproduct;
  TypeP output_type;
};

// The translation unit of a batch: the runtime once, then one kernel unit per program.
std::string batch_source(const std::vector<ProgramToCompile>& programs);

// Generates, compiles (or finds in the cache) and loads one translation unit holding every
// program's kernel; returns them in order. Throws KernelCompileError / KernelLoadError (internal
// errors: a fault of the code generator), SourceError where the cache cannot be written.
std::vector<CompiledProgram> compile_programs(const std::vector<ProgramToCompile>& programs,
                                              const CompilerOptions& compiler = {});

// The Jacobian from a compiled fwd or rev kernel of `program` (the one it was generated from):
// with seeds == NULL the kernel returns every column (fwd) or row (rev). Throws DomainError,
// KernelFault (an internal error), SourceError when a number is not finite.
JacobianResult jacobian_by_compiled_kernel(const CheckedProgram& program, const CompiledProgram& kernel,
                                           const NormalForm<double>& input);

// The `chad-fwd-compiled` / `chad-rev-compiled` methods: compile_programs of one program, then
// jacobian_by_compiled_kernel. Unlike the interpreted methods, a comparison that ties at the point
// is not detected (the kernel decides it one way, as double arithmetic does).
JacobianResult jacobian_by_compiled_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                         ChadMode mode, SumsStrategy sums, const CompilerOptions& compiler = {},
                                         FunctionsStrategy functions = kDefaultFunctionsStrategy);

}  // namespace chad

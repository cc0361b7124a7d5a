// `campaign --implementation chad-compiled`: CHAD's forward and reverse target programs
// compiled to native code (codegen/) and judged like the interpreter: the same dual-number
// screen, then, on a disagreement, the certified interval reference; a kernel that does not
// compile, or that faults, is a `fault`. Kernels are compiled in batches: the first program of
// a batch that needs one generates and compiles the next `batch` programs' kernels (every mode
// and sums strategy of the campaign) in one translation unit, to pay the compiler's start-up
// once; a batch that does not compile is split, so that only the guilty program is a fault.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "codegen/codegen_fault.hpp"
#include "codegen/kernel_compiler.hpp"
#include "oracle/campaign.hpp"
#include "oracle/case.hpp"

namespace chad {

struct CompiledCampaignOptions {
  CompilerOptions compiler;
  std::size_t batch = 32;
  CodegenFault fault = CodegenFault::None;  // --codegen-fault: a mutant of the code generator
  // Shrinking compiles every candidate alone (about a second each), so it gets this many
  // candidates instead of the interpreter's 3000.
  int shrink_budget = 150;
};

// One (mode, sums) check of a case by its compiled kernel, against the case's dual-number
// reference (differentiable) and, where the screen disagrees, its certified one.
CheckOutcome check_compiled(const CampaignOptions& options, Case& c, ChadMode mode, SumsStrategy sums);

// Compiles, in one translation unit per `batch` programs, the kernels of the campaign's programs
// `indices` (a worker's next ones) that are not compiled yet. Kernels stay loaded for the
// process's lifetime. With `seconds`, the time is added to its "compile" stage.
void prefetch_compiled_kernels(const CampaignOptions& options, const std::vector<std::size_t>& indices,
                               std::map<std::string, double>* seconds = nullptr);

// Checks a generated case (check_case) with its program as prefetch_compiled_kernels parsed and
// checked it, when it did (the program is then handed on, not parsed again); else from its text.
ProgramOutcome check_case_prefetched(const CampaignOptions& options, const GeneratedCase& generated,
                                     std::map<std::string, double>* seconds = nullptr);

// The generated C++ of a program's kernel, with a `main` reading --at (for reports).
std::string compiled_kernel_source(const CampaignOptions& options, const CheckedProgram& program, ChadMode mode,
                                   SumsStrategy sums);

}  // namespace chad

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
#include "judge/case.hpp"

namespace chad {

struct CompiledCampaignOptions {
  CompilerOptions compiler;
  std::size_t batch = 32;
  CodegenFault fault = CodegenFault::None;  // --codegen-fault: a mutant of the code generator
  // Shrinking's candidates in all, as the interpreter's (triage/shrink_compiled.hpp: shrunk in
  // the interpreter where that is sound, else compiled `batch` candidates at a time).
  int shrink_budget = 3000;
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

// Whether check_compiled of `program` (its text) in (mode, sums) would first compile its kernel:
// its output is a data type and no kernel (nor the reason there is none) is known for it yet.
bool compiled_kernel_missing(const CampaignOptions& options, const std::string& text, const CheckedProgram& program,
                             ChadMode mode, SumsStrategy sums);

// Compiles, in one translation unit, the kernels (every mode and sums strategy of `options`) of
// these programs (their text and checked program) that are not compiled yet: shrinking's
// candidates (triage/shrink_compiled.hpp). A unit that does not compile is split as above.
void prefetch_compiled_programs(
    const CampaignOptions& options,
    const std::vector<std::pair<std::string, std::shared_ptr<const CheckedProgram>>>& programs);

// The generated C++ of a program's kernel, with a `main` reading --at (for reports).
std::string compiled_kernel_source(const CampaignOptions& options, const CheckedProgram& program, ChadMode mode,
                                   SumsStrategy sums);

}  // namespace chad

// Shrinking a failure of CHAD compiled to native code (`--implementation chad-compiled`) to a
// minimal program, as the interpreted path does (its 3000 candidates), although a kernel takes
// about a second to compile:
//  1. When interpreted CHAD fails the program with the same verdict (CHAD's own fault, compiled
//     into the kernel), candidates are judged by the interpreter (milliseconds each); the
//     minimal program is kept only when its compiled check fails too (one kernel compiled).
//     Sound: the result is a compiled failure, checked.
//  2. Otherwise (a fault of the code generator alone, or a result the compiled check does not
//     confirm), candidates are judged compiled, in rounds: each round runs the shrinker from the
//     start, every candidate whose kernel is known answered by its compiled check (memoised),
//     and stops at the first `batch` candidates whose kernel is not, which are compiled in one
//     translation unit (prefetch_compiled_programs) for the next round. A round that meets no
//     such candidate answered every one by the compiled check: its result is the one-at-a-time
//     shrinker's, at the same budget, for about budget / batch compiler runs instead of budget.
#pragma once
#include <vector>

#include "triage/shrink.hpp"

namespace chad {

// `narrowed`: the campaign's options in the failing (mode, sums) alone; `verdict`: the compiled
// check's verdict of the unshrunk program (the one `choices` generate).
ShrinkResult shrink_compiled_failure(const CampaignOptions& narrowed, const std::vector<std::uint32_t>& choices,
                                     Verdict verdict, CompiledShrinkCost* cost = nullptr);

}  // namespace chad

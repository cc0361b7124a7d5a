#include "codegen/codegen_fault.hpp"

namespace chad {

const char* codegen_fault_name(CodegenFault fault) {
  switch (fault) {
    case CodegenFault::None: return "none";
    case CodegenFault::DropLinearAddRight: return "drop-linear-add-right";
    case CodegenFault::FoldTangentsSkipped: return "fold-tangents-skipped";
    case CodegenFault::CaseBranchesSwapped: return "case-branches-swapped";
    case CodegenFault::AccumulateOverwrites: return "accumulate-overwrites";
    case CodegenFault::KeptApplicationIgnoresArgument: return "kept-application-ignores-argument";
    case CodegenFault::DerivativeReadsOperand: return "derivative-reads-operand";
    case CodegenFault::NeededOperandZeroed: return "needed-operand-zeroed";
    case CodegenFault::DeferredSumOverwrites: return "deferred-sum-overwrites";
    case CodegenFault::RecomputedValueZeroed: return "recomputed-value-zeroed";
    case CodegenFault::LentSumAddedAgain: return "lent-sum-added-again";
  }
  return "?";
}

std::optional<CodegenFault> parse_codegen_fault(const std::string& name) {
  for (CodegenFault f : {CodegenFault::None, CodegenFault::DropLinearAddRight, CodegenFault::FoldTangentsSkipped,
                         CodegenFault::CaseBranchesSwapped, CodegenFault::AccumulateOverwrites,
                         CodegenFault::KeptApplicationIgnoresArgument, CodegenFault::DerivativeReadsOperand,
                         CodegenFault::NeededOperandZeroed, CodegenFault::DeferredSumOverwrites,
                         CodegenFault::RecomputedValueZeroed, CodegenFault::LentSumAddedAgain})
    if (name == codegen_fault_name(f)) return f;
  return std::nullopt;
}

}  // namespace chad

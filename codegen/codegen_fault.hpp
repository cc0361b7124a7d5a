// Faults the code generator can be asked to make: mutants of the compiled path, for tests and
// the campaign's --codegen-fault, so that the oracle can be seen to find and shrink a slip in
// codegen/ (issue 13). Each breaks one emitted rule.
#pragma once
#include <optional>
#include <string>

namespace chad {

enum class CodegenFault {
  None,
  DropLinearAddRight,    // `a + b` of (co)tangents emitted as `a`
  FoldTangentsSkipped,   // a fold's / unfold's (co)tangent map leaves every recursive position 0
  CaseBranchesSwapped,   // a case on two constructors of one payload type (bool) runs the other branch
  AccumulateOverwrites,  // an accumulation into a mutable cotangent cell overwrites the cell instead of adding
  KeptApplicationIgnoresArgument,  // a fold body's application is kept (fold_body_memos.cpp) when only its
                                   // function is bound outside the body: every node reads the first node's value
  DerivativeReadsOperand,  // a derivative that reads its primal's value f(x) (primal_values.cpp) reads x instead
  NeededOperandZeroed,     // a bilinear rule's operand that its used cotangent reads is passed as a zero
                           // (unread_operands.cpp), not the one it does not read
  DeferredSumOverwrites,   // a deferred application's cell (deferred_applications.cpp) keeps the last
                           // node's argument instead of adding each node's
  RecomputedValueZeroed,   // a value a backpropagator recomputes (recomputed_captures.cpp) is a zero
  LentSumAddedAgain,       // a deferred application's cell lent to a node's call (lent_cells.cpp) adds
                           // the call's result, which holds the cell's sum already, instead of taking it back
};
const char* codegen_fault_name(CodegenFault fault);
std::optional<CodegenFault> parse_codegen_fault(const std::string& name);

}  // namespace chad

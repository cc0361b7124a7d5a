// The type checker of CHAD's target language (syntax/term.hpp, target kinds; shared/spec/
// chad.md). It infers: CHAD writes every binder's type and the type of every injection and
// roll (in `annot`), so no expected type is needed. Returns a new tree with every node's type
// and every variable's de Bruijn index set, ready for the evaluator. A term that does not
// check is CHAD's bug, reported as TargetTypeError naming the offending subterm.
#pragma once
#include "syntax/type_checker.hpp"

namespace chad {

class TargetTypeError : public InternalError {
 public:
  explicit TargetTypeError(const std::string& message)
      : InternalError("CHAD's output does not type-check: " + message) {}
};

TermP check_target(const Context& ctx, const TermP& term);

// The fingerprint of a context (co)tangent type that the checker writes into EnvPack and
// EnvUnpack nodes (Type::structure_hash: a hash of what its printed form shows): packs of
// different contexts differ.
int context_fingerprint(const TypeP& context_tangent);

// The result type of primitive `op` on operands of the given types (for `get`, `index` is the
// position), or null when the operands do not fit.
TypeP primitive_result_type(PrimOp op, const std::vector<TypeP>& operands, int index);

}  // namespace chad

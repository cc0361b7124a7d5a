// The primal values a derivative reads instead of computing them again (emitter.hpp): exp' = exp,
// sqrt' = 1 / (2 sqrt), tanh' = 1 - tanh^2, sigmoid' = sigmoid (1 - sigmoid). CHAD's target
// computes `y = f(x)` for the primal and `f'(x) v` in the derivative; where y is still in scope, the
// derivative reads it (`chad_rt::rev_exp_at_value(y, v)`), so that f is computed once per
// application, not twice (the GMM's gradient called exp ten times per point, its primal five). The
// numbers are the same: the runtime's formulas at the value are those at the operand with f(x)
// replaced by y (codegen/runtime/rt_primitives.hpp).
#include "codegen/emitter.hpp"

namespace chad {

namespace {

bool has_derivative_at_value(PrimOp op) {
  return op == PrimOp::Exp || op == PrimOp::Sqrt || op == PrimOp::Tanh || op == PrimOp::Sigmoid;
}

}  // namespace

void Emitter::note_primal_value(const TermP& t, const std::vector<std::string>& operands, const std::string& value) {
  if (!has_derivative_at_value(t->op) || t->args.size() != 1 || t->args[0]->kind != TermKind::Var) return;
  // A local its one user may still change (owned_local) is not a value to name the operand by.
  if (owned_.count(operands[0])) return;
  primal_values_[{t->op, operands[0]}] = PrimalValue{value, indent_};
}

// A derivative of one primal operand and its (co)tangent: `op'(x; dx)` or `op^T(x; v)`.
std::string Emitter::derivative_at_value(const TermP& t, bool forward) {
  if (!has_derivative_at_value(t->op) || t->args.size() != 2 || t->args[0]->kind != TermKind::Var) return "";
  const std::string operand = env.lookup(std::size_t(t->args[0]->index));
  const auto known = primal_values_.find({t->op, operand});
  if (known == primal_values_.end()) return "";
  // An injected fault: f(x) read as x.
  const std::string value = fault == CodegenFault::DerivativeReadsOperand ? operand : known->second.name;
  note_use(value);
  const std::string tangent = emit(t->args[1]);
  const std::string op = prim_name(t->op);
  return bind(std::string(forward ? "d" : "ct") + op, t->type,
              std::string("chad_rt::") + (forward ? "fwd_" : "rev_") + op + "_at_value(" + value + ", " + tangent + ")");
}

void Emitter::forget_primal_values_deeper_than(int indent) {
  std::erase_if(primal_values_, [indent](const auto& entry) { return entry.second.indent > indent; });
}

}  // namespace chad

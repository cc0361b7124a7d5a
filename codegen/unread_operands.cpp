// A bilinear primitive's reverse rule given only the operands its used cotangents read
// (emitter.hpp). For mul, dot, scale, matvec, matmul and outer, op^T(a, b; v) is a pair whose
// first component reads only b and whose second reads only a (v b and a v; v w and v u;
// <v, w> and c v; v x^T and m^T v; ...). Where CHAD's target uses one component only (the other
// operand is a constant, as in the GMM's row sums `matvec(m, [1, 1])` and `scale(0.5, _)`), the
// operand that component does not read is passed as a zero, so that a backpropagator closure does
// not copy it (the GMM d10 k25's kept the 25 x 10 array of a matvec by ones per data point).
#include "codegen/emitter.hpp"

namespace chad {

namespace {

bool is_bilinear(PrimOp op) {
  return op == PrimOp::Mul || op == PrimOp::Dot || op == PrimOp::Scale || op == PrimOp::Matvec ||
         op == PrimOp::Matmul || op == PrimOp::Outer;
}

bool is_var(const Term& t, int depth) { return t.kind == TermKind::Var && t.index == depth; }

// Whether the variable of de Bruijn index `depth` occurs in t.
bool mentions(const Term& t, int depth) {
  if (is_var(t, depth)) return true;
  for (std::size_t i = 0; i < t.args.size(); ++i)
    if (mentions(*t.args[i], depth + binders_of_operand(t, i))) return true;
  for (const Branch& b : t.branches)
    if (mentions(*b.body, depth + 1)) return true;
  return false;
}

// How the pair of de Bruijn index `depth` is used in t: by fst, by snd, or as a whole. A
// projection bound by a let whose variable is never used (CHAD's target binds both components
// of a rule's cotangents, `let (da, db) = op^T(...)`) is no use.
struct PairUses {
  bool whole = false, first = false, second = false;
};
void pair_uses(const Term& t, int depth, PairUses& uses) {
  if ((t.kind == TermKind::Fst || t.kind == TermKind::Snd) && is_var(*t.args[0], depth)) {
    (t.kind == TermKind::Fst ? uses.first : uses.second) = true;
    return;
  }
  if (is_var(t, depth)) uses.whole = true;
  for (std::size_t i = 0; i < t.args.size(); ++i) {
    const Term& a = *t.args[i];
    const bool dead_projection = t.kind == TermKind::Let && i == 0 &&
                                 (a.kind == TermKind::Fst || a.kind == TermKind::Snd) && is_var(*a.args[0], depth) &&
                                 !mentions(*t.args[1], 0);
    if (!dead_projection) pair_uses(a, depth + binders_of_operand(t, i), uses);
  }
  for (const Branch& b : t.branches) pair_uses(*b.body, depth + 1, uses);
}

}  // namespace

int Emitter::unread_operand(const TermP& bound, const TermP& body) const {
  if (bound->kind != TermKind::PrimRev || !is_bilinear(bound->op) || bound->args.size() != 3) return -1;
  PairUses uses;
  pair_uses(*body, 0, uses);
  if (uses.whole || uses.first == uses.second) return -1;
  // The first component reads only operand 1, the second only operand 0.
  int unread = uses.first ? 0 : 1;
  if (fault == CodegenFault::NeededOperandZeroed) unread = 1 - unread;  // an injected fault
  // Only a variable is left out, so that no operand's code is skipped.
  return bound->args[std::size_t(unread)]->kind == TermKind::Var ? unread : -1;
}

}  // namespace chad

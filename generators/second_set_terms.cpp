// The second set's array primitives in generated programs (feature second-set): reductions to
// a real (mean, prod, logsumexp, norm) and arrays (softmax, cumsum of vectors; transpose,
// matmul with an inner dimension of its own, mostly not square, outer of matrices). prod reads
// a part of the input where one is in scope (with the feature, inputs hold exact zeros: its
// zero entries), else a bounded term (no overflow of the product); logsumexp and softmax
// sometimes read entries past exp's overflow (1024 plus 256 times a bounded term: 256 to 1792).
#include "generators/term_generator.hpp"

namespace chad {

namespace {

bool is_input_part(const TermP& t) {
  if (t->kind == TermKind::Fst || t->kind == TermKind::Snd) return is_input_part(t->args[0]);
  return t->kind == TermKind::Var && t->name == TermGenerator::input_name;
}

}  // namespace

TermP TermGenerator::large_entries(const TypeP& goal, int fuel) {
  TermP spread = make_prim(PrimOp::Scale, {make_literal(256), bounded(goal, fuel)});
  return make_prim(PrimOp::Add, {spread, constant_array(goal, 1024)});
}

TermP TermGenerator::second_set_scalar(int fuel) {
  switch (c_.pick(4)) {
    case 0: return make_prim(PrimOp::Mean, {gen(array_goal(0), fuel)});
    case 1: {
      std::vector<TermP> parts;
      for (const InScope* s : in_scope_of_kind(TypeKind::Real))
        if (!s->type->shape.empty() && is_input_part(s->term)) parts.push_back(s->term);
      if (!parts.empty() && c_.chance(60)) return make_prim(PrimOp::Prod, {parts[std::size_t(c_.pick(int(parts.size())))]});
      return make_prim(PrimOp::Prod, {bounded(array_goal(0), fuel)});
    }
    case 2: {
      TypeP v = array_goal(1);
      return make_prim(PrimOp::Logsumexp, {c_.chance(40) ? large_entries(v, fuel) : gen(v, fuel)});
    }
    default: return make_prim(PrimOp::Norm, {gen(array_goal(0), fuel)});
  }
}

TermP TermGenerator::second_set_array(const TypeP& goal, int fuel) {
  const int half = fuel / 2, rest = fuel - fuel / 2;
  if (goal->shape.size() == 1) {
    if (c_.chance(50)) return make_prim(PrimOp::Cumsum, {gen(goal, fuel)});
    return make_prim(PrimOp::Softmax, {c_.chance(40) ? large_entries(goal, fuel) : gen(goal, fuel)});
  }
  const int m = goal->shape[0], n = goal->shape[1];
  switch (c_.pick(3)) {
    case 0: return make_prim(PrimOp::Transpose, {gen(real_type({n, m}), fuel)});
    case 1: {
      const int k = 1 + c_.pick(3);
      TermP a = gen(real_type({m, k}), half);
      return make_prim(PrimOp::Matmul, {a, gen(real_type({k, n}), rest)});
    }
    default: {
      TermP u = gen(real_type({m}), half);
      return make_prim(PrimOp::Outer, {u, gen(real_type({n}), rest)});
    }
  }
}

}  // namespace chad

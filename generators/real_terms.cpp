// Reals and arrays of generated programs. Weights are non-trivial dyadic numbers (so a wrong
// constant factor in a derivative shows), every primitive has a share of the draws, and the
// arguments keep values inside the domains and away from overflow: log and sqrt read
// softplus(e) + c, e * e + c or exp of a bounded term (all > 0) or, under the feature edges,
// e * e (>= 0: at the edge of their domains when e is 0 or tiny), division divides by such a
// term or its negation (divisors of both signs), exp reads a term bounded by about 3 (tanh, sigmoid, a weighted sin or cos, or a part
// of the input), so nothing grows beyond exp(3) per exp. The two sides of a comparison are
// never the same term (a sure tie).
#include "generators/term_generator.hpp"

namespace chad {

namespace {

bool is_scalar(const TypeP& t) { return t->kind == TypeKind::Real && t->shape.empty(); }

// x, fst x, snd (fst x), ...: a part of the program's input, whose reals are at most 3 in size.
bool is_input_part(const TermP& t) {
  if (t->kind == TermKind::Fst || t->kind == TermKind::Snd) return is_input_part(t->args[0]);
  return t->kind == TermKind::Var && t->name == TermGenerator::input_name;
}

}  // namespace

TermP TermGenerator::literal() {
  static const double values[] = {1, 0.75, 1.5, 2.25, 0.625, 1.75, 0.375, 2.5, 1.25, 3};
  return make_literal(values[c_.pick(10)]);
}

TermP TermGenerator::constant_array(const TypeP& goal, double value) {
  if (goal->shape.empty()) return make_literal(value);
  std::vector<int> row(goal->shape.begin() + 1, goal->shape.end());
  std::vector<TermP> elements;
  for (int i = 0; i < goal->shape[0]; ++i) elements.push_back(constant_array(real_type(row), value));
  return make_array_literal(elements);
}

// c * e for a real, scale(c, e) for an array.
static TermP weighted(const TypeP& goal, const TermP& weight, const TermP& e) {
  return make_prim(is_scalar(goal) ? PrimOp::Mul : PrimOp::Scale, {weight, e});
}

TermP TermGenerator::binary(const TypeP&, const TermP& a, const TermP& b) {
  static const PrimOp ops[] = {PrimOp::Add, PrimOp::Mul, PrimOp::Sub};
  return make_prim(ops[c_.pick(3)], {a, b});
}

TermP TermGenerator::wrap(const TypeP& goal, const TermP& argument) {
  if (f_.second_set && c_.chance(60)) return second_set_wrap(goal, argument);  // no draw when off
  static const PrimOp ops[] = {PrimOp::Sin, PrimOp::Tanh, PrimOp::Cos, PrimOp::Sigmoid, PrimOp::Softplus, PrimOp::Neg};
  return make_prim(ops[c_.pick(6)], {argument});
}

TermP TermGenerator::unary(const TypeP& goal, int fuel) {
  if (f_.second_set && c_.chance(80)) return second_set(goal, fuel);  // no draw when off
  static const PrimOp ops[] = {PrimOp::Sin, PrimOp::Cos,  PrimOp::Exp,     PrimOp::Tanh, PrimOp::Sigmoid,
                               PrimOp::Softplus, PrimOp::Neg, PrimOp::Log, PrimOp::Sqrt};
  PrimOp op = ops[c_.pick(9)];
  if ((op == PrimOp::Log || op == PrimOp::Sqrt) && !f_.partial) op = PrimOp::Sin;
  TermP argument;
  if (op == PrimOp::Exp) argument = bounded(goal, fuel);
  else if (op == PrimOp::Log || op == PrimOp::Sqrt) argument = positive(goal, fuel);
  else argument = gen(goal, fuel);
  return make_prim(op, {argument});
}

// The second set's elementwise half, each in its domain and away from overflow: log1p reads a
// term > -1 (0.5 tanh e, or a positive one), expm1 and the base of a high power a bounded term, pow a
// positive base and a bounded exponent; max and min never compare a term with itself (a sure tie);
// abs and atan2 have extra draws at their interesting sides (abs of a negated term, atan2 of a
// positive term or its negation in each argument: every quadrant, never the cut).
TermP TermGenerator::second_set(const TypeP& goal, int fuel) {
  const int half = fuel / 2, rest = fuel - fuel / 2;
  auto two_sides = [&] {
    TermP a = gen(goal, half);
    TermP b = gen(goal, rest);
    if (term_equal(a, b)) b = make_prim(PrimOp::Add, {b, constant_array(goal, 0.5)});
    return std::pair{a, b};
  };
  switch (c_.pick(12)) {
    case 0: {
      if (c_.chance(50) || !f_.partial)  // 0.5 tanh e in (-0.5, 0.5): tanh e alone rounds to -1 below -19
        return make_prim(PrimOp::Log1p, {weighted(goal, make_literal(0.5), make_prim(PrimOp::Tanh, {gen(goal, fuel)}))});
      return make_prim(PrimOp::Log1p, {positive(goal, fuel)});
    }
    case 1: return make_prim(PrimOp::Expm1, {bounded(goal, fuel)});
    case 2: return make_prim(PrimOp::Atan, {gen(goal, fuel)});
    case 3: return make_prim(PrimOp::Erf, {gen(goal, fuel)});
    case 4: return make_prim(PrimOp::Abs, {gen(goal, fuel)});
    case 5: {
      const int n = c_.pick(6);  // 0..5
      return make_prim(PrimOp::PowInt, {n >= 3 ? bounded(goal, fuel) : gen(goal, fuel)}, {}, n);
    }
    case 6: {
      if (!f_.partial) return make_prim(PrimOp::Atan, {gen(goal, fuel)});
      TermP base = positive(goal, half);
      return make_prim(PrimOp::Pow, {base, bounded(goal, rest)});
    }
    case 7: return make_prim(PrimOp::Abs, {make_prim(PrimOp::Neg, {gen(goal, fuel)})});  // abs, often at x < 0
    case 8: {  // atan2 in each of its four quadrants (off its cut): the arguments a positive term or its negation
      TermP y = divisor(goal, half);
      return make_prim(PrimOp::Atan2, {y, divisor(goal, rest)});
    }
    default: {  // 9 to 11
      static const PrimOp pairs[] = {PrimOp::Atan2, PrimOp::Hypot, PrimOp::Max, PrimOp::Min};
      const PrimOp op = pairs[c_.pick(4)];
      auto [a, b] = two_sides();
      return make_prim(op, {a, b});
    }
  }
}

// The second set's total elementwise primitives around a given term (in shared lets, closures,
// folds and streams: wrap's places): atan, erf, abs, log1p of 0.5 tanh, expm1 of tanh, a square,
// 1.5 to the power tanh, and max, min, atan2 (x > 0: off its cut) and hypot with a constant.
TermP TermGenerator::second_set_wrap(const TypeP& goal, const TermP& argument) {
  switch (c_.pick(14)) {
    case 0: return make_prim(PrimOp::Atan, {argument});
    case 1: return make_prim(PrimOp::Erf, {argument});
    case 2: return make_prim(PrimOp::Abs, {argument});
    case 3: return make_prim(PrimOp::Log1p, {weighted(goal, make_literal(0.5), make_prim(PrimOp::Tanh, {argument}))});
    case 4: return make_prim(PrimOp::PowInt, {argument}, {}, 2);
    case 5: return make_prim(PrimOp::Max, {argument, constant_array(goal, 0.5)});
    case 6: return make_prim(PrimOp::Min, {argument, make_prim(PrimOp::Neg, {constant_array(goal, 0.5)})});
    case 7: return make_prim(PrimOp::Atan2, {argument, constant_array(goal, 1.5)});
    case 8: return make_prim(PrimOp::Expm1, {make_prim(PrimOp::Tanh, {argument})});
    case 9: return make_prim(PrimOp::Pow, {constant_array(goal, 1.5), make_prim(PrimOp::Tanh, {argument})});
    case 10: return make_prim(PrimOp::Max, {make_prim(PrimOp::Neg, {constant_array(goal, 0.5)}), argument});
    case 11: return make_prim(PrimOp::Min, {constant_array(goal, 0.5), argument});
    default: return make_prim(PrimOp::Hypot, {argument, constant_array(goal, 0.75)});  // 12, 13
  }
}

// Division's domain allows both sides of 0: under the feature shapes half the divisors are negated
// (choice 0: positive).
TermP TermGenerator::divisor(const TypeP& goal, int fuel) {
  const bool negative = f_.shapes && c_.pick(2) == 1;
  TermP d = positive(goal, fuel);
  return negative ? make_prim(PrimOp::Neg, {d}) : d;
}

TermP TermGenerator::positive(const TypeP& goal, int fuel) {
  if (f_.edges && c_.pick(8) == 7) {  // e * e: 0 or a few ulps from it at inputs at the edges
    TermP e = gen(goal, fuel);
    return make_prim(PrimOp::Mul, {e, e});
  }
  switch (c_.pick(3)) {
    case 0: {  // softplus(e) + c
      TermP e = gen(goal, fuel);
      TermP c = literal();
      return make_prim(PrimOp::Add, {make_prim(PrimOp::Softplus, {e}), constant_array(goal, c->literal)});
    }
    case 1: {  // e * e + c
      TermP e = gen(goal, fuel);
      TermP c = literal();
      return make_prim(PrimOp::Add, {make_prim(PrimOp::Mul, {e, e}), constant_array(goal, c->literal)});
    }
    default: return make_prim(PrimOp::Exp, {bounded(goal, fuel)});
  }
}

TermP TermGenerator::bounded(const TypeP& goal, int fuel) {
  switch (c_.pick(4)) {
    case 0: return make_prim(PrimOp::Tanh, {gen(goal, fuel)});
    case 1: {
      TermP weight = literal();
      TermP e = gen(goal, fuel);
      TermP periodic = make_prim(c_.chance(50) ? PrimOp::Sin : PrimOp::Cos, {e});
      return weighted(goal, weight, periodic);
    }
    case 2: return make_prim(PrimOp::Sigmoid, {gen(goal, fuel)});
    default: {  // a part of the input (inputs are at most 3 in size), else a weighted tanh
      std::vector<TermP> parts;
      for (const TermP& v : in_scope(goal))
        if (is_input_part(v)) parts.push_back(v);
      if (!parts.empty()) return parts[std::size_t(c_.pick(int(parts.size())))];
      TermP weight = literal();
      return weighted(goal, weight, make_prim(PrimOp::Tanh, {gen(goal, fuel)}));
    }
  }
}

TermP TermGenerator::scalar(int fuel) {
  const TypeP real = real_type();
  const int half = fuel / 2, rest = fuel - fuel / 2;
  if (f_.second_set && f_.arrays && c_.chance(20)) return second_set_scalar(fuel);
  switch (c_.pick(20)) {
    case 0: return literal();
    case 7: case 8: case 9: {
      TermP a = gen(real, half);
      TermP b = gen(real, rest);
      return binary(real, a, b);
    }
    case 10: {
      TermP weight = literal();
      return make_prim(PrimOp::Mul, {weight, gen(real, fuel)});
    }
    case 11: {
      if (!f_.partial) return unary(real, fuel);
      TermP a = gen(real, half);
      return make_prim(PrimOp::Div, {a, divisor(real, rest)});
    }
    case 12: case 13: case 14: return f_.arrays ? reduction(fuel) : unary(real, fuel);
    case 15:
      if (f_.comparisons) {
        const PrimOp op = c_.pick(2) ? PrimOp::Lt : PrimOp::Gt;
        TermP left = gen(real, half / 2);
        TermP right = gen(real, half - half / 2);
        if (term_equal(left, right)) right = make_prim(PrimOp::Add, {right, make_literal(0.5)});  // no sure tie
        TermP test = make_prim(op, {left, right});
        TermP if_false = gen(real, rest / 2);
        TermP if_true = gen(real, rest - rest / 2);
        return make_case(test, {Branch{"False", "u", if_false, -1, {}}, Branch{"True", "u", if_true, -1, {}}});
      }
      [[fallthrough]];
    case 16: {
      TermP a = gen(real, half);
      return make_prim(PrimOp::Mul, {a, gen(real, rest)});
    }
    case 17:
      if (f_.coinductive) return deep_stream(fuel);
      return unary(real, fuel);
    default: return unary(real, fuel);
  }
}

TypeP TermGenerator::array_goal(int rank) {
  std::vector<TypeP> found;
  for (const InScope* s : in_scope_of_kind(TypeKind::Real))
    if (!s->type->shape.empty() && (rank == 0 || int(s->type->shape.size()) == rank)) found.push_back(s->type);
  if (!found.empty() && !c_.chance(30)) return found[std::size_t(c_.pick(int(found.size())))];
  return rank == 0 ? types_.random_array() : types_.array_of_rank(rank);
}

TermP TermGenerator::reduction(int fuel) {
  const int half = fuel / 2, rest = fuel - fuel / 2;
  switch (c_.pick(5)) {
    case 0: return make_prim(PrimOp::Sum, {gen(array_goal(0), fuel)});
    case 1: {
      TypeP v = array_goal(1);
      TermP a = gen(v, half);
      return make_prim(PrimOp::Dot, {a, gen(v, rest)});
    }
    case 2: {
      TypeP v = array_goal(1);
      TermP a = gen(v, fuel);
      return make_prim(PrimOp::Get, {a}, {}, c_.pick(v->shape[0]));
    }
    case 3: {  // w . (M v)
      TypeP v = types_.array_of_rank(1);
      TermP product = matvec(v, half);
      return make_prim(PrimOp::Dot, {product, gen(v, rest)});
    }
    default: return make_prim(PrimOp::Sum, {matvec(types_.array_of_rank(1), fuel)});
  }
}

// matvec(M, v) : real[m], with M a matrix in scope with m rows (mostly) or a generated one,
// tall (k < m) where m allows it.
TermP TermGenerator::matvec(const TypeP& goal, int fuel) {
  const int m = goal->shape[0];
  std::vector<TypeP> matrices;
  for (const InScope* s : in_scope_of_kind(TypeKind::Real))
    if (s->type->shape.size() == 2 && s->type->shape[0] == m) matrices.push_back(s->type);
  TypeP matrix;
  if (!matrices.empty() && !c_.chance(30)) {
    matrix = matrices[std::size_t(c_.pick(int(matrices.size())))];
  } else {
    const int k = m >= 3 ? 1 + c_.pick(m - 1) : 1 + c_.pick(3);
    matrix = real_type({m, k});
  }
  TypeP vector = real_type({matrix->shape[1]});
  TermP a = gen(matrix, fuel / 2);
  return make_prim(PrimOp::Matvec, {a, gen(vector, fuel - fuel / 2)});
}

// An elementwise operation at an array type: 0 a unary function, 1 + - *, 2 scale, 3 division.
TermP TermGenerator::elementwise(const TypeP& goal, int fuel, int operation) {
  const int half = fuel / 2, rest = fuel - fuel / 2;
  switch (operation) {
    case 1: {
      TermP a = gen(goal, half);
      TermP b = gen(goal, rest);
      return binary(goal, a, b);
    }
    case 2: {
      TermP weight = gen(real_type(), half);
      return make_prim(PrimOp::Scale, {weight, gen(goal, rest)});
    }
    case 3: {
      if (!f_.partial) return unary(goal, fuel);
      TermP a = gen(goal, half);
      return make_prim(PrimOp::Div, {a, divisor(goal, rest)});
    }
    default: return unary(goal, fuel);
  }
}

TermP TermGenerator::array(const TypeP& goal, int fuel) {
  enum { Unary, Binary, Scale, Division, Literal, Matvec, Rows };
  if (f_.second_set && goal->shape.size() <= 2 && c_.chance(goal->shape.size() == 2 ? 60 : 25))
    return second_set_array(goal, fuel);
  if (goal->shape.size() > 1) {
    static const int options[] = {Rows, Unary, Binary, Scale, Rows, Division};
    const int option = options[c_.pick(6)];
    return option == Rows ? rows_literal(goal, fuel) : elementwise(goal, fuel, option);
  }
  static const int options[] = {Literal, Literal, Unary, Binary, Scale, Matvec, Matvec, Division, Unary};
  const int option = options[c_.pick(9)];
  if (option == Matvec) return matvec(goal, fuel);
  if (option != Literal) return elementwise(goal, fuel, option);
  const int n = goal->shape[0];
  std::vector<TermP> elements;
  for (int i = 0; i < n; ++i) elements.push_back(gen(real_type(), fuel / n));
  return c_.chance(50) ? make_array_literal(elements) : make_prim(PrimOp::Vec, elements);
}

}  // namespace chad

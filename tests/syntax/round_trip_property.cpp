// Printing then parsing gives back the same term and the same type, for generated terms of
// every former and generated types (RapidCheck; CTest fixes the seed, a failure prints it and
// the RC_PARAMS line that replays it). A simple generator is enough here: it makes
// syntactically valid terms, not necessarily well-typed ones.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

int pick(int n) { return *rc::gen::inRange(0, n); }

std::string pick_name(const std::vector<std::string>& names) { return names[pick(int(names.size()))]; }

TypeP random_type(int depth, std::vector<std::string>& bound, bool allow_arrow) {
  int choices = depth <= 0 ? 3 : 9;
  switch (pick(choices)) {
    case 0: {
      std::vector<int> shape;
      int rank = pick(3);
      for (int i = 0; i < rank; ++i) shape.push_back(1 + pick(4));
      return real_type(shape);
    }
    case 1: return unit_type();
    case 2:
      if (!bound.empty()) return var_type(pick_name(bound));
      return real_type();
    case 3: return prod_type(random_type(depth - 1, bound, allow_arrow), random_type(depth - 1, bound, allow_arrow));
    case 4:
      if (allow_arrow)
        return arrow_type(random_type(depth - 1, bound, allow_arrow), random_type(depth - 1, bound, allow_arrow));
      return unit_type();
    case 5:
    case 6: {
      std::vector<Constructor> ctors;
      int n = 1 + pick(3);
      for (int i = 0; i < n; ++i)
        ctors.push_back({std::string(1, char('A' + i)) + "c", random_type(depth - 1, bound, allow_arrow)});
      return sum_type(ctors);
    }
    default: {
      std::string var = pick_name({"a", "b", "l"});
      bound.push_back(var);
      TypeP body = random_type(depth - 1, bound, false);
      bound.pop_back();
      return pick(2) ? mu_type(var, body) : nu_type(var, body);
    }
  }
}

TypeP random_closed_type(int depth) {
  std::vector<std::string> bound;
  return random_type(depth, bound, true);
}

const std::vector<std::string> kNames = {"x", "y", "xs", "f", "_", "x'", "acc_1"};

double random_literal() {
  switch (pick(4)) {
    case 0: return double(pick(10));
    case 1: return pick(100) / 8.0;
    case 2: return *rc::gen::inRange(0, 1000000) * 1e-7;
    default: return std::ldexp(1.0 + pick(1000) / 1000.0, pick(40) - 20);
  }
}

TermP random_term(int depth) {
  if (depth <= 0) {
    switch (pick(3)) {
      case 0: return make_var(pick_name(kNames));
      case 1: return make_literal(random_literal());
      default: return make_unit();
    }
  }
  auto sub = [&] { return random_term(depth - 1 - pick(2)); };
  switch (pick(20)) {
    case 0: return make_var(pick_name(kNames));
    case 1: return make_literal(random_literal());
    case 2: {
      std::vector<TermP> elements;
      int n = 1 + pick(3);
      for (int i = 0; i < n; ++i) elements.push_back(sub());
      return make_array_literal(elements);
    }
    case 3: return make_pair(sub(), sub());
    case 4: return pick(2) ? make_fst(sub()) : make_snd(sub());
    case 5: return make_let(pick_name(kNames), sub(), sub());
    case 6: return make_lambda(pick_name(kNames), random_closed_type(2), sub());
    case 7: return make_app(sub(), sub());
    case 8: return make_inject(std::string(1, char('A' + pick(3))) + "c", sub());
    case 9: {
      std::vector<Branch> branches;
      int n = 1 + pick(3);
      for (int i = 0; i < n; ++i) branches.push_back(Branch{std::string(1, char('A' + i)) + "c", pick_name(kNames), sub()});
      return make_case(sub(), branches);
    }
    case 10: return pick(2) ? make_roll(sub()) : make_unroll(sub());
    case 11: return make_fold(sub(), pick_name(kNames), sub());
    case 12: return make_unfold(sub(), pick_name(kNames), sub());
    case 13: return make_ascribe(sub(), random_closed_type(2));
    case 14: return make_unit();
    case 15: {
      static const PrimOp binary[] = {PrimOp::Add, PrimOp::Sub, PrimOp::Mul, PrimOp::Div,
                                      PrimOp::Dot, PrimOp::Matvec, PrimOp::Scale, PrimOp::Lt, PrimOp::Gt};
      return make_prim(binary[pick(9)], {sub(), sub()});
    }
    case 16: {
      static const PrimOp unary[] = {PrimOp::Neg, PrimOp::Sin, PrimOp::Cos, PrimOp::Exp, PrimOp::Log,
                                     PrimOp::Sqrt, PrimOp::Tanh, PrimOp::Sigmoid, PrimOp::Softplus, PrimOp::Sum};
      return make_prim(unary[pick(10)], {sub()});
    }
    case 17: return make_prim(PrimOp::Get, {sub()}, {}, pick(5));
    case 18: {
      std::vector<TermP> args;
      int n = 1 + pick(3);
      for (int i = 0; i < n; ++i) args.push_back(sub());
      return make_prim(PrimOp::Vec, args);
    }
    default: return make_prim(PrimOp::Neg, {sub()});
  }
}

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameTerm, ()) {
  TermP t = random_term(*rc::gen::inRange(0, 6));
  std::string text = print_term(t);
  TermP back = parse_term(text, "<round-trip>");
  RC_ASSERT(term_equal(back, t));
  RC_ASSERT(print_term(back) == text);
}

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameType, ()) {
  TypeP t = random_closed_type(*rc::gen::inRange(0, 5));
  TypeP back = parse_type(print_type(t), "<round-trip>");
  RC_ASSERT(type_equal(back, t));
}

}  // namespace
}  // namespace chad

// Printing then parsing gives back the same term, type and program, for generated terms of
// every former and every primitive, and generated types (RapidCheck; CTest fixes the seed, a
// failure prints the RC_PARAMS line that replays it). The generators make syntactically valid
// trees, not necessarily well-typed ones.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "syntax/parser.hpp"
#include "syntax/printer.hpp"
#include "syntax/type_inhabited.hpp"

namespace chad {
namespace {

// A uniform choice in [0, n). (gen::inRange alone scales with the test size, which would make
// the first cases all pick 0.)
int pick(int n) { return *rc::gen::resize(100, rc::gen::inRange(0, n)); }

template <typename T>
const T& pick_from(const std::vector<T>& items) {
  return items[std::size_t(pick(int(items.size())))];
}

// ---- types ----------------------------------------------------------------------------

const std::vector<std::string> kTypeVars = {"a", "b", "l", "t'", "bool", "x_1"};
const std::vector<std::string> kCtors = {"A", "B", "Nil", "Cons", "Leaf_2", "N'"};

std::vector<Constructor> random_ctors(const std::function<TypeP()>& part) {
  std::vector<Constructor> ctors;  // distinct names: consecutive ones from a random start
  const int n = 1 + pick(3), start = pick(int(kCtors.size()));
  for (int i = 0; i < n; ++i) ctors.push_back({kCtors[std::size_t(start + i) % kCtors.size()], part()});
  return ctors;
}

// `bound`: type variables in scope; arrows only outside every mu / nu (polynomial bodies).
TypeP random_type(int depth, std::vector<std::string>& bound) {
  const bool leaf = depth <= 0;
  switch (pick(leaf ? 3 : 10)) {
    case 0: {
      std::vector<int> shape;
      const int rank = pick(3);
      for (int i = 0; i < rank; ++i) shape.push_back(1 + pick(5));
      return real_type(shape);
    }
    case 1: return unit_type();
    case 2: return bound.empty() ? real_type() : var_type(pick_from(bound));
    case 3:
    case 4: return prod_type(random_type(depth - 1, bound), random_type(depth - 1, bound));
    case 5:
      if (bound.empty()) return arrow_type(random_type(depth - 1, bound), random_type(depth - 1, bound));
      return unit_type();
    case 6:
    case 7: return sum_type(random_ctors([&] { return random_type(depth - 1, bound); }));
    default: {
      std::string var = pick_from(kTypeVars);
      bound.push_back(var);
      TypeP body = random_type(depth - 1, bound);
      bound.pop_back();
      return pick(2) ? mu_type(var, body) : nu_type(var, body);
    }
  }
}

// Whether every mu and nu in `t` has values (syntax/type_inhabited.hpp): the parser rejects the
// others (`mu a. a * real`), so only these round-trip.
bool fixpoints_have_values(const TypeP& t) {
  if ((t->kind == TypeKind::Mu || t->kind == TypeKind::Nu) && !has_finite_values(t)) return false;
  for (const TypeP* part : {&t->left, &t->right, &t->body})
    if (*part && !fixpoints_have_values(*part)) return false;
  for (const auto& c : t->ctors)
    if (!fixpoints_have_values(c.type)) return false;
  return true;
}

TypeP random_closed_type(int depth) {
  for (;;) {
    std::vector<std::string> bound;
    TypeP t = random_type(depth, bound);
    if (fixpoints_have_values(t)) return t;
  }
}

// ---- terms ----------------------------------------------------------------------------

// Valid identifiers, including names of primitives (a variable `sum` is not the primitive
// `sum(...)`) and the parser's own fresh-name style.
const std::vector<std::string> kNames = {"x", "y", "xs", "f", "_", "x'", "acc_1", "sum",
                                         "sin", "vec", "get", "_pair'1", "inx", "lets"};

double random_literal() {
  switch (pick(6)) {
    case 0: return double(pick(10));
    case 1: return pick(1000) / 8.0;
    case 2: return pick(1000000) * 1e-7;
    case 3: return std::ldexp(1.0 + pick(1000) / 1000.0, pick(80) - 40);
    case 4: {
      static const double extremes[] = {0.0, 0.1, 1e300, 1e-300, 4.9e-324, 1.7976931348623157e308,
                                        2.2250738585072014e-308, 1e16, 123456789012345680.0};
      return extremes[pick(9)];
    }
    default: {  // any finite non-negative double, from its bits
      const auto bits = *rc::gen::arbitrary<std::uint64_t>() & ~(std::uint64_t(1) << 63);
      const double x = std::bit_cast<double>(bits);
      return std::isfinite(x) ? x : 1.5;
    }
  }
}

const PrimOp kUnaryOps[] = {PrimOp::Neg,  PrimOp::Sin,     PrimOp::Cos,      PrimOp::Exp,
                            PrimOp::Log,  PrimOp::Sqrt,    PrimOp::Tanh,     PrimOp::Sigmoid,
                            PrimOp::Softplus, PrimOp::Sum};
const PrimOp kBinaryOps[] = {PrimOp::Add, PrimOp::Sub,    PrimOp::Mul,   PrimOp::Div, PrimOp::Dot,
                             PrimOp::Matvec, PrimOp::Scale, PrimOp::Lt, PrimOp::Gt};
// The second set's elementwise half (and `x ^ n`, case 21 below).
const PrimOp kSecondSetUnary[] = {PrimOp::Log1p, PrimOp::Expm1, PrimOp::Atan, PrimOp::Erf, PrimOp::Abs};
const PrimOp kSecondSetBinary[] = {PrimOp::Pow, PrimOp::Atan2, PrimOp::Hypot, PrimOp::Max, PrimOp::Min};

TermP random_term(int depth);

std::vector<TermP> random_terms(int depth, int at_least) {
  std::vector<TermP> items;
  const int n = at_least + pick(3);
  for (int i = 0; i < n; ++i) items.push_back(random_term(depth));
  return items;
}

TermP random_term(int depth) {
  if (depth <= 0) {
    switch (pick(3)) {
      case 0: return make_var(pick_from(kNames));
      case 1: return make_literal(random_literal());
      default: return make_unit();
    }
  }
  const int d = depth - 1;
  switch (pick(23)) {
    case 0: return make_var(pick_from(kNames));
    case 1: return make_literal(random_literal());
    case 2: return make_array_literal(random_terms(d, 1));
    case 3: return make_unit();
    case 4: return make_pair(random_term(d), random_term(d));
    case 5: return make_fst(random_term(d));
    case 6: return make_snd(random_term(d));
    case 7: return make_let(pick_from(kNames), random_term(d), random_term(d));
    case 8: return make_lambda(pick_from(kNames), random_closed_type(2), random_term(d));
    case 9: return make_app(random_term(d), random_term(d));
    case 10: return make_inject(pick_from(kCtors), random_term(d));
    case 11: {
      std::vector<Branch> branches;
      const int n = 1 + pick(3);
      for (int i = 0; i < n; ++i)
        branches.push_back(Branch{pick_from(kCtors), pick_from(kNames), random_term(d), -1, {}});
      return make_case(random_term(d), std::move(branches));
    }
    case 12: return make_roll(random_term(d));
    case 13: return make_unroll(random_term(d));
    case 14: return make_fold(random_term(d), pick_from(kNames), random_term(d));
    case 15: return make_unfold(random_term(d), pick_from(kNames), random_term(d));
    case 16: return make_ascribe(random_term(d), random_closed_type(2));
    case 17: return make_prim(kUnaryOps[pick(10)], {random_term(d)});
    case 18:
    case 19: return make_prim(kBinaryOps[pick(9)], {random_term(d), random_term(d)});
    case 20: return make_prim(PrimOp::Get, {random_term(d)}, {}, pick(2) ? pick(4) : pick(100000));
    case 21:
      switch (pick(3)) {
        case 0: return make_prim(kSecondSetUnary[pick(5)], {random_term(d)});
        case 1: return make_prim(kSecondSetBinary[pick(5)], {random_term(d), random_term(d)});
        default: return make_prim(PrimOp::PowInt, {random_term(d)}, {}, pick(65));
      }
    default: return make_prim(PrimOp::Vec, random_terms(d, 1));
  }
}

// Each case checks a batch of terms of depth up to 6 (up to a few hundred nodes), so that the
// default 100 cases cover every pair of neighbouring formers many times in a few milliseconds.
constexpr int kBatch = 10;
int term_depth() { return pick(7); }

// ---- properties -----------------------------------------------------------------------

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameTerm, ()) {
  for (int i = 0; i < kBatch; ++i) {
    const TermP t = random_term(term_depth());
    const std::string text = print_term(t);
    const TermP back = parse_term(text, "<round-trip>");
    if (!term_equal(back, t) || print_term(back) != text) {
      RC_LOG() << "printed: " << text << "\nread back as: " << print_term(back) << "\n";
      RC_FAIL("the printed term reads back differently");
    }
  }
}

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameType, ()) {
  for (int i = 0; i < kBatch; ++i) {
    const TypeP t = random_closed_type(pick(6));
    const std::string text = print_type(t);
    const TypeP back = parse_type(text, "<round-trip>");
    if (!type_equal(back, t) || print_type(back) != text) {
      RC_LOG() << "printed: " << text << "\nread back as: " << print_type(back) << "\n";
      RC_FAIL("the printed type reads back differently");
    }
  }
}

RC_GTEST_PROP(RoundTrip, PrintThenParseGivesTheSameProgram, ()) {
  Program program;
  program.file = "<generated>";
  const int aliases = pick(3);
  for (int i = 0; i < aliases; ++i)
    program.aliases.push_back({"T" + std::to_string(i), random_closed_type(3), {}});
  const int defs = 1 + pick(3);
  for (int i = 0; i < defs; ++i) {
    Def def;
    def.name = i + 1 == defs ? "main" : pick_from(kNames) + std::to_string(i);
    const int params = pick(4);
    for (int k = 0; k < params; ++k) def.params.push_back({pick_from(kNames), random_closed_type(2), {}});
    def.result = random_closed_type(2);
    def.body = random_term(*rc::gen::inRange(0, 5));
    program.defs.push_back(std::move(def));
  }
  const std::string text = print_program(program);
  RC_LOG() << text << "\n";
  const Program back = parse_program(text, "<round-trip>");
  RC_ASSERT(back.aliases.size() == program.aliases.size());
  for (std::size_t i = 0; i < back.aliases.size(); ++i) {
    RC_ASSERT(back.aliases[i].name == program.aliases[i].name);
    RC_ASSERT(type_equal(back.aliases[i].type, program.aliases[i].type));
  }
  RC_ASSERT(back.defs.size() == program.defs.size());
  for (std::size_t i = 0; i < back.defs.size(); ++i) {
    const Def &a = back.defs[i], &b = program.defs[i];
    RC_ASSERT(a.name == b.name);
    RC_ASSERT(a.params.size() == b.params.size());
    for (std::size_t k = 0; k < a.params.size(); ++k) {
      RC_ASSERT(a.params[k].name == b.params[k].name);
      RC_ASSERT(type_equal(a.params[k].type, b.params[k].type));
    }
    RC_ASSERT(type_equal(a.result, b.result));
    RC_ASSERT(term_equal(a.body, b.body));
  }
}

RC_GTEST_PROP(RoundTrip, RealsPrintShortestAndReadBackExactly, ()) {
  for (int i = 0; i < kBatch; ++i) {
    const double x = random_literal();
    const std::string text = print_real(x);
    RC_LOG() << text << "\n";
    RC_ASSERT(std::strtod(text.c_str(), nullptr) == x);
    RC_ASSERT(parse_term(text, "<real>")->literal == x);
    RC_ASSERT(std::strtod(print_real(-x).c_str(), nullptr) == -x);
  }
}

}  // namespace
}  // namespace chad

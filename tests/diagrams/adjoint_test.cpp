// The adjoint transformation: Theorem 17 (the sd-rev Jacobian equals the reference on
// first-order programs), agreement with reverse CHAD, Lemma 13 (foliation independence),
// Lemma 15 (beta reduction), the reverse-derivative axioms RD1-RD5 numerically, closed forms
// derived by hand, and fault injection into the rule table.
#include <gtest/gtest.h>

#include <cmath>

#include "diagram_test_support.hpp"
#include "diagrams/faults.hpp"
#include "diagrams/evaluate_diagram.hpp"
#include "model/linear_values.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using namespace diagrams;
using testing::all_examples;
using testing::matrices_close;

diagrams::SdJacobian sd_at(const CheckedProgram& p, const std::string& at, SdOptions options = {}) {
  diagrams::SdJacobian j;
  run_with_deep_stack([&] { j = sd_jacobian(p, read_input_point(p, at), options); });
  return j;
}

JacobianResult reference_at(const CheckedProgram& p, const std::string& at, JacobianMethod m) {
  JacobianResult r;
  run_with_deep_stack([&] { r = compute_jacobian(p, read_input_point(p, at), m); });
  return r;
}

TEST(SdReverse, Theorem17OnEveryExampleOfTheFragment) {
  int checked = 0;
  for (const std::string& name : all_examples()) {
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    SCOPED_TRACE(name);
    std::string at = testing::example_point(name);
    diagrams::SdJacobian sd = sd_at(p, at);
    JacobianResult dual = reference_at(p, at, JacobianMethod::Dual);
    EXPECT_EQ(sd.output, dual.output_coords);
    EXPECT_TRUE(matrices_close(sd.jacobian, dual.jacobian, 1e-12));
    // And within the certified interval enclosures.
    JacobianResult iv = reference_at(p, at, JacobianMethod::Interval);
    for (std::size_t i = 0; i < sd.jacobian.size(); ++i)
      for (std::size_t j = 0; j < sd.jacobian[i].size(); ++j) {
        const Enclosure& e = iv.enclosure[i][j];
        double slack = 1e-12 * std::fmax(1.0, std::fabs(sd.jacobian[i][j]));
        EXPECT_LE(e.lo - slack, sd.jacobian[i][j]);
        EXPECT_GE(e.hi + slack, sd.jacobian[i][j]);
      }
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

TEST(SdReverse, AgreesWithReverseChadOnEveryExampleOfTheFragment) {
  for (const std::string& name : all_examples()) {
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    SCOPED_TRACE(name);
    std::string at = testing::example_point(name);
    JacobianResult chad = reference_at(p, at, JacobianMethod::ChadReverse);
    JacobianResult sd = reference_at(p, at, JacobianMethod::SdReverse);
    EXPECT_EQ(sd.method, JacobianMethod::SdReverse);
    EXPECT_TRUE(matrices_close(sd.jacobian, chad.jacobian, 1e-12));
  }
}

TEST(SdReverse, ClosedFormsDerivedByHand) {
  // higher_order.chad: u = a x + sin x; df/da = u + (a + cos u) x; df/dx = (a + cos u)(a + cos x).
  {
    double a = 0.5, x = 1.25, u = a * x + std::sin(x);
    diagrams::SdJacobian j = sd_at(testing::load_example("higher_order.chad"), "(0.5, 1.25)");
    ASSERT_EQ(j.jacobian.size(), 1u);
    EXPECT_NEAR(j.jacobian[0][0], u + (a + std::cos(u)) * x, 1e-13);
    EXPECT_NEAR(j.jacobian[0][1], (a + std::cos(u)) * (a + std::cos(x)), 1e-13);
  }
  // array_literals.chad at (0.5, [1, -2, 3]): df/dx = 15, df/dv = (3, -6, 9).
  {
    diagrams::SdJacobian j = sd_at(testing::load_example("array_literals.chad"), "(0.5, [1, -2, 3])");
    ASSERT_EQ(j.jacobian.size(), 1u);
    std::vector<double> expected{15, 3, -6, 9};
    for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(j.jacobian[0][k], expected[k], 1e-12);
  }
  // A closure returned by a function, applied twice, capturing a: f = a * (a * x), df/da = 2 a x.
  {
    CheckedProgram p = testing::load_source(
        "def mk (a : real) : real -> real = fun (y : real) -> a * y;\n"
        "def main (a : real, x : real) : real = let g = mk a in g (g x);\n");
    diagrams::SdJacobian j = sd_at(p, "(3, 2)");
    EXPECT_DOUBLE_EQ(j.jacobian[0][0], 12);  // 2 a x
    EXPECT_DOUBLE_EQ(j.jacobian[0][1], 9);   // a^2
  }
}

TEST(SdReverse, Lemma13TwoFoliationsGiveTheSameAdjoint) {
  for (const std::string& name : all_examples()) {
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    SCOPED_TRACE(name);
    std::string at = testing::example_point(name);
    diagrams::SdJacobian base = sd_at(p, at);
    // The context wire of two foliations' adjoints holds the same saved values, permuted: the
    // backpropagator's captures have the same multiset of types.
    Diagram d = translate_main(p);
    auto context_types = [&](const Foliation& f) {
      Diagram a = diagrams::adjoint(d, f);
      const Node& back = a.nodes[a.nodes.size() - 2];  // the backpropagator, then the final pack
      EXPECT_EQ(back.kind, NodeKind::Abstraction);
      std::vector<std::string> types;
      for (int w : back.inputs) types.push_back(print_type(a.wire_types[w]));
      std::sort(types.begin(), types.end());
      return types;
    };
    std::vector<std::string> base_context = context_types(maximal_foliation(d));
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      EXPECT_EQ(context_types(random_foliation(d, seed)), base_context);
      SdOptions o;
      o.foliation_seed = seed;
      diagrams::SdJacobian other = sd_at(p, at, o);
      EXPECT_EQ(other.output, base.output);
      // Only the order of additions may differ.
      EXPECT_TRUE(matrices_close(other.jacobian, base.jacobian, 1e-14));
    }
  }
}

TEST(SdReverse, Lemma15BetaReductionKeepsTheAdjoint) {
  int reduced_somewhere = 0;
  for (const std::string& name : all_examples()) {
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    SCOPED_TRACE(name);
    Diagram d = translate_main(p);
    Diagram r = d;
    std::size_t n = beta_reduce(r);
    reduced_somewhere += n > 0;
    check_well_formed(r);
    std::string at = testing::example_point(name);
    run_with_deep_stack([&] {
      NormalForm<double> x = read_input_point(p, at);
      diagrams::SdJacobian a = sd_jacobian(p, d, x), b = sd_jacobian(p, r, x);
      EXPECT_EQ(a.output, b.output);
      EXPECT_TRUE(matrices_close(a.jacobian, b.jacobian, 1e-14));
      if (n > 0) {
        EXPECT_LT(diagram_size(r), diagram_size(d));
      }
    });
  }
  // A program with an immediately applied lambda is certainly reduced.
  CheckedProgram p = testing::load_source(
      "def main (a : real, x : real) : real = (fun (y : real) -> a * sin(y)) (x * x);\n");
  Diagram d = translate_main(p), r = d;
  EXPECT_EQ(beta_reduce(r), 1u);
  for (const Node& n : r.nodes) EXPECT_NE(n.kind, NodeKind::Apply);
  run_with_deep_stack([&] {
    NormalForm<double> x = read_input_point(p, "(2, 0.5)");
    diagrams::SdJacobian a = sd_jacobian(p, d, x), b = sd_jacobian(p, r, x);
    EXPECT_EQ(a.jacobian, b.jacobian);
    EXPECT_NEAR(b.jacobian[0][0], std::sin(0.25), 1e-15);           // d/da a sin(x^2)
    EXPECT_NEAR(b.jacobian[0][1], 2 * std::cos(0.25) * 2 * 0.5, 1e-15);  // a cos(x^2) 2x
  });
  EXPECT_GE(reduced_somewhere, 1);  // higher_order.chad: twice and adder are applied once each
}

// ---- RD axioms (Appendix B), numerically: R[f](a, b) is the backpropagator of A f at a.

// The backpropagator of a one-input diagram at `a`.
struct Reverse {
  Diagram adjoint;
  ValueP<double> back;
  ValueP<double> output;
};

Reverse reverse_of(const Diagram& d, const ValueP<double>& a) {
  Reverse r{diagrams::adjoint(d, maximal_foliation(d)), nullptr, nullptr};
  ValueP<double> v = evaluate_diagram(r.adjoint, {a});
  r.output = v->first;
  r.back = v->second;
  return r;
}

ValueP<double> real(double x) { return scalar_value<double>(x); }
ValueP<double> pair(ValueP<double> a, ValueP<double> b) { return pair_value<double>(a, b); }
double num(const ValueP<double>& v) { return v->kind == ValueKind::Zero ? 0.0 : v->scalar; }

// A one-leaf diagram X -> Y with the given node between the input and the output (inputs
// and outputs packed when there are several).
Diagram one_leaf(NodeKind kind, TypeP in, std::vector<TypeP> ins, std::vector<TypeP> outs, TermP term = nullptr) {
  Diagram d;
  int x = d.add_wire(in);
  d.inputs.push_back(x);
  std::vector<int> args{x};
  if (ins.size() != 1) {
    std::size_t u = d.add_node(NodeKind::Unpack, {x}, ins);
    args = d.nodes[u].outputs;
  }
  std::size_t n = d.add_node(kind, args, outs);
  d.nodes[n].term = term;
  std::vector<int> res = d.nodes[n].outputs;
  if (res.size() == 1) d.output = res[0];
  else d.output = d.nodes[d.add_node(NodeKind::Pack, res, {pack_type(outs)})].outputs[0];
  return d;
}

TEST(RdAxioms, StructuralMapsHaveTheirDuals) {
  TypeP r = real_type();
  run_with_deep_stack([&] {
    // RD3-style: the reverse derivative of copy is addition, of swap is swap, of discard is zero.
    Reverse copy = reverse_of(one_leaf(NodeKind::Copy, r, {r}, {r, r}), real(2));
    EXPECT_EQ(num(copy.back->call(pair(real(3), real(4)))), 7);
    Reverse swap = reverse_of(one_leaf(NodeKind::Swap, prod_type(r, r), {r, r}, {r, r}), pair(real(1), real(2)));
    ValueP<double> s = swap.back->call(pair(real(3), real(4)));
    EXPECT_EQ(num(s->first), 4);
    EXPECT_EQ(num(s->second), 3);
    Reverse add = reverse_of(one_leaf(NodeKind::Add, prod_type(r, r), {r, r}, {r}), pair(real(1), real(2)));
    ValueP<double> a = add.back->call(real(5));
    EXPECT_EQ(num(tuple_part<double>(a, 0, 2)), 5);
    EXPECT_EQ(num(tuple_part<double>(a, 1, 2)), 5);
    // Discard: X -> unit (packed with zero outputs); its reverse gives the zero cotangent.
    Reverse discard = reverse_of(one_leaf(NodeKind::Discard, r, {r}, {}), real(2));
    EXPECT_EQ(num(discard.back->call(unit_value<double>())), 0);
  });
}

struct PrimCase {
  std::string source;  // def main (x : real, y : real) : real = <one primitive>
  double x, y;
};

TEST(RdAxioms, PrimitivesAreLinearInTheCotangentAndFollowTheChainRule) {
  std::vector<std::string> bodies = {"x * y", "x + y", "x - y", "x / y", "sin(x)", "exp(x) ",
                                     "tanh(y)", "sigmoid(x)", "softplus(y)", "log(y)", "sqrt(y)"};
  for (const std::string& body : bodies) {
    SCOPED_TRACE(body);
    CheckedProgram p = testing::load_source("def main (x : real, y : real) : real = " + body + ";\n");
    run_with_deep_stack([&] {
      Diagram d = translate_main(p);
      Reverse r = reverse_of(d, pair(real(0.7), real(1.9)));
      auto R = [&](double b) { return r.back->call(real(b)); };
      auto c = [](const ValueP<double>& v, int i) { return num(tuple_part<double>(v, i, 2)); };
      // RD2: R[f](a, b + b') = R[f](a, b) + R[f](a, b'), R[f](a, 0) = 0; RD1 via scaling.
      for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(c(R(1.5 + 2.25), i), c(R(1.5), i) + c(R(2.25), i), 1e-13);
        EXPECT_EQ(c(R(0), i), 0);
        EXPECT_NEAR(c(R(-3), i), -3 * c(R(1), i), 1e-13);
        EXPECT_EQ(c(r.back->call(zero_value<double>()), i), 0);
      }
    });
  }
  // RD5, the chain rule: R[g o f](a, c) = R[f](a, R[g](f a, c)) with f = exp, g = sin.
  run_with_deep_stack([&] {
    auto load = [](const std::string& body) {
      return translate_main(testing::load_source("def main (x : real) : real = " + body + ";\n"));
    };
    Diagram f = load("exp(x)"), g = load("sin(x)"), gf = load("sin(exp(x))");
    double a = 0.3, c = 1.7;
    Reverse rf = reverse_of(f, real(a));
    Reverse rg = reverse_of(g, rf.output);
    Reverse rgf = reverse_of(gf, real(a));
    EXPECT_NEAR(num(rgf.back->call(real(c))), num(rf.back->call(rg.back->call(real(c)))), 1e-14);
    EXPECT_NEAR(num(rgf.back->call(real(c))), c * std::cos(std::exp(a)) * std::exp(a), 1e-14);
    // RD4, pairing: R[<f, g>](a, (b, c)) = R[f](a, b) + R[g](a, c).
    Diagram fg = translate_main(testing::load_source("def main (x : real) : real * real = (exp(x), sin(x));\n"));
    Reverse rfg = reverse_of(fg, real(a));
    Reverse rg_a = reverse_of(g, real(a));
    EXPECT_NEAR(num(rfg.back->call(pair(real(2), real(5)))),
                num(rf.back->call(real(2))) + num(rg_a.back->call(real(5))), 1e-14);
    // RD1 / RD3: R[id](a, b) = b; R[fst](a, b) = (b, 0).
    Diagram id = load("x");
    EXPECT_EQ(num(reverse_of(id, real(a)).back->call(real(c))), c);
    Diagram first = translate_main(testing::load_source("def main (x : real, y : real) : real = x;\n"));
    ValueP<double> d = reverse_of(first, pair(real(1), real(2))).back->call(real(c));
    EXPECT_EQ(num(tuple_part<double>(d, 0, 2)), c);
    EXPECT_EQ(num(tuple_part<double>(d, 1, 2)), 0);
  });
}

// ---- Fault injection: a rule replaced; the loop over the examples and a few programs finds it.

// The faults of diagrams/faults.hpp.
RuleTable copy_dual_first_only() { return find_sd_fault("sd-copy-dual-first-only")->rules; }
RuleTable apply_drops_environment() { return find_sd_fault("sd-apply-drops-environment")->rules; }

int caught_by_examples(const RuleTable& faulty) {
  int caught = 0;
  for (const std::string& name : all_examples()) {
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    std::string at = testing::example_point(name);
    SdOptions o;
    o.rules = &faulty;
    diagrams::SdJacobian bad = sd_at(p, at, o);
    JacobianResult dual = reference_at(p, at, JacobianMethod::Dual);
    caught += !matrices_close(bad.jacobian, dual.jacobian, 1e-9);
  }
  return caught;
}

TEST(FaultInjection, CopyDualNotAdditionIsCaught) {
  RuleTable t = copy_dual_first_only();
  EXPECT_GE(caught_by_examples(t), 1);
}

TEST(FaultInjection, DroppedEnvironmentCotangentIsCaught) {
  RuleTable t = apply_drops_environment();
  EXPECT_GE(caught_by_examples(t), 1);  // higher_order.chad: adder captures a
}

TEST(FaultInjection, TheDefaultRulesAreNotFlagged) { EXPECT_EQ(caught_by_examples(default_rules()), 0); }

}  // namespace
}  // namespace chad

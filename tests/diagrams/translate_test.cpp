// Translation of programs into string diagrams and their evaluation: on every example of the
// fragment the diagram computes what the source evaluator computes; the hypergraph invariants
// hold; programs outside the fragment get a located error; foliations are valid.
#include <gtest/gtest.h>

#include "diagram_test_support.hpp"
#include "diagrams/evaluate_diagram.hpp"
#include "diagrams/translate.hpp"
#include "model/normal_form.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

using namespace diagrams;
using testing::all_examples;

std::vector<double> diagram_output(const CheckedProgram& p, const Diagram& d, const Foliation& f,
                                   const std::string& at) {
  NormalForm<double> x = read_input_point(p, at);
  ValueP<double> v = evaluate_diagram(d, f, {rebuild<double>(p.input_type, x.index, x.coords)});
  return normal_form<double>(p.output_type, v).coords;
}

std::vector<double> source_output(const CheckedProgram& p, const std::string& at) {
  NormalForm<double> x = read_input_point(p, at);
  ValueP<double> v = run_main<double>(p, rebuild<double>(p.input_type, x.index, x.coords));
  return normal_form<double>(p.output_type, v).coords;
}

TEST(DiagramTranslation, EveryExampleOfTheFragmentEvaluatesLikeTheSource) {
  int in_fragment = 0;
  for (const std::string& name : all_examples()) {
    SCOPED_TRACE(name);
    CheckedProgram p = testing::load_example(name);
    if (!program_in_fragment(p)) continue;
    ++in_fragment;
    run_with_deep_stack([&] {
      Diagram d = translate_main(p);
      check_well_formed(d);
      std::string at = testing::example_point(name);
      std::vector<double> expected = source_output(p, at);
      EXPECT_EQ(diagram_output(p, d, maximal_foliation(d), at), expected);
      for (std::uint64_t seed : {1u, 2u, 3u})
        EXPECT_EQ(diagram_output(p, d, random_foliation(d, seed), at), expected);
    });
  }
  // arrays, array_literals, higher_order, primitives at least.
  EXPECT_GE(in_fragment, 4);
}

TEST(DiagramTranslation, ExamplesOutsideTheFragmentNameTheFormerAndItsLocation) {
  // sums.chad uses injections and case; list_sum.chad folds over a list.
  for (const char* name : {"sums.chad", "list_sum.chad", "relu.chad", "stream.chad"}) {
    SCOPED_TRACE(name);
    CheckedProgram p = testing::load_example(name);
    try {
      translate_main(p);
      ADD_FAILURE() << "translated a program outside the fragment";
    } catch (const FragmentError& e) {
      std::string what = e.what();
      EXPECT_NE(what.find(name), std::string::npos) << what;  // file:line:column
      EXPECT_NE(what.find("outside the simply typed fragment"), std::string::npos) << what;
      EXPECT_GT(e.loc().line, 0) << what;
    }
  }
}

TEST(DiagramTranslation, AComparisonIsOutsideTheFragmentAtItsColumn) {
  CheckedProgram p = testing::load_source("def main (x : real) : real =\n  let b = x < 1 in x;\n");
  try {
    translate_main(p);
    ADD_FAILURE() << "no error";
  } catch (const FragmentError& e) {
    EXPECT_EQ(e.loc().line, 2);
    EXPECT_NE(std::string(e.what()).find("<"), std::string::npos);
  }
}

TEST(DiagramTranslation, SharingBecomesCopiesAndUnusedVariablesDiscards) {
  // x used three times, y never: two copies of x (a chain) and a discard of y, among the
  // real wires (the input pair's own copies and projections come on top).
  CheckedProgram p = testing::load_source("def main (x : real, y : real) : real = x * x + sin(x);\n");
  Diagram d = translate_main(p);
  check_well_formed(d);
  int copies = 0, discards = 0;
  for (const Node& n : d.nodes) {
    bool real = d.wire_types[n.inputs[0]]->kind == TypeKind::Real;
    copies += n.kind == NodeKind::Copy && real;
    discards += n.kind == NodeKind::Discard && real;
  }
  EXPECT_EQ(copies, 2);
  EXPECT_GE(discards, 1);
}

TEST(DiagramTranslation, ALambdaIsABoxThatCapturesItsFreeVariables) {
  CheckedProgram p = testing::load_source(
      "def main (a : real, x : real) : real = let f = fun (y : real) -> a * y in f (f x);\n");
  Diagram d = translate_main(p);
  check_well_formed(d);
  const Node* box = nullptr;
  for (const Node& n : d.nodes)
    if (n.kind == NodeKind::Abstraction) box = &n;
  ASSERT_NE(box, nullptr);
  EXPECT_EQ(box->inputs.size(), 1u);        // captures a
  EXPECT_EQ(box->box->inputs.size(), 2u);   // a, y
  run_with_deep_stack([&] {
    // f (f x) = a * a * x = 0.75 * 0.75 * 2
    EXPECT_EQ(diagram_output(p, d, maximal_foliation(d), "(0.75, 2)"), std::vector<double>{1.125});
  });
}

TEST(Foliations, MaximalAndRandomFoliationsAreValidAndRandomOnesDiffer) {
  CheckedProgram p = testing::load_example("higher_order.chad");
  Diagram d = translate_main(p);
  Foliation m = maximal_foliation(d);
  EXPECT_EQ(check_foliation(d, m), "");
  bool some_differ = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Foliation r = random_foliation(d, seed);
    EXPECT_EQ(check_foliation(d, r), "");
    some_differ |= r.order != m.order;
    EXPECT_EQ(random_foliation(d, seed).order, r.order);  // seeded
  }
  EXPECT_TRUE(some_differ);
  // A foliation with two leaves exchanged across a wire is rejected.
  Foliation bad = m;
  std::reverse(bad.order.begin(), bad.order.end());
  EXPECT_NE(check_foliation(d, bad), "");
}

}  // namespace
}  // namespace chad

// The Graphviz drawing: boxes are clusters, the adjoint's passes are in two colours, wires are
// labelled with their types, and every leaf appears with its foliation position.
#include <gtest/gtest.h>

#include "../support/example_programs.hpp"
#include "diagrams/adjoint.hpp"
#include "diagrams/dot.hpp"
#include "diagrams/translate.hpp"

namespace chad {
namespace {

using namespace diagrams;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST(DiagramDot, SourceDiagramHasClustersTypesAndFoliationPositions) {
  CheckedProgram p = testing::load_example("higher_order.chad");
  Diagram d = translate_main(p);
  Foliation f = maximal_foliation(d);
  std::string dot = diagram_dot(d, f, "higher_order");
  EXPECT_EQ(dot.rfind("digraph", 0), 0u);
  // twice and adder's lambda: boxes (the entry's lambda is reduced while translating).
  std::size_t boxes = 0;
  for (const Node& n : d.nodes) boxes += n.kind == NodeKind::Abstraction;
  EXPECT_GE(boxes, 2u);
  EXPECT_GE(count(dot, "subgraph cluster_"), boxes);
  EXPECT_NE(dot.find("label=\"real -> real\""), std::string::npos);
  EXPECT_NE(dot.find("#" + std::to_string(f.order.size() - 1) + "\""), std::string::npos);
  EXPECT_EQ(count(dot, "color=red"), 0u);
}

TEST(DiagramDot, AdjointHasForwardAndReversePassesInTwoColours) {
  CheckedProgram p = testing::load_example("array_literals.chad");
  Diagram d = translate_main(p);
  Diagram a = adjoint(d, maximal_foliation(d));
  std::string dot = diagram_dot(a, maximal_foliation(a), "adjoint");
  EXPECT_GT(count(dot, "color=blue"), 0u);
  EXPECT_GT(count(dot, "color=red"), 0u);
  EXPECT_NE(dot.find("matvec^T"), std::string::npos);  // a reverse derivative leaf
}

}  // namespace
}  // namespace chad

// Graphviz drawing of a hierarchical string diagram: one graph node per leaf (labelled with
// its kind and its position in the foliation), input and output ports as small points, one
// edge per wire labelled with its type, each abstraction box a cluster (the box's body) joined
// to its abstraction node by a dashed edge. Leaves of an adjoint's forward pass are drawn in
// blue, those of its reverse pass in red.
#pragma once
#include <string>

#include "diagrams/foliation.hpp"

namespace chad::diagrams {

std::string diagram_dot(const Diagram& diagram, const Foliation& foliation, const std::string& title);

}  // namespace chad::diagrams

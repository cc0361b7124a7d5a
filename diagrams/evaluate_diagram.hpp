// The evaluator of string diagrams in the model (double): the leaves are evaluated in the
// order of a foliation, each wire holding one value; an abstraction node becomes a closure that
// evaluates its box on the captured values and the argument. Cotangent wires of adjoint
// diagrams may hold the zero value (model/linear_values.hpp).
#pragma once
#include <vector>

#include "diagrams/foliation.hpp"
#include "model/value.hpp"

namespace chad::diagrams {

// Precondition: `f` is a foliation of `diagram`, and inputs match its input wires.
ValueP<double> evaluate_diagram(const Diagram& diagram, const Foliation& f,
                                const std::vector<ValueP<double>>& inputs);

// With the maximal foliation.
ValueP<double> evaluate_diagram(const Diagram& diagram, const std::vector<ValueP<double>>& inputs);

// Evaluates one leaf on its input values (used by the evaluator and by the RD-axiom tests).
std::vector<ValueP<double>> evaluate_leaf(const Diagram& diagram, const Node& node, const Foliation* box_foliation,
                                          const std::vector<ValueP<double>>& inputs);

}  // namespace chad::diagrams

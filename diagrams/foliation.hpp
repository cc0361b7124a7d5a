// Foliations (paper Def. 5, Lemma 6): a diagram decomposed into a sequence of layers, each one
// leaf (a single node beside identity wires). A maximal foliation of a hypergraph is a
// topological order of its nodes; a hierarchical foliation gives every abstraction box its own
// foliation. The maximal foliation here is Kahn's order with the smallest node index first;
// random alternatives pick uniformly among the ready nodes with a seeded generator.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "diagrams/diagram.hpp"

namespace chad::diagrams {

struct Foliation {
  std::vector<std::size_t> order;              // node indices, each node once, producers first
  std::map<std::size_t, Foliation> boxes;      // for abstraction nodes: the box's foliation
};

// The canonical maximal hierarchical foliation.
Foliation maximal_foliation(const Diagram& diagram);

// A random maximal hierarchical foliation (same seed, same foliation).
Foliation random_foliation(const Diagram& diagram, std::uint64_t seed);

// Whether `f` is a foliation of `diagram`: every node once, each after its inputs' producers,
// boxes recursively. Returns an empty string or the first problem.
std::string check_foliation(const Diagram& diagram, const Foliation& f);

}  // namespace chad::diagrams

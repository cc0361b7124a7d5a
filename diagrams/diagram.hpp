// Hierarchical string diagrams as hierarchical hypergraphs (paper §2.3, §3.2): typed wires,
// and nodes (hyperedges) with ordered input and output wires. After linearize() every wire has
// exactly one producer (a node output or a diagram input) and exactly one consumer (a node
// input or the diagram output): fan-out is an explicit copy, an unused wire an explicit
// discard. An abstraction node holds a sub-diagram whose inputs are the captured wires
// followed by the parameter; an apply node evaluates a function wire at an argument.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "syntax/term.hpp"

namespace chad::diagrams {

enum class NodeKind {
  Literal,      // () -> real: `term` is the literal
  Unit,         // () -> unit
  Prim,         // x1..xk -> y: the source primitive `term` (op, get index, operand types)
  Stack,        // x1..xn (real[s]) -> real[n, s]: an array literal
  Unstack,      // real[n, s] -> x1..xn (dual of Stack; a zero cotangent gives zeros)
  Copy,         // x -> x, x
  Discard,      // x -> ()
  Zero,         // () -> x (the zero cotangent)
  Add,          // x, x -> x (cotangent addition)
  Swap,         // x, y -> y, x
  Pack,         // x1..xn -> the n-tuple x1 * (x2 * ... xn) (unit for n = 0)
  Unpack,       // the n-tuple -> x1..xn (a zero cotangent gives zeros)
  Abstraction,  // captures c1..cn -> function; `box` : (c1..cn, parameter) -> result
  Apply,        // function, argument -> result
  PrimRev,      // x1..xk, dy -> dx1..dxk: the primitive's reverse derivative op^T (adjoints only)
};
const char* node_kind_name(NodeKind kind);
inline constexpr int node_kind_count = static_cast<int>(NodeKind::PrimRev) + 1;

struct Diagram;
using DiagramP = std::shared_ptr<Diagram>;

enum class Pass { Source, Forward, Reverse };  // which pass of an adjoint made a node (drawing)

struct Node {
  NodeKind kind;
  std::vector<int> inputs, outputs;  // wires of the enclosing diagram
  TermP term;                        // Literal, Prim, PrimRev
  DiagramP box;                      // Abstraction
  Loc loc;                           // the source former it came from (when known)
  Pass pass = Pass::Source;
};

struct Diagram {
  std::vector<TypeP> wire_types;  // by wire id (labels; adjoint wires get cotangent types)
  std::vector<int> inputs;
  int output = -1;
  std::vector<Node> nodes;

  int add_wire(TypeP type) {
    wire_types.push_back(std::move(type));
    return static_cast<int>(wire_types.size()) - 1;
  }
  // Adds a node with fresh output wires of the given types; returns the node's index.
  std::size_t add_node(NodeKind kind, std::vector<int> inputs, const std::vector<TypeP>& output_types,
                       Pass pass = Pass::Source);
  int output_of(std::size_t node, std::size_t i = 0) const { return nodes[node].outputs[i]; }
};

// Makes fan-out explicit (copies) and unused wires explicit (discards), in every box.
void linearize(Diagram& diagram);

// Checks the hypergraph invariants (each wire produced once and consumed once, in every box);
// throws InternalError naming the first violation.
void check_well_formed(const Diagram& diagram);

// Number of nodes, counting the nodes of boxes (recursively), and of wires likewise.
std::size_t diagram_size(const Diagram& diagram);
std::size_t wire_count(const Diagram& diagram);

// The type of an n-tuple as Pack builds it (unit for n = 0, the part itself for n = 1).
TypeP pack_type(const std::vector<TypeP>& parts);

// Beta reduction on diagrams: every apply node whose function wire comes straight from an
// abstraction node is replaced by the box's contents (recursively inside boxes too). Returns
// the number of redexes reduced. Precondition: linearized.
std::size_t beta_reduce(Diagram& diagram);

}  // namespace chad::diagrams

// The adjoint transformation of the second paper (§3.4, §4.1, Figs. 5-8): a diagram
// f : X -> Y becomes A f : X -> Y * (Y => X), built leaf by leaf along a foliation. The
// forward pass copies each leaf (transformed); what the reverse pass needs (a primitive's base
// point, a backpropagator received from an application) is saved on the context wire, which
// is captured by the abstraction box holding the reverse pass. The reverse pass visits the
// leaves in the opposite order, each replaced by its dual:
//   copy -> addition, addition -> copy, discard -> zero, zero -> discard, swap -> swap,
//   pack -> unpack, unpack -> pack, stack -> unstack, literal / unit -> discard,
//   primitive -> its reverse derivative op^T at the saved base point,
//   abstraction -> (recursively transformed box; the closure's cotangent, the tuple of its
//                   captures' cotangents, unpacked onto the captures),
//   apply -> apply the saved backpropagator to the result's cotangent, giving the function's
//            cotangent and the argument's.
// Types: A(real[..]) = real[..], A(unit) = unit, A(a * b) = A a * A b,
// A(a -> b) = A a -> A b * (dB => dEnv * dA); cotangents have the same shapes, and a
// function's cotangent is the tuple of its captures' cotangents.
// One rule per kind of leaf, in a RuleTable that a test can override to inject a fault.
#pragma once
#include <array>
#include <functional>
#include <string>

#include "diagrams/foliation.hpp"

namespace chad::diagrams {

struct AdjointBuilder;

// A rule: `forward` adds the leaf's forward pass to b.forward (mapping the leaf's input wires
// with b.primal and defining b.primal of its outputs) and may save values with b.save;
// `reverse` adds its dual to b.reverse, reading b.cotangent of the leaf's outputs and defining
// b.cotangent of its inputs.
struct AdjointRule {
  std::function<void(AdjointBuilder&, std::size_t leaf)> forward;
  std::function<void(AdjointBuilder&, std::size_t leaf)> reverse;
};

struct RuleTable {
  std::array<AdjointRule, node_kind_count> rules;
  AdjointRule& operator[](NodeKind k) { return rules[static_cast<std::size_t>(k)]; }
  const AdjointRule& operator[](NodeKind k) const { return rules[static_cast<std::size_t>(k)]; }
};

// The rules above.
const RuleTable& default_rules();

// The state of one transformation (one diagram; boxes get their own builder).
struct AdjointBuilder {
  const Diagram& source;
  const Foliation& foliation;
  const RuleTable& rules;
  Diagram forward;   // the result: inputs X, output A Y * backpropagator
  DiagramP reverse;  // the backpropagator's box: inputs (saved context..., dY), output dX
  std::vector<int> primal;     // source wire -> forward wire
  std::vector<int> cotangent;  // source wire -> reverse wire
  std::vector<int> context_forward;  // the context wire: saved forward wires, in order
  std::vector<std::vector<int>> saved;  // per source leaf: the reverse wires of what it saved
  std::vector<int> context_reverse;     // the context wire in the reverse pass (box inputs)

  // Saves a forward wire on the context; returns the wire that holds it in the reverse pass.
  int save(std::size_t leaf, int forward_wire);
  const Node& leaf(std::size_t i) const { return source.nodes[i]; }
  // Adds a node to the forward / reverse diagram; returns its output wires.
  std::vector<int> emit_forward(NodeKind kind, std::vector<int> inputs, const std::vector<TypeP>& types,
                                const Node* like = nullptr);
  std::vector<int> emit_reverse(NodeKind kind, std::vector<int> inputs, const std::vector<TypeP>& types,
                                const Node* like = nullptr);
};

// Options: `split_last` makes the backpropagator's output dEnv * dA for a box with inputs
// (captures..., parameter) instead of the tuple of all the inputs' cotangents.
Diagram adjoint(const Diagram& diagram, const Foliation& foliation, const RuleTable& rules = default_rules(),
                bool split_last = false);

// The types of the adjoint (forward) and of cotangents, as wire labels.
TypeP adjoint_type(const TypeP& t);
TypeP cotangent_type(const TypeP& t);

}  // namespace chad::diagrams

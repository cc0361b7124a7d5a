#include "diagrams/diagram.hpp"

#include <map>

#include "syntax/location.hpp"

namespace chad::diagrams {

const char* node_kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::Literal: return "literal";
    case NodeKind::Unit: return "unit";
    case NodeKind::Prim: return "prim";
    case NodeKind::Stack: return "stack";
    case NodeKind::Unstack: return "unstack";
    case NodeKind::Copy: return "copy";
    case NodeKind::Discard: return "discard";
    case NodeKind::Zero: return "zero";
    case NodeKind::Add: return "add";
    case NodeKind::Swap: return "swap";
    case NodeKind::Pack: return "pack";
    case NodeKind::Unpack: return "unpack";
    case NodeKind::Abstraction: return "abstraction";
    case NodeKind::Apply: return "apply";
    case NodeKind::PrimRev: return "prim-rev";
  }
  return "?";
}

std::size_t Diagram::add_node(NodeKind kind, std::vector<int> ins, const std::vector<TypeP>& output_types,
                              Pass pass) {
  Node node;
  node.kind = kind;
  node.inputs = std::move(ins);
  for (const TypeP& t : output_types) node.outputs.push_back(add_wire(t));
  node.pass = pass;
  nodes.push_back(std::move(node));
  return nodes.size() - 1;
}

TypeP pack_type(const std::vector<TypeP>& parts) {
  if (parts.empty()) return unit_type();
  return tuple_type(parts);
}

void linearize(Diagram& d) {
  for (Node& n : d.nodes)
    if (n.box) linearize(*n.box);
  // consumers[w] = (node index or -1 for the diagram output, input position)
  std::vector<std::vector<std::pair<long, std::size_t>>> consumers(d.wire_types.size());
  for (std::size_t i = 0; i < d.nodes.size(); ++i)
    for (std::size_t k = 0; k < d.nodes[i].inputs.size(); ++k)
      consumers[d.nodes[i].inputs[k]].push_back({static_cast<long>(i), k});
  consumers[d.output].push_back({-1, 0});
  const std::size_t wires = d.wire_types.size();
  for (std::size_t w = 0; w < wires; ++w) {
    auto uses = consumers[w];
    if (uses.empty()) {
      d.add_node(NodeKind::Discard, {static_cast<int>(w)}, {});
      continue;
    }
    int current = static_cast<int>(w);
    for (std::size_t u = 0; u + 1 < uses.size(); ++u) {
      TypeP t = d.wire_types[w];
      std::size_t c = d.add_node(NodeKind::Copy, {current}, {t, t});
      int use_wire = d.nodes[c].outputs[0];
      current = d.nodes[c].outputs[1];
      auto [node, pos] = uses[u];
      if (node < 0) d.output = use_wire; else d.nodes[node].inputs[pos] = use_wire;
    }
    auto [node, pos] = uses.back();
    if (node < 0) d.output = current; else d.nodes[node].inputs[pos] = current;
  }
}

void check_well_formed(const Diagram& d) {
  std::vector<int> produced(d.wire_types.size(), 0), consumed(d.wire_types.size(), 0);
  for (int w : d.inputs) ++produced[w];
  ++consumed[d.output];
  for (const Node& n : d.nodes) {
    for (int w : n.inputs) ++consumed[w];
    for (int w : n.outputs) ++produced[w];
    if (n.box) check_well_formed(*n.box);
    if (n.kind == NodeKind::Abstraction && n.box->inputs.size() != n.inputs.size() + 1)
      throw InternalError("diagram: abstraction box has " + std::to_string(n.box->inputs.size()) +
                          " inputs for " + std::to_string(n.inputs.size()) + " captures");
  }
  for (std::size_t w = 0; w < produced.size(); ++w)
    if (produced[w] + consumed[w] == 0) continue;  // an id left unused by beta reduction
    else if (produced[w] != 1 || consumed[w] != 1)
      throw InternalError("diagram: wire " + std::to_string(w) + " is produced " +
                          std::to_string(produced[w]) + " times and consumed " +
                          std::to_string(consumed[w]) + " times");
}

std::size_t diagram_size(const Diagram& d) {
  std::size_t n = d.nodes.size();
  for (const Node& node : d.nodes)
    if (node.box) n += diagram_size(*node.box);
  return n;
}

std::size_t wire_count(const Diagram& d) {
  std::size_t n = d.wire_types.size();
  for (const Node& node : d.nodes)
    if (node.box) n += wire_count(*node.box);
  return n;
}

namespace {

// Copies the contents of `box` into `d`, with box input i renamed to inputs[i] and the box
// output renamed to `output`.
void inline_box(Diagram& d, const Diagram& box, const std::vector<int>& inputs, int output) {
  std::vector<int> rename(box.wire_types.size(), -1);
  for (std::size_t i = 0; i < box.inputs.size(); ++i) rename[box.inputs[i]] = inputs[i];
  for (std::size_t w = 0; w < box.wire_types.size(); ++w)
    if (rename[w] < 0 && static_cast<int>(w) != box.output) rename[w] = d.add_wire(box.wire_types[w]);
  // The box output: when it is a box input (identity), connect the two through the output's
  // consumer instead.
  bool output_is_input = false;
  for (int w : box.inputs) output_is_input |= (w == box.output);
  if (!output_is_input) rename[box.output] = output;
  for (const Node& n : box.nodes) {
    Node copy = n;
    for (int& w : copy.inputs) w = rename[w];
    for (int& w : copy.outputs) w = rename[w];
    d.nodes.push_back(std::move(copy));
  }
  if (output_is_input) {
    // Replace every use of `output` by the renamed input.
    int source = rename[box.output];
    for (Node& n : d.nodes)
      for (int& w : n.inputs)
        if (w == output) w = source;
    if (d.output == output) d.output = source;
  }
}

}  // namespace

std::size_t beta_reduce(Diagram& d) {
  std::size_t reduced = 0;
  for (Node& n : d.nodes)
    if (n.box) reduced += beta_reduce(*n.box);
  bool again = true;
  while (again) {
    again = false;
    std::map<int, std::size_t> producer;
    for (std::size_t i = 0; i < d.nodes.size(); ++i)
      for (int w : d.nodes[i].outputs) producer[w] = i;
    for (std::size_t i = 0; i < d.nodes.size(); ++i) {
      if (d.nodes[i].kind != NodeKind::Apply) continue;
      auto it = producer.find(d.nodes[i].inputs[0]);
      if (it == producer.end() || d.nodes[it->second].kind != NodeKind::Abstraction) continue;
      Node apply = d.nodes[i];
      Node abstraction = d.nodes[it->second];
      std::vector<int> inputs = abstraction.inputs;
      inputs.push_back(apply.inputs[1]);
      std::size_t a = i, b = it->second;
      d.nodes.erase(d.nodes.begin() + static_cast<long>(std::max(a, b)));
      d.nodes.erase(d.nodes.begin() + static_cast<long>(std::min(a, b)));
      inline_box(d, *abstraction.box, inputs, apply.outputs[0]);
      ++reduced;
      again = true;
      break;
    }
  }
  return reduced;
}

}  // namespace chad::diagrams

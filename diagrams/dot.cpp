#include "diagrams/dot.hpp"

#include <sstream>

#include "syntax/graphviz_text.hpp"
#include "syntax/term.hpp"

namespace chad::diagrams {

namespace {

std::string leaf_label(const Node& n) {
  switch (n.kind) {
    case NodeKind::Literal: {
      std::ostringstream s;
      s << n.term->literal;
      return s.str();
    }
    case NodeKind::Prim: return prim_name(n.term->op);
    case NodeKind::PrimRev: return std::string(prim_name(n.term->op)) + "^T";
    case NodeKind::Abstraction: return "λ";
    case NodeKind::Apply: return "eval";
    case NodeKind::Copy: return "copy";
    case NodeKind::Add: return "+";
    case NodeKind::Zero: return "0";
    case NodeKind::Discard: return "discard";
    default: return node_kind_name(n.kind);
  }
}

const char* colour(Pass p) {
  switch (p) {
    case Pass::Forward: return "blue";
    case Pass::Reverse: return "red";
    default: return "black";
  }
}

class Writer {
 public:
  std::ostringstream out;
  int next_id = 0;

  // Writes the diagram's leaves, ports and wires; returns the id of its output port.
  std::string write(const Diagram& d, const Foliation& f, const std::string& indent) {
    const std::string prefix = "d" + std::to_string(next_id++) + "_";
    std::vector<std::string> producer(d.wire_types.size()), consumer(d.wire_types.size());
    for (std::size_t i = 0; i < d.inputs.size(); ++i) {
      std::string port = prefix + "in" + std::to_string(i);
      out << indent << port << " [shape=point, xlabel=\"in " << i << "\"];\n";
      producer[d.inputs[i]] = port;
    }
    std::string out_port = prefix + "out";
    out << indent << out_port << " [shape=point, xlabel=\"out\"];\n";
    consumer[d.output] = out_port;
    for (std::size_t k = 0; k < f.order.size(); ++k) {
      std::size_t i = f.order[k];
      const Node& n = d.nodes[i];
      std::string id = prefix + "n" + std::to_string(i);
      out << indent << id << " [label=\"" << graphviz_escape(leaf_label(n)) << "\\n#" << k
          << "\", shape=box, color=" << colour(n.pass) << ", fontcolor=" << colour(n.pass) << "];\n";
      for (int w : n.outputs) producer[w] = id;
      for (int w : n.inputs) consumer[w] = id;
      if (n.box) {
        out << indent << "subgraph cluster_" << prefix << i << " {\n"
            << indent << "  label=\"box of " << id << "\"; color=" << colour(n.pass) << "; style=rounded;\n";
        auto it = f.boxes.find(i);
        Foliation inner = it != f.boxes.end() ? it->second : maximal_foliation(*n.box);
        std::string box_out = write(*n.box, inner, indent + "  ");
        out << indent << "}\n";
        out << indent << box_out << " -> " << id << " [style=dashed, label=\"body\"];\n";
      }
    }
    for (std::size_t w = 0; w < d.wire_types.size(); ++w) {
      if (producer[w].empty() || consumer[w].empty()) continue;
      out << indent << producer[w] << " -> " << consumer[w] << " [label=\""
          << graphviz_escape(print_type(d.wire_types[w])) << "\", fontsize=9];\n";
    }
    return out_port;
  }
};

}  // namespace

std::string diagram_dot(const Diagram& d, const Foliation& f, const std::string& title) {
  Writer w;
  w.out << "digraph diagram {\n  rankdir=TB;\n  label=\"" << graphviz_escape(title) << "\";\n"
        << "  node [fontname=\"Helvetica\"]; edge [fontname=\"Helvetica\"];\n";
  w.write(d, f, "  ");
  w.out << "}\n";
  return w.out.str();
}

}  // namespace chad::diagrams

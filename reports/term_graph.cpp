#include "reports/term_graph.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "syntax/graphviz_text.hpp"
#include "syntax/printer.hpp"
#include "reports/written_file.hpp"

namespace chad {
namespace {

std::string label(const Term& t) {
  switch (t.kind) {
    case TermKind::Var: return t.name;
    case TermKind::Literal: return print_real(t.literal);
    case TermKind::Let: return "let " + t.name;
    case TermKind::Lambda: return "fun " + t.name;
    case TermKind::LinLambda: return "\\" + t.name + " (linear)";  // one backslash, escaped by term_dot
    case TermKind::Inject: return t.name;
    case TermKind::Prim: return prim_name(t.op);
    case TermKind::Fold: return "fold " + t.name;
    case TermKind::Unfold: return "unfold " + t.name;
    case TermKind::App: return "apply";
    case TermKind::LinApp: return "@";
    case TermKind::Pair: return "( , )";
    case TermKind::Fst: return "fst";
    case TermKind::Snd: return "snd";
    case TermKind::Case: return "case";
    case TermKind::Roll: return "roll";
    case TermKind::Unroll: return "unroll";
    case TermKind::Ascribe: return ": " + print_type(t.annot);
    case TermKind::Unit: return "()";
    case TermKind::ArrayLit: return "[ ]";
    case TermKind::LinAdd: return "+ (linear)";
    case TermKind::Zero: return "0 (linear)";
    default: {  // target formers: their printed head
      std::string s = print_term(std::make_shared<Term>(t));
      return s.substr(0, std::min(s.find(' '), s.find('(')));
    }
  }
}

}  // namespace

std::string term_dot(const TermP& term, const std::string& title, const TermDotOptions& options) {
  std::ostringstream out;
  out << "digraph term {\n  label=\"" << graphviz_escape(title) << "\";\n  labelloc=t;\n"
      << "  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
  int next = 0;
  struct Pending {
    const Term* term;
    int parent;
    std::string edge;
  };
  std::vector<Pending> stack{{term.get(), -1, ""}};
  if (!options.context.empty()) {
    out << "  context [label=\"" << graphviz_escape(options.context) << "\", style=dashed];\n";
    stack.back().parent = -2;
  }
  while (!stack.empty()) {
    Pending p = stack.back();
    stack.pop_back();
    const int id = next++;
    if (id >= options.max_nodes) {
      out << "  n" << id << " [label=\"...\", shape=plaintext];\n  n" << p.parent << " -> n" << id << ";\n";
      break;
    }
    const auto collapsed = options.collapsed.find(p.term);
    const bool blamed = id == options.highlight_id || p.term == options.highlight;
    out << "  n" << id << " [label=\""
        << graphviz_escape(collapsed == options.collapsed.end() ? label(*p.term) : collapsed->second) << "\""
        << (collapsed == options.collapsed.end() ? "" : ", style=dashed")
        << (blamed ? ", style=filled, fillcolor=\"#f4a3a3\", penwidth=2, xlabel=\"blamed\"" : "") << "];\n";
    if (p.parent != -1)
      out << "  " << (p.parent == -2 ? std::string("context") : "n" + std::to_string(p.parent)) << " -> n" << id
          << (p.edge.empty() ? "" : " [label=\"" + graphviz_escape(p.edge) + "\"]") << ";\n";
    if (collapsed != options.collapsed.end()) continue;
    for (std::size_t i = p.term->branches.size(); i-- > 0;) {
      const Branch& b = p.term->branches[i];
      stack.push_back({b.body.get(), id, b.ctor + " " + b.var});
    }
    for (std::size_t i = p.term->args.size(); i-- > 0;) stack.push_back({p.term->args[i].get(), id, ""});
  }
  out << "}\n";
  return out.str();
}

std::string term_dot(const TermP& term, const std::string& title, int max_nodes, int highlight) {
  TermDotOptions options;
  options.max_nodes = max_nodes;
  options.highlight_id = highlight;
  return term_dot(term, title, options);
}

std::size_t dot_node_count(const std::string& dot_text) {
  std::size_t count = 0;
  std::istringstream in(dot_text);
  for (std::string line; std::getline(in, line);)
    count += line.find(" [label=") != std::string::npos && line.find(" -> ") == std::string::npos;
  return count;
}

namespace {

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

bool write_dot_and_svg(const std::string& dot_text, const std::string& dot_path) {
  write_text_file(dot_path, dot_text);
  if (std::system("command -v dot > /dev/null 2>&1") != 0) return false;
  std::string svg = dot_path.substr(0, dot_path.size() - 4) + ".svg";
  std::string command = "dot -Tsvg " + shell_quote(dot_path) + " -o " + shell_quote(svg) + " 2> /dev/null";
  return std::system(command.c_str()) == 0;
}

}  // namespace chad

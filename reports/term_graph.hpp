// Graphviz pictures of terms for counterexample reports: one box per node (its former, with
// the variable, constructor, primitive or literal it names), edges to its subterms in order,
// branches labelled by constructor. Large terms are cut at `max_nodes` (a "..." node marks
// the cut); chosen subterms can be drawn as one box (collapsed). Labels are escaped once for
// Graphviz (syntax/graphviz_text.hpp). write_dot_and_svg runs Graphviz's `dot` when it is
// installed.
#pragma once
#include <map>
#include <string>

#include "syntax/term.hpp"

namespace chad {

struct TermDotOptions {
  int max_nodes = 400;
  int highlight_id = -1;              // the node with this pre-order position (from 0) is filled red, "blamed"
  const Term* highlight = nullptr;    // or this node
  // Nodes drawn as one dashed box with this label, their subterms left out (another rule's output).
  std::map<const Term*, std::string> collapsed;
  std::string context;  // non-empty: a dashed box above the term with this label (where it sits)
};

std::string term_dot(const TermP& term, const std::string& title, const TermDotOptions& options);
std::string term_dot(const TermP& term, const std::string& title, int max_nodes = 400, int highlight = -1);

// The number of nodes a picture of term_dot draws (every box: the context, collapsed boxes and
// the "..." of a cut included).
std::size_t dot_node_count(const std::string& dot_text);

// Writes `dot_path` and, if `dot` is on the PATH, the SVG next to it (same name, .svg).
// Returns false when the SVG could not be made.
bool write_dot_and_svg(const std::string& dot_text, const std::string& dot_path);

}  // namespace chad

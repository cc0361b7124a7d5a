// Graphviz pictures of terms for counterexample reports: one box per node (its former, with
// the variable, constructor, primitive or literal it names), edges to its subterms in order,
// branches labelled by constructor. Large terms are cut at `max_nodes` (a "..." node marks
// the cut). render_svg runs Graphviz's `dot` when it is installed.
#pragma once
#include <string>

#include "syntax/term.hpp"

namespace chad {

std::string term_dot(const TermP& term, const std::string& title, int max_nodes = 400, int highlight = -1);

// Writes `dot_path` and, if `dot` is on the PATH, the SVG next to it (same name, .svg).
// Returns false when the SVG could not be made.
bool write_dot_and_svg(const std::string& dot_text, const std::string& dot_path);

}  // namespace chad

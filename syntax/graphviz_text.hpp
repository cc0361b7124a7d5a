// Text inside a Graphviz label or title: `"` and `\` escaped. Shared by the pictures of terms
// (reports/term_graph.cpp) and of string diagrams (diagrams/dot.cpp).
#pragma once
#include <string>

namespace chad {

inline std::string graphviz_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace chad

#include "triage/input_shrink.hpp"

#include <algorithm>

#include "triage/shrink_terms.hpp"
#include "syntax/parser.hpp"

namespace chad {

int input_depth(int draw, int count) {
  if (count <= 1) return 3;
  return std::min(kLargestInputDepth, draw * kLargestInputDepth / (count - 1));
}

namespace {

std::size_t input_nodes(const std::string& input) { return term_size(parse_term(input, "<--at>")); }

}  // namespace

InputShrinkResult shrink_input(const std::string& program_text, const std::string& input,
                               const std::function<bool(const std::string&)>& still_fails, int budget) {
  InputShrinkResult r;
  r.original_nodes = input_nodes(input);
  TermShrinkResult shrunk = shrink_input_terms(
      GeneratedCase{program_text, input}, [&](const GeneratedCase& g) { return still_fails(g.input); }, budget);
  r.input = shrunk.shrunk.input;
  r.nodes = input_nodes(r.input);
  r.candidates = shrunk.candidates;
  return r;
}

}  // namespace chad

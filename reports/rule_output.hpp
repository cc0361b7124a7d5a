// The part of CHAD's output that one rule made, for a picture cut to the blamed rule: the main
// function is transformed again with every rule of the table wrapped so as to record what each
// source node became (before chad/inline_linear.hpp inlines linear lets, which mixes the parts).
// The output of the chosen node comes with the nodes in it that the rules of its own subterms
// made (drawn as one box each) and the source node around it (the context).
#pragma once
#include <map>
#include <optional>
#include <string>

#include "chad/transformer.hpp"

namespace chad {

struct RuleOutput {
  TermP source;  // the source node
  TermP output;  // what its rule returned: D(source), in the source node's context
  // Nodes of `output` that the rules of the source node's subterms made -> "Drev(subterm)".
  std::map<const Term*, std::string> others;
  std::string parent;  // the source node's parent, printed short ("" for the main function itself)
  std::string parent_rule;  // its rule, "reverse let"
};

// The part made by the rule of the node at `function_node` (pre-order position in the main
// function, as triage/blame.hpp numbers it); nothing when there is no such node. Throws what the
// transformation throws.
std::optional<RuleOutput> rule_output(const CheckedProgram& program, const ChadOptions& options,
                                      std::size_t function_node);

}  // namespace chad

#include "reports/rule_output.hpp"

#include <unordered_map>
#include <vector>

#include "triage/blame.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// The term printed on one line, at most `width` characters.
std::string short_print(const TermP& t, std::size_t width = 28) {
  std::string text = print_term(t);
  for (char& c : text)
    if (c == '\n') c = ' ';
  return text.size() <= width ? text : text.substr(0, width - 3) + "...";
}

// Every node of `term` (shared subterms once).
template <class Visit>
void each_node(const TermP& term, Visit visit) {
  std::vector<const Term*> stack{term.get()};
  while (!stack.empty()) {
    const Term* t = stack.back();
    stack.pop_back();
    visit(t);
    for (const TermP& a : t->args) stack.push_back(a.get());
    for (const Branch& b : t->branches) stack.push_back(b.body.get());
  }
}

}  // namespace

std::optional<RuleOutput> rule_output(const CheckedProgram& program, const ChadOptions& options,
                                      std::size_t function_node) {
  const std::vector<TermP> sources = subterms_in_preorder(program.main_function);
  if (function_node >= sources.size()) return std::nullopt;
  // The rule table, each rule recording its output by source node.
  RuleTable recording = options.rules ? *options.rules : RuleTable::standard();
  std::unordered_map<const Term*, TermP> made;
  for (int kind = 0; kind < kTermKindCount; ++kind) {
    ChadRule& rule = recording.rule(options.mode, TermKind(kind));
    if (!rule) continue;
    rule = [inner = rule, &made](const TermP& source, Transformer& self) {
      TermP output = inner(source, self);
      made[source.get()] = output;
      return output;
    };
  }
  ChadOptions recorded = options;
  recorded.rules = &recording;
  Transformer transformer({}, recorded);
  transformer.transform(program.main_function);

  RuleOutput part;
  part.source = sources[function_node];
  const auto it = made.find(part.source.get());
  if (it == made.end()) return std::nullopt;
  part.output = it->second;
  // The subterms' parts: outer ones first, so that a deeper subterm's part keeps its own name.
  const std::string d = std::string("D") + chad_mode_name(options.mode);
  const std::vector<TermP> inside = subterms_in_preorder(part.source);
  for (std::size_t i = 1; i < inside.size(); ++i) {
    const auto sub = made.find(inside[i].get());
    if (sub == made.end()) continue;
    const std::string name = d + "(" + short_print(inside[i]) + ")";
    each_node(sub->second, [&](const Term* t) { part.others[t] = name; });
  }
  part.others.erase(part.output.get());
  for (const TermP& candidate : sources) {
    bool is_parent = false;
    for (const TermP& a : candidate->args) is_parent = is_parent || a == part.source;
    for (const Branch& b : candidate->branches) is_parent = is_parent || b.body == part.source;
    if (!is_parent) continue;
    part.parent = short_print(candidate, 40);
    part.parent_rule = chad_rule_name(options.mode, *candidate);
    break;
  }
  return part;
}

}  // namespace chad

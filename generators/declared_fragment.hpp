// A tool's declared fragment (docs/adapter-protocol.md: the hello's `primitives` and `formers`):
// the names it may use (the op names of docs/program-json.md, the term formers' JSON tags),
// whether a term lies inside it, and the generator features it narrows. The generator draws only
// inside GeneratorFeatures::primitives / formers (generate_case draws again until it is).
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generators/program_generator.hpp"
#include "syntax/term.hpp"
#include "syntax/term_former_names.hpp"

namespace chad {

// "+", "-", "*", "/", "neg", "sin", ...: every primitive's name in a program's JSON form.
const std::vector<std::string>& known_primitive_names();
// "var", "literal", "array", ..., "app", ..., "prim": every source term former's JSON tag.
const std::vector<std::string>& known_former_names();

// The primitives and formers `term` uses (of every node, branches included), as JSON names.
struct TermVocabulary {
  std::set<std::string> primitives, formers;
};
TermVocabulary term_vocabulary(const Term& term);

// Whether every primitive and former of `term` is in `primitives` / `formers` (an absent set
// allows every one).
bool inside_fragment(const Term& term, const std::optional<std::set<std::string>>& primitives,
                     const std::optional<std::set<std::string>>& formers);

// The names of `vocabulary` outside the fragment, "sin, fold" ("" when inside).
std::string outside_fragment(const TermVocabulary& vocabulary, const std::optional<std::set<std::string>>& primitives,
                             const std::optional<std::set<std::string>>& formers);

// `features` narrowed to a declared fragment: the sets stored (generate_case keeps to them) and
// the features whose formers or primitives the fragment lacks turned off, so that few draws are
// thrown away (functions without fun/app, sums without inject/case, inductive without roll/fold,
// coinductive without unfold/unroll, comparisons without < and >, partial without log, sqrt and /,
// arrays without any array primitive). Absent sets change nothing.
void narrow_to_fragment(GeneratorFeatures& features, const std::optional<std::set<std::string>>& primitives,
                        const std::optional<std::set<std::string>>& formers);

}  // namespace chad

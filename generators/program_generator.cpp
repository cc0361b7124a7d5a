// The generator's features and its entry point; the generator itself is
// generators/term_generator.hpp.
#include "generators/program_generator.hpp"

#include <sstream>
#include <stdexcept>

#include "generators/declared_fragment.hpp"
#include "generators/term_generator.hpp"

namespace chad {

namespace {

// "second-set~40%" -> {"second-set", 40}; nullopt when `item` has no `~`.
std::optional<std::pair<std::string, int>> mixed_item(const std::string& item) {
  const std::size_t tilde = item.find('~');
  if (tilde == std::string::npos) return std::nullopt;
  const std::string name = item.substr(0, tilde), share = item.substr(tilde + 1);
  int percent = 0;
  std::size_t used = 0;
  try {
    percent = std::stoi(share, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || share.substr(used) != "%" || percent < 1 || percent > 99)
    throw std::invalid_argument("`" + item + "`: a mixed feature is written name~P% with P from 1 to 99");
  if (name != "second-set" && name != "edges" && name != "shapes")
    throw std::invalid_argument("`" + item + "`: only second-set, edges and shapes mix per program");
  return std::pair{name, percent};
}

}  // namespace

// Each feature drawn on its own. The second set in most programs (each of its 20 primitives in
// at least 3% of them); edges in as many as `+edges` puts at the edges (kEdgeSharePercent); the
// shapes in fewer (nested mu types and negative divisors, which few faults need).
GeneratorFeatures::Mix GeneratorFeatures::proposed_mix() { return {60, kEdgeSharePercent, 40}; }

// The default since issue #30 (bench/RESULTS.md, "Issue #30: the mix as the default").
GeneratorFeatures::Mix GeneratorFeatures::default_mix() { return proposed_mix(); }

GeneratorFeatures GeneratorFeatures::parse(const std::string& text) {
  GeneratorFeatures f;
  std::set<std::string> first_default_named, mixable_named;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    if (const auto mixed = mixed_item(item)) {
      mixable_named.insert(mixed->first);
      if (mixed->first == "second-set") f.second_set = false, f.mix.second_set = mixed->second;
      if (mixed->first == "edges") f.edges = false, f.mix.edges = mixed->second;
      if (mixed->first == "shapes") f.shapes = false, f.mix.shapes = mixed->second;
      continue;
    }
    bool on = true;
    if (item[0] == '-' || item[0] == '+') {
      on = item[0] == '+';
      item = item.substr(1);
    }
    bool* flags[] = {&f.functions, &f.sums,        &f.inductive, &f.coinductive,
                     &f.arrays,    &f.comparisons, &f.partial,   &f.higher_order};
    const char* names[] = {"functions", "sums",        "inductive", "coinductive",
                           "arrays",    "comparisons", "partial",   "higher-order"};
    if (item == "mix") {  // the proposed mix, for the three features at once
      f.mix = proposed_mix();
      f.second_set = f.edges = f.shapes = false;
      continue;
    }
    if (item == "all" || item == "none") {
      for (bool* flag : flags) *flag = item == "all" ? on : !on;
      continue;
    }
    bool known = false;
    if (item == "second-set" || item == "edges" || item == "shapes") mixable_named.insert(item);
    if (item == "inductive-input") f.inductive_input = on, known = true;
    if (item == "second-set") f.force_second_set(on), known = true;
    if (item == "edges") f.force_edges(on), known = true;
    if (item == "edges-only") f.edges_only = on, known = true;
    if (item == "shapes") f.force_shapes(on), known = true;
    for (int i = 0; i < 8; ++i)
      if (item == names[i]) *flags[i] = on, known = true, first_default_named.insert(item);
    if (!known)
      throw std::invalid_argument("unknown feature `" + item +
                                  "` (known: functions, sums, inductive, coinductive, arrays, "
                                  "comparisons, partial, higher-order, inductive-input, second-set, edges, edges-only, shapes, all, none; prefix - "
                                  "to turn one off; second-set~P%, edges~P%, shapes~P% to mix one per program, mix for the "
                                  "proposed mix of the three)");
  }
  // A list as describe() writes it (all eight named): what it does not name is off, as in every
  // list recorded before the mix.
  if (first_default_named.size() == 8) {
    if (!mixable_named.count("second-set")) f.force_second_set(false);
    if (!mixable_named.count("edges")) f.force_edges(false);
    if (!mixable_named.count("shapes")) f.force_shapes(false);
  }
  return f;
}

std::string GeneratorFeatures::describe() const {
  std::string s;
  auto add = [&](bool on, const char* name) { s += std::string(s.empty() ? "" : ",") + (on ? "" : "-") + name; };
  auto add_mixed = [&](int percent, const char* name) {
    s += "," + std::string(name) + "~" + std::to_string(percent) + "%";
  };
  add(functions, "functions");
  add(sums, "sums");
  add(inductive, "inductive");
  add(coinductive, "coinductive");
  add(arrays, "arrays");
  add(comparisons, "comparisons");
  add(partial, "partial");
  add(higher_order, "higher-order");
  if (inductive_input) add(true, "inductive-input");  // named only when on (older logs lack it)
  if (mix.second_set > 0) add_mixed(mix.second_set, "second-set");
  else if (second_set) add(true, "second-set");  // the same
  if (mix.edges > 0) add_mixed(mix.edges, "edges");
  else if (edges) add(true, "edges");  // the same
  if (edges_only) add(true, "edges-only");
  if (mix.shapes > 0) add_mixed(mix.shapes, "shapes");
  else if (shapes) add(true, "shapes");
  return s;
}

GeneratorFeatures features_of_one_program(ChoiceSource& choices, const GeneratorFeatures& features) {
  GeneratorFeatures drawn = features;
  // Choice 0 is off (the simplest), so a shrunk program drops a feature it does not need.
  auto draw = [&](int percent) { return choices.pick(100) >= 100 - percent; };
  if (features.mix.second_set > 0) drawn.force_second_set(draw(features.mix.second_set));
  if (features.mix.edges > 0) {
    drawn.force_edges(draw(features.mix.edges));
    drawn.edges_only = drawn.edges_only || drawn.edges;  // a mixed-in program's input is at the edges
  }
  if (features.mix.shapes > 0) drawn.force_shapes(draw(features.mix.shapes));
  return drawn;
}

GeneratedCase generate_case(ChoiceSource& choices, const GeneratorFeatures& features, int max_size) {
  if (!features.primitives && !features.formers) {
    const GeneratorFeatures drawn = features_of_one_program(choices, features);
    return TermGenerator(choices, drawn).generate(max_size);
  }
  // Inside a declared fragment: draw again (on from the same choices, so a replay of the recording
  // gives the same program) until the program keeps to it.
  for (int draw = 0; draw < kFragmentDraws; ++draw) {
    const GeneratorFeatures drawn = features_of_one_program(choices, features);
    TermGenerator generator(choices, drawn);
    GeneratedCase generated = generator.generate(max_size);
    if (inside_fragment(*generator.body(), features.primitives, features.formers)) return generated;
  }
  ChoiceSource simplest(std::vector<std::uint32_t>{});
  const GeneratorFeatures drawn = features_of_one_program(simplest, features);
  return TermGenerator(simplest, drawn).generate(max_size);
}

}  // namespace chad

// The generator's features and its entry point; the generator itself is
// generators/term_generator.hpp.
#include "generators/program_generator.hpp"

#include <sstream>
#include <stdexcept>

#include "generators/declared_fragment.hpp"
#include "generators/term_generator.hpp"

namespace chad {

GeneratorFeatures GeneratorFeatures::parse(const std::string& text) {
  GeneratorFeatures f;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    bool on = true;
    if (item[0] == '-' || item[0] == '+') {
      on = item[0] == '+';
      item = item.substr(1);
    }
    bool* flags[] = {&f.functions, &f.sums,        &f.inductive, &f.coinductive,
                     &f.arrays,    &f.comparisons, &f.partial,   &f.higher_order};
    const char* names[] = {"functions", "sums",        "inductive", "coinductive",
                           "arrays",    "comparisons", "partial",   "higher-order"};
    if (item == "all" || item == "none") {
      for (bool* flag : flags) *flag = item == "all" ? on : !on;
      continue;
    }
    bool known = false;
    if (item == "inductive-input") f.inductive_input = on, known = true;
    if (item == "second-set") f.second_set = on, known = true;
    if (item == "edges") f.edges = on, known = true;
    if (item == "edges-only") f.edges_only = on, known = true;
    if (item == "shapes") f.shapes = on, known = true;
    for (int i = 0; i < 8; ++i)
      if (item == names[i]) *flags[i] = on, known = true;
    if (!known)
      throw std::invalid_argument("unknown feature `" + item +
                                  "` (known: functions, sums, inductive, coinductive, arrays, "
                                  "comparisons, partial, higher-order, inductive-input, second-set, edges, edges-only, shapes, all, none; prefix - "
                                  "to turn one off)");
  }
  return f;
}

std::string GeneratorFeatures::describe() const {
  std::string s;
  auto add = [&](bool on, const char* name) { s += std::string(s.empty() ? "" : ",") + (on ? "" : "-") + name; };
  add(functions, "functions");
  add(sums, "sums");
  add(inductive, "inductive");
  add(coinductive, "coinductive");
  add(arrays, "arrays");
  add(comparisons, "comparisons");
  add(partial, "partial");
  add(higher_order, "higher-order");
  if (inductive_input) add(true, "inductive-input");  // named only when on (older logs lack it)
  if (second_set) add(true, "second-set");            // the same
  if (edges) add(true, "edges");                      // the same
  if (edges_only) add(true, "edges-only");
  if (shapes) add(true, "shapes");
  return s;
}

GeneratedCase generate_case(ChoiceSource& choices, const GeneratorFeatures& features, int max_size) {
  if (!features.primitives && !features.formers) return TermGenerator(choices, features).generate(max_size);
  // Inside a declared fragment: draw again (on from the same choices, so a replay of the recording
  // gives the same program) until the program keeps to it.
  for (int draw = 0; draw < kFragmentDraws; ++draw) {
    TermGenerator generator(choices, features);
    GeneratedCase generated = generator.generate(max_size);
    if (inside_fragment(*generator.body(), features.primitives, features.formers)) return generated;
  }
  ChoiceSource simplest(std::vector<std::uint32_t>{});
  return TermGenerator(simplest, features).generate(max_size);
}

}  // namespace chad

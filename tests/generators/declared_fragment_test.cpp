// The declared fragment (generators/declared_fragment.hpp): the names the oracle knows, the
// vocabulary of a term, and the generator keeping to a fragment: every program drawn for a tool
// that declares no `sin` and no `fold` uses neither, replays the same, and the default draws
// (no fragment declared) are those of the generator without switches.
#include <gtest/gtest.h>

#include <algorithm>

#include "generators/declared_fragment.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/parser.hpp"
#include "syntax/type_checker.hpp"

namespace chad {
namespace {

bool known(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::set<std::string> all_but(const std::vector<std::string>& names, std::set<std::string> left_out) {
  std::set<std::string> out;
  for (const std::string& n : names)
    if (!left_out.count(n)) out.insert(n);
  return out;
}

TEST(DeclaredFragment, TheKnownNamesAreThoseOfTheProgramsJsonForm) {
  for (const char* p : {"+", "-", "*", "/", "neg", "sin", "softplus", "matvec", "get", "vec", "<", ">"})
    EXPECT_TRUE(known(known_primitive_names(), p)) << p;
  EXPECT_FALSE(known(known_primitive_names(), "?"));
  for (const char* f : {"var", "literal", "array", "fun", "app", "inject", "case", "fold", "unfold", "ascribe", "prim"})
    EXPECT_TRUE(known(known_former_names(), f)) << f;
  EXPECT_FALSE(known(known_former_names(), "application"));  // the coverage name, not the JSON tag
}

TEST(DeclaredFragment, ATermsVocabularyNamesNegationApartFromSubtraction) {
  const TermP t = parse_term("fun (y : real) -> sin(y) - (-y)", "<test>");
  const TermVocabulary v = term_vocabulary(*t);
  EXPECT_EQ(v.primitives, (std::set<std::string>{"sin", "-", "neg"}));
  EXPECT_TRUE(v.formers.count("fun"));
  EXPECT_TRUE(v.formers.count("prim"));
  EXPECT_EQ(outside_fragment(v, std::set<std::string>{"sin", "-"}, std::nullopt), "neg");
  EXPECT_TRUE(inside_fragment(*t, std::nullopt, std::nullopt));
  EXPECT_FALSE(inside_fragment(*t, std::nullopt, std::set<std::string>{"var", "prim"}));
}

TEST(DeclaredFragment, EveryProgramDrawnKeepsToTheFragmentAndReplays) {
  run_with_deep_stack([] {
    GeneratorFeatures f;
    narrow_to_fragment(f, all_but(known_primitive_names(), {"sin", "softplus"}), all_but(known_former_names(), {"fold"}));
    EXPECT_FALSE(f.inductive);  // no fold: no lists or trees to fold
    int drawn = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      ChoiceSource choices(seed);
      const GeneratedCase g = generate_case(choices, f, 25);
      SCOPED_TRACE(g.program);
      const CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
      const TermVocabulary v = term_vocabulary(*p.main_function);
      EXPECT_FALSE(v.primitives.count("sin"));
      EXPECT_FALSE(v.primitives.count("softplus"));
      EXPECT_FALSE(v.formers.count("fold"));
      drawn += v.primitives.size() > 1;
      ChoiceSource replay(choices.recording());
      EXPECT_EQ(generate_case(replay, f, 25).program, g.program);
    }
    EXPECT_GT(drawn, 200);  // not just the simplest program
  });
}

TEST(DeclaredFragment, WithoutADeclarationTheDrawsAreUnchanged) {
  GeneratorFeatures narrowed;
  narrow_to_fragment(narrowed, std::nullopt, std::nullopt);
  EXPECT_FALSE(narrowed.primitives || narrowed.formers);
  GeneratorFeatures everything;
  narrow_to_fragment(everything, std::set<std::string>(known_primitive_names().begin(), known_primitive_names().end()),
                     std::set<std::string>(known_former_names().begin(), known_former_names().end()));
  run_with_deep_stack([&] {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      ChoiceSource a(seed), b(seed);
      // Everything declared: the same programs as no declaration (no draw is thrown away).
      EXPECT_EQ(generate_case(a, GeneratorFeatures{}, 25).program, generate_case(b, everything, 25).program);
    }
  });
}

// A tool that declares only first-set primitives, in a campaign with `+second-set` (or the
// default mix, issue #30): the second set's draws are switched off, so its programs are those of
// `-second-set` (no draw spent on a primitive it would decline); one that declares any of the
// second set keeps the feature.
TEST(DeclaredFragment, AFirstSetToolIsDrawnWithoutTheSecondSet) {
  const std::vector<std::string> first = {"+", "-", "*", "/", "neg", "sin", "cos", "exp", "tanh", "sigmoid",
                                          "softplus", "log", "sqrt", "sum", "dot", "matvec", "scale", "get", "vec"};
  GeneratorFeatures f = GeneratorFeatures::parse("+second-set,+edges");
  narrow_to_fragment(f, std::set<std::string>(first.begin(), first.end()), std::nullopt);
  EXPECT_FALSE(f.second_set);
  EXPECT_TRUE(f.edges);  // inputs at the edges stay: every tool gets them
  GeneratorFeatures mixed;  // the default: the second set drawn per program, switched off as a whole
  narrow_to_fragment(mixed, std::set<std::string>(first.begin(), first.end()), std::nullopt);
  EXPECT_FALSE(mixed.second_set);
  EXPECT_EQ(mixed.mix.second_set, 0);
  EXPECT_EQ(mixed.mix.edges, kEdgeSharePercent);  // the other two keep their shares
  EXPECT_EQ(mixed.mix.shapes, GeneratorFeatures::proposed_mix().shapes);
  GeneratorFeatures g = GeneratorFeatures::parse("+second-set");
  narrow_to_fragment(g, std::set<std::string>{"sin", "hypot"}, std::nullopt);
  EXPECT_TRUE(g.second_set);
  run_with_deep_stack([&] {
    GeneratorFeatures without = GeneratorFeatures::parse("+edges,-second-set");
    without.primitives = f.primitives;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      ChoiceSource a(seed), b(seed);
      EXPECT_EQ(generate_case(a, f, 25).program, generate_case(b, without, 25).program);
    }
  });
}

TEST(DeclaredFragment, ADeclarationWithoutAdditionIsKeptEvenWhereDrawsAreRare) {
  run_with_deep_stack([] {
    GeneratorFeatures f;
    narrow_to_fragment(f, std::set<std::string>{"sin", "*"}, std::nullopt);
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      ChoiceSource choices(seed);
      const GeneratedCase g = generate_case(choices, f, 25);
      const CheckedProgram p = check_program(parse_program(g.program, "<generated>"));
      for (const std::string& prim : term_vocabulary(*p.main_function).primitives)
        EXPECT_TRUE(prim == "sin" || prim == "*") << g.program;
    }
  });
}

}  // namespace
}  // namespace chad

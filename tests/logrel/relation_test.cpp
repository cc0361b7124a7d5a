// The logical relations (logrel/): CHAD's output is related to the program's meaning at every
// type of the bundled examples and of programs returning functions and streams, in both modes
// and every sums strategy; injected faults break the relation, at the position of the type
// where the fault shows.
#include <gtest/gtest.h>

#include <filesystem>

#include "../support/example_programs.hpp"
#include "logrel/program_relation.hpp"
#include "logrel/term_relation.hpp"
#include "syntax/parser.hpp"
#include "references/input_value.hpp"
#include "mutants/mutants.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

std::optional<RelationFailure> check(const CheckedProgram& program, const std::string& at, ChadMode mode,
                                     SumsStrategy sums, const RuleTable* rules = nullptr,
                                     FunctionsStrategy functions = kDefaultFunctionsStrategy) {
  std::optional<RelationFailure> failure;
  run_with_deep_stack([&] {
    NormalForm<double> point = read_input_point(program, at);
    std::vector<double> direction;
    for (std::size_t i = 0; i < point.coords.size(); ++i) direction.push_back(i % 2 ? -0.5 : 1.0 + double(i));
    ChadOptions chad_options{mode, sums, rules};
    chad_options.functions = functions;
    ChadProgram chad = chad_program(program, chad_options);
    RelationOptions options;
    options.sums = sums;
    options.functions = functions;
    failure = check_program_relation<double>(
        program, chad, curve_through<double>(program.input_type, point, direction, sums), options);
  });
  return failure;
}

const ChadMode kModes[] = {ChadMode::Forward, ChadMode::Reverse};

TEST(Relation, HoldsOnEveryExampleInBothModesAndEverySumsStrategy) {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/examples")) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".chad") continue;
    CheckedProgram program = testing::load_example(name);
    for (ChadMode mode : kModes)
      for (SumsStrategy sums : kAllSumsStrategies)
        for (FunctionsStrategy functions : kAllFunctionsStrategies) {
          auto failure = check(program, testing::example_point(name), mode, sums, nullptr, functions);
          EXPECT_FALSE(failure) << name << " (" << functions_strategy_name(functions) << "): " << failure->position
                                << ": " << failure->detail;
          ++checked;
        }
  }
  EXPECT_GE(checked, 14 * 6 * 2);
}

// Programs whose results are functions and streams, and a function taking a function.
const char* const kHigherOrder[] = {
    "def main (x : real) : real -> real = fun (y : real) -> x * sin(y);",
    "def main (x : real * real) : (real -> real * real) * real =\n"
    "  (fun (y : real) -> (fst x * y, exp(snd x + y)), fst x * snd x);",
    "type Stream = nu s. real * s;\n"
    "def main (x : real) : Stream = unfold x with s -> (sin(s), s * x);",
    "def main (x : real) : (real -> real) -> real = fun (g : real -> real) -> g (x * x) + x * g x;",
    "type Shape = < Circle : real | Square : real * real >;\n"
    "def main (x : real) : Shape -> real = fun (s : Shape) -> case s of {\n"
    "  Circle r -> x * r * r | Square p -> x * fst p + snd p };",
    "type Stream = nu s. real * s;\n"
    "def main (x : real) : real -> Stream = fun (y : real) -> unfold y with s -> (x * s, s + x);",
};

TEST(Relation, HoldsForFunctionAndStreamResults) {
  for (const char* text : kHigherOrder) {
    CheckedProgram program = testing::load_source(text);
    for (ChadMode mode : kModes)
      for (SumsStrategy sums : kAllSumsStrategies)
        for (FunctionsStrategy functions : kAllFunctionsStrategies) {
          const char* at = program.input_type->kind == TypeKind::Prod ? "(0.75, -1.25)" : "0.75";
          auto failure = check(program, at, mode, sums, nullptr, functions);
          EXPECT_FALSE(failure) << text << " (" << functions_strategy_name(functions) << ")\n" << failure->position
                                << ": " << failure->detail;
        }
  }
}

TEST(Relation, AFaultInsideAReturnedFunctionIsFoundThroughApplication) {
  CheckedProgram program = testing::load_source(kHigherOrder[0]);
  auto failure = check(program, "0.75", ChadMode::Reverse, SumsStrategy::Biproduct,
                       &find_mutant("rev-prim-doubles")->rules);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->position.rfind("apply(", 0), 0u) << failure->position;
  EXPECT_NE(failure->position.find("coordinate 0"), std::string::npos);
  // 2 x sin y against x sin y: a relative error of order 1, not a rounding difference.
  EXPECT_GT(failure->error, 0.1);
}

TEST(Relation, AFaultInAStreamIsFoundAtTheObservationThatShowsIt) {
  const char* text =
      "type Stream = nu s. real * s;\n"
      "def main (x : real) : Stream = unfold x with s -> let t = s * x in (t, t);";
  CheckedProgram program = testing::load_source(text);
  auto failure = check(program, "0.75", ChadMode::Forward, SumsStrategy::Biproduct,
                       &find_mutant("fwd-let-drops-bound")->rules);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->position, "unroll . fst . coordinate 0") << failure->detail;
  EXPECT_FALSE(check(program, "0.75", ChadMode::Forward, SumsStrategy::Biproduct));
}

TEST(Relation, TheSecondComponentOfAPairIsBlamedWhenOnlyItIsWrong) {
  // The only primitive is in the second component.
  const char* text = "def main (x : real) : (real -> real) * real = (fun (y : real) -> y, x * x);";
  CheckedProgram program = testing::load_source(text);
  auto failure = check(program, "1.5", ChadMode::Reverse, SumsStrategy::Lifted,
                       &find_mutant("rev-prim-doubles")->rules);
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->position, "snd . coordinate 0") << failure->detail;
}

// A term in a context with a variable of function type (g, a sampled related function) and one
// of stream type (s, a stream of sampled elements).
std::optional<RelationFailure> check_in_context(const std::string& text, const RuleTable* rules, ChadMode mode,
                                                FunctionsStrategy functions = kDefaultFunctionsStrategy) {
  const TypeP stream = nu_type("a", prod_type(real_type(), var_type("a")));
  Context context = {{"g", arrow_type(real_type(), real_type())}, {"y", real_type()}, {"s", stream}};
  TermP term = check_term(context, parse_term(text, "<test>"), real_type());
  SampleRng rng(5);
  std::vector<RelatedSample<double>> values;
  for (const auto& [name, type] : context)
    values.push_back(*sample_related<double>(type, mode, SumsStrategy::Biproduct, rng, functions));
  RelationOptions options;
  options.functions = functions;
  ChadOptions chad{mode, SumsStrategy::Biproduct, rules};
  chad.functions = functions;
  return check_term_relation<double>(context, term, values, chad, options);
}

TEST(Relation, ATermIsCheckedInAContextWithFunctionAndStreamVariables) {
  for (ChadMode mode : kModes) {
    EXPECT_FALSE(check_in_context("g (y * y) + g y", nullptr, mode));
    EXPECT_FALSE(check_in_context("fst (unroll (snd (unroll s))) * g (fst (unroll s))", nullptr, mode));
    // The second element's cotangent must reach the stream's second sample.
    EXPECT_TRUE(check_in_context("fst (unroll (snd (unroll s))) * y", &find_mutant("rev-unroll-drops")->rules,
                                 ChadMode::Reverse));
    EXPECT_TRUE(check_in_context("fst (unroll (snd (unroll s))) * y", &find_mutant("fwd-unroll-drops")->rules,
                                 ChadMode::Forward));
    // The argument's derivative flows through the sampled function's own derivative.
    EXPECT_TRUE(check_in_context("g (y * y)", &find_mutant("rev-prim-doubles")->rules, ChadMode::Reverse));
  }
}

// The same with the efficient functions strategy: the sampled function's own (co)tangent is a
// packed env, which CHAD's output must route to (forward) / from (reverse) its applications.
TEST(Relation, ATermIsCheckedInAContextWithAFunctionVariableUnderEfficientFunctions) {
  const FunctionsStrategy E = FunctionsStrategy::Efficient;
  for (ChadMode mode : kModes) {
    EXPECT_FALSE(check_in_context("g (y * y) + g y", nullptr, mode, E));
    EXPECT_FALSE(check_in_context("let h = fun (z : real) -> g (z * y) in h y + h 2", nullptr, mode, E));
    EXPECT_FALSE(check_in_context("fst (unroll (snd (unroll s))) * g (fst (unroll s))", nullptr, mode, E));
  }
  // Dropping the function's own share at an application is found in both modes.
  EXPECT_TRUE(check_in_context("g (y * y)", &find_mutant("rev-app-drops-function")->rules, ChadMode::Reverse, E));
  EXPECT_TRUE(
      check_in_context("g (y * y)", &find_mutant("fwd-app-drops-function-tangent")->rules, ChadMode::Forward, E));
  // So is a closure that drops its environment's cotangent (the pack) / ignores its tangent:
  // with g a = c(r) + M a and y = y0 + t r, d/dr (g y * y) = (c' + M t) y + g(y) t, while the
  // fault keeps only the share through the argument z = y, M t y. With the sample's c = -2 - r,
  // y = 1 + 0.5 r at r = 0 these are -2 + M and 0.5 M: equal only for M = 4, outside its -2 .. 3.
  const char* closure = "let h = fun (z : real) -> g z * y in h y";
  EXPECT_TRUE(check_in_context(closure, &find_mutant("rev-fun-drops-env")->rules, ChadMode::Reverse, E));
  EXPECT_TRUE(check_in_context(closure, &find_mutant("fwd-fun-ignores-env")->rules, ChadMode::Forward, E));
}

}  // namespace
}  // namespace chad

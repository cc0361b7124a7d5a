// verify_inputs (`verify --inputs N`): random inputs of a fixed program with sizes growing; a
// correct program passes at every input; under a mutant that shows only on lists of two or more
// elements the first failing input is shrunk, the program fixed, to the smallest failing list.
#include <gtest/gtest.h>

#include <cmath>

#include "../support/example_programs.hpp"
#include "mutants/mutants.hpp"
#include "triage/input_shrink.hpp"
#include "verify/verify.hpp"
#include "references/input_value.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

// The product of a non-empty list: [a] is a, [a1, a2, ..., an] is a1 * (a2 * (... * an)).
const char* const kListProduct =
    "type NEList = mu l. < Last : real | Cons : real * l >;\n"
    "def main (xs : NEList) : real =\n"
    "  fold xs with node -> case node of { Last a -> a | Cons p -> fst p * snd p };\n";

VerifyInputsResult run_inputs(const std::string& source, const std::optional<std::string>& given, int count,
                              const RuleTable* rules) {
  CheckedProgram program = testing::load_source(source);
  VerifyInputsOptions options;
  options.count = count;
  options.seed = 1;
  options.rules = rules;
  VerifyInputsResult result;
  run_with_deep_stack([&] { result = verify_inputs(program, source, given, options); });
  return result;
}

// Sizes grow linearly from 0 (base constructors only) to the largest depth at the last draw.
TEST(VerifyInputs, SizesGrowFromZeroToTheLargest) {
  EXPECT_EQ(input_depth(0, 20), 0);
  EXPECT_EQ(input_depth(19, 20), kLargestInputDepth);
  for (int k = 1; k < 20; ++k) EXPECT_LE(input_depth(k - 1, 20), input_depth(k, 20)) << k;
  EXPECT_EQ(input_depth(0, 1), 3) << "one input: the generator's default depth";
}

// A correct CHAD passes at all N inputs (the product has no domain errors or kinks: none is
// skipped), drawn small first: the first at depth 0 is a one-element list `Last a` (one real),
// and some later one holds three or more.
TEST(VerifyInputs, ACorrectProgramPassesAtEveryInput) {
  const CheckedProgram program = testing::load_source(kListProduct);
  VerifyInputsResult r = run_inputs(kListProduct, std::nullopt, 20, nullptr);
  EXPECT_FALSE(r.shrunk.has_value());
  ASSERT_EQ(r.points.size(), 20u);
  std::size_t longest = 0;
  for (const PointReport& p : r.points) {
    EXPECT_FALSE(p.given);
    EXPECT_TRUE(p.skipped.empty()) << p.skipped;
    EXPECT_TRUE(p.report.passed()) << p.at;
    longest = std::max(longest, read_input_point(program, p.at).coords.size());
  }
  EXPECT_EQ(r.points.front().depth, 0);
  EXPECT_EQ(read_input_point(program, r.points.front().at).coords.size(), 1u) << r.points.front().at;
  EXPECT_GE(longest, 3u) << "the sizes never grew";
}

// rev-mul-drops-term's reverse rule for a * b drops the cotangent v * a of b. On a one-element
// list `Last a` the program multiplies nothing, so the mutant is invisible there; on
// [a, b] = Cons (a, Last b) the output is a * b and d/db = a, which the mutant makes 0: it fails
// exactly when a != 0 (d/da = b stays right). So the smallest failing list has 2 elements, and
// among them the simplest by the shrinker's measure (fewer fractions, then smaller magnitudes) has
// b = 0 and a = 1 or -1 (a nonzero integer).
TEST(VerifyInputs, AFailingInputShrinksToTheSmallestFailingList) {
  const CheckedProgram program = testing::load_source(kListProduct);
  const RuleTable* faulty = &find_mutant("rev-mul-drops-term")->rules;
  // Given [0.75, 0, 2.25, -1.25]: d/da2 = 0.75 * 2.25 * -1.25 != 0 is dropped, so it fails. Its
  // tails [0, 2.25, -1.25] (every derivative but d/da1 is 0, and d/da1 is right) and [-1.25] pass;
  // [2.25, -1.25], inside it, fails: the shrinker must reach past the passing tail.
  const std::string given = "roll Cons (0.75, roll Cons (0, roll Cons (2.25, roll Last (-1.25))))";
  VerifyInputsResult r = run_inputs(kListProduct, given, 5, faulty);
  ASSERT_EQ(r.points.size(), 1u) << "the given point fails: no random input is drawn after it";
  ASSERT_TRUE(r.shrunk.has_value());
  EXPECT_EQ(r.shrunk->failure.mode, ChadMode::Reverse);
  EXPECT_EQ(r.shrunk->failure.verdict, Verdict::Fail);
  const std::vector<double> shrunk = read_input_point(program, r.shrunk->shrink.input).coords;
  ASSERT_EQ(shrunk.size(), 2u) << r.shrunk->shrink.input;
  EXPECT_EQ(std::fabs(shrunk[0]), 1.0) << r.shrunk->shrink.input;
  EXPECT_EQ(shrunk[1], 0.0) << r.shrunk->shrink.input;
  EXPECT_TRUE(r.shrunk->report.failed());
  EXPECT_LT(r.shrunk->shrink.nodes, r.shrunk->shrink.original_nodes);

  // From random inputs alone: the first one of two or more elements with a nonzero head fails.
  VerifyInputsResult random = run_inputs(kListProduct, std::nullopt, 20, faulty);
  ASSERT_TRUE(random.shrunk.has_value());
  const PointReport& failing = random.points.back();
  EXPECT_GE(read_input_point(program, failing.at).coords.size(), 2u) << failing.at;
  for (std::size_t k = 0; k + 1 < random.points.size(); ++k) EXPECT_FALSE(random.points[k].report.failed());
  EXPECT_EQ(read_input_point(program, random.shrunk->shrink.input).coords.size(), 2u) << random.shrunk->shrink.input;
}

// A mutant outside the rule table (its faults switched on around CHAD only): the derivative
// table's tanh' = 1 + tanh^2 instead of 1 - tanh^2 agrees only where tanh x = 0, at x = 0. Every
// nonzero input fails; the simplest (an integer, the smallest magnitude) is 1 or -1.
TEST(VerifyInputs, AFaultOutsideTheRuleTableShrinksToOneOrMinusOne) {
  const std::string source = "def main (x : real) : real = tanh(x);";
  CheckedProgram program = testing::load_source(source);
  VerifyInputsOptions options;
  options.count = 5;
  options.faults = &find_mutant("table-tanh-one-plus")->faults;
  VerifyInputsResult r;
  run_with_deep_stack([&] { r = verify_inputs(program, source, std::nullopt, options); });
  ASSERT_TRUE(r.shrunk.has_value());
  EXPECT_EQ(std::fabs(read_input_point(program, r.shrunk->shrink.input).coords.at(0)), 1.0) << r.shrunk->shrink.input;
  options.faults = nullptr;
  run_with_deep_stack([&] { r = verify_inputs(program, source, std::nullopt, options); });
  EXPECT_FALSE(r.shrunk.has_value()) << "without the fault, every input passes";
}

// Near the largest double, the shrinker's "fewer digits" edit (round(x * 10) / 10) overflows: it
// must not make an infinite literal (an internal error that lost the report, issue #34). A failure
// that holds only for huge first coordinates shrinks to a still-huge finite one.
TEST(VerifyInputs, AnInputNearTheLargestDoubleShrinksWithoutOverflow) {
  const std::string source = "def main (x : real, y : real) : real = x * y;";
  CheckedProgram program = testing::load_source(source);
  auto huge_first = [&](const std::string& input) { return read_input_point(program, input).coords.at(0) > 1e300; };
  InputShrinkResult r;
  run_with_deep_stack([&] { r = shrink_input(source, "(1.7e308, 0.25)", huge_first); });
  const std::vector<double> shrunk = read_input_point(program, r.input).coords;
  EXPECT_TRUE(std::isfinite(shrunk.at(0)) && shrunk.at(0) > 1e300) << r.input;
  EXPECT_EQ(shrunk.at(1), 0.0) << r.input;
}

}  // namespace
}  // namespace chad

// The efficient functions strategy (syntax/functions_strategy.hpp: closure conversion of a
// function's (co)tangent into its captured environment's, packed as `env`): its output
// type-checks on every example in both modes and every sums strategy, its Jacobians agree with
// the paper's strategy and the dual-number reference, it is right on a hand-derived example,
// and a packed environment meeting another context's is an internal error.
#include <gtest/gtest.h>

#include <filesystem>

#include "../support/example_programs.hpp"
#include "../support/tolerances.hpp"
#include "chad/target_builders.hpp"
#include "chad/transformer.hpp"
#include "model/linear_values.hpp"
#include "oracle/chad_jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"
#include "syntax/target_checker.hpp"

namespace chad {
namespace {

std::vector<std::string> example_names() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/examples"))
    if (entry.path().extension() == ".chad") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

ChadOptions efficient(ChadMode mode, SumsStrategy sums) {
  ChadOptions o{mode, sums, nullptr};
  o.functions = FunctionsStrategy::Efficient;
  return o;
}

TEST(EfficientFunctions, FunctionTypesTranslateToTheEnvironmentsType) {
  // By the translation's definition (chad_types.cpp): D2(A -> B) = R2(A -> B) = env, and the
  // primal's derivative takes (forward) / gives (reverse) the env beside the argument's.
  const TypeP f = arrow_type(real_type(), real_type());
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
    EXPECT_EQ(print_type(tangent_type(f, mode, SumsStrategy::Biproduct, FunctionsStrategy::Efficient)), "env");
  EXPECT_EQ(print_type(primal_type(f, ChadMode::Forward, SumsStrategy::Biproduct, FunctionsStrategy::Efficient)),
            "real -> real * (env * real -o real)");
  EXPECT_EQ(print_type(primal_type(f, ChadMode::Reverse, SumsStrategy::Biproduct, FunctionsStrategy::Efficient)),
            "real -> real * (real -o real * env)");
  // The paper's: a power and a copower.
  EXPECT_EQ(print_type(tangent_type(f, ChadMode::Forward, SumsStrategy::Biproduct, FunctionsStrategy::Paper)),
            "real -> real");
  EXPECT_EQ(print_type(tangent_type(f, ChadMode::Reverse, SumsStrategy::Biproduct, FunctionsStrategy::Paper)),
            "!real (x) real");
}

TEST(EfficientFunctions, OutputTypeChecksOnEveryExampleInBothModesAndEverySumsStrategy) {
  const std::vector<std::string> names = example_names();
  ASSERT_GE(names.size(), 10u);
  run_with_deep_stack([&] {
    for (const std::string& name : names) {
      CheckedProgram program = testing::load_example(name);
      for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
        for (SumsStrategy sums : kAllSumsStrategies) {
          SCOPED_TRACE(name + " " + chad_mode_name(mode) + " " + sums_strategy_name(sums));
          ChadProgram chad;
          ASSERT_NO_THROW(chad = chad_program(program, efficient(mode, sums)));
          EXPECT_TRUE(type_equal(chad.target->type, entry_primal_type(program.main_function->type, chad.options)));
        }
    }
  });
}

TEST(EfficientFunctions, JacobiansAgreeWithThePapersAndTheReferenceOnTheExamples) {
  run_with_deep_stack([&] {
    for (const std::string& name : example_names()) {
      CheckedProgram program = testing::load_example(name);
      if (!is_data_type(program.output_type)) continue;  // no Jacobian (the relation tests cover these)
      NormalForm<double> point = read_input_point(program, testing::example_point(name));
      JacobianResult reference = compute_jacobian(program, point, JacobianMethod::Dual);
      ASSERT_TRUE(reference.differentiable) << name;
      for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
        for (SumsStrategy sums : kAllSumsStrategies) {
          SCOPED_TRACE(name + " " + chad_mode_name(mode) + " " + sums_strategy_name(sums));
          JacobianResult fast = jacobian_by_chad(program, point, mode, sums, FunctionsStrategy::Efficient);
          JacobianResult paper = jacobian_by_chad(program, point, mode, sums, FunctionsStrategy::Paper);
          ASSERT_EQ(fast.jacobian.size(), reference.jacobian.size());
          EXPECT_EQ(fast.output_coords, reference.output_coords);
          for (std::size_t i = 0; i < fast.jacobian.size(); ++i)
            for (std::size_t j = 0; j < fast.jacobian[i].size(); ++j) {
              EXPECT_TRUE(testing::close_relative(fast.jacobian[i][j], reference.jacobian[i][j],
                                                  testing::Tolerances::dual_relative))
                  << i << "," << j;
              EXPECT_TRUE(testing::close_relative(fast.jacobian[i][j], paper.jacobian[i][j],
                                                  testing::Tolerances::dual_relative))
                  << i << "," << j;
            }
        }
    }
  });
}

// bench/programs/horner_closure.chad at x = 2, coefficients (c0, c1, c2) = (1, -3, 2): the fold
// builds q2 = fun y -> c2, q1 = fun y -> c1 + y * q2 y, q0 = fun y -> c0 + y * q1 y, and
// p = q0 x = c0 + x (c1 + x c2) = 1 + 2 (-3 + 2 * 2) = 3. By hand:
//   dp/dx  = c1 + 2 c2 x = -3 + 8 = 5,   dp/dc0 = 1,   dp/dc1 = x = 2,   dp/dc2 = x^2 = 4,
// so the Jacobian over the input's coordinates (x, c0, c1, c2) is the row (5, 1, 2, 4).
TEST(EfficientFunctions, TheClosureBuildingHornerHasItsHandDerivedDerivative) {
  CheckedProgram program = check_program(parse_program(
      testing::read_text_file(std::string(CHAD_SOURCE_DIR) + "/bench/programs/horner_closure.chad"), "horner"));
  NormalForm<double> point = read_input_point(program, "(2, roll Cons (1, roll Cons (-3, roll Last 2)))");
  const std::vector<double> expected = {5, 1, 2, 4};
  for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
    for (SumsStrategy sums : kAllSumsStrategies) {
      JacobianResult r = jacobian_by_chad(program, point, mode, sums, FunctionsStrategy::Efficient);
      ASSERT_EQ(r.output_coords, std::vector<double>{3});
      ASSERT_EQ(r.jacobian.size(), 1u);
      EXPECT_EQ(r.jacobian[0], expected) << chad_mode_name(mode) << " " << sums_strategy_name(sums);
    }
}

TEST(EfficientFunctions, PacksOfOneContextAddTheirContentsAndOfTwoContextsAreAnInternalError) {
  // pack a + pack b = pack (a + b) for one context; 0 + pack a = pack a.
  ValueP<double> a = env_value<double>(7, scalar_value<double>(1.5));
  ValueP<double> b = env_value<double>(7, scalar_value<double>(2.0));
  ValueP<double> sum = add_linear<double>(a, b);
  ASSERT_EQ(sum->kind, ValueKind::Env);
  EXPECT_EQ(sum->first->scalar, 3.5);
  EXPECT_EQ(add_linear<double>(zero_value<double>(), a), a);
  EXPECT_THROW(add_linear<double>(a, env_value<double>(8, scalar_value<double>(1))), EnvironmentInconsistency);
}

TEST(EfficientFunctions, UnpackingAnotherContextsEnvironmentIsAnInternalError) {
  // unpack_{unit * real} (pack_{real} 1): the pack of another context (it type-checks: env is
  // opaque); unpack_{real} (pack_{real} 1) = 1.
  const TypeP g = real_type(), other = prod_type(unit_type(), real_type());
  TermP wrong = check_target({}, target::env_unpack(other, target::env_pack(g, make_literal(1))));
  EXPECT_THROW(evaluate<double>(wrong, nullptr), EnvironmentInconsistency);
  TermP right = check_target({}, target::env_unpack(g, target::env_pack(g, make_literal(1))));
  EXPECT_EQ(evaluate<double>(right, nullptr)->scalar, 1.0);
  // A pack of 0 is 0 (sparse), and unpacks to 0.
  TermP zero = check_target({}, target::env_unpack(g, target::env_pack(g, target::zero(g))));
  EXPECT_EQ(evaluate<double>(zero, nullptr)->kind, ValueKind::Zero);
}

}  // namespace
}  // namespace chad

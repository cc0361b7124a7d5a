// Every example compiles to native code in every mode (primal, fwd, rev) and sums strategy, and
// the compiled kernels agree with the interpreter at the example's `-- at:` point: the primal
// kernel's output with evaluating main, the fwd and rev kernels' Jacobians with interpreted
// CHAD (oracle/chad_jacobian.hpp), in the default (efficient) functions strategy; the examples with
// functions inside their values, in the paper's too. The kernels of half the examples compile in
// one translation unit (at -O0: this checks the generated code, not the optimiser); the even
// examples' kernels bound to double (codegen/scalar_binding.hpp, as the oracle's own are), the
// odd ones' generic in the scalar (as `chad-oracle compile` writes them).
#include <gtest/gtest.h>

#include <filesystem>

#include "../support/example_programs.hpp"
#include "../support/test_kernel_compiler.hpp"
#include "codegen/kernel_call.hpp"
#include "oracle/chad_jacobian.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "references/input_value.hpp"
#include "semantics/evaluate.hpp"
#include "syntax/deep_stack.hpp"

namespace chad {
namespace {

namespace fs = std::filesystem;

const char* const kExamples[] = {"array_literals.chad", "arrays.chad",       "fold_to_function.chad", "higher_order.chad",
                                 "horner.chad",         "list_product.chad", "list_sum.chad",         "primitives.chad",
                                 "relu.chad",           "rose_tree.chad",    "spec_example.chad",     "stream.chad",
                                 "stream_fold.chad",    "sums.chad",         "tree.chad",
                                 "log1p_to_min.chad"};
constexpr std::size_t kExampleCount = sizeof kExamples / sizeof kExamples[0];

struct Kernel {
  std::size_t example;
  KernelMode mode;
  SumsStrategy sums;
};

double tolerance(double x) { return 1e-9 * std::fmax(1.0, std::fabs(x)); }

// Compiles and checks the examples first, first + 2, first + 4, ...
void check_examples(std::size_t first, bool double_only) {
  std::vector<CheckedProgram> programs;
  std::vector<std::size_t> which;
  for (std::size_t i = first; i < kExampleCount; i += 2) {
    programs.push_back(testing::load_example(kExamples[i]));
    which.push_back(i);
  }
  std::vector<Kernel> kernels;
  std::vector<ProgramToCompile> batch;
  for (std::size_t p = 0; p < programs.size(); ++p) {
    auto add = [&](KernelMode mode, SumsStrategy sums) {
      KernelOptions k;
      k.name = "example" + std::to_string(which[p]) + "_" + kernel_mode_name(mode) + "_" + std::to_string(int(sums));
      k.mode = mode;
      k.sums = sums;
      k.double_only = double_only;
      batch.push_back({&programs[p], k});
      kernels.push_back({p, mode, sums});
    };
    add(KernelMode::Primal, SumsStrategy::Biproduct);
    for (SumsStrategy sums : kAllSumsStrategies) {
      add(KernelMode::Forward, sums);
      add(KernelMode::Reverse, sums);
    }
  }
  std::vector<CompiledProgram> compiled;
  ASSERT_NO_THROW(compiled = compile_programs(batch, testing::test_kernel_compiler()));
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    const CheckedProgram& program = programs[kernels[k].example];
    const std::string name = kExamples[which[kernels[k].example]];
    SCOPED_TRACE(name + " " + kernel_mode_name(kernels[k].mode) + " " + sums_strategy_name(kernels[k].sums));
    const NormalForm<double> input = read_input_point(program, testing::example_point(name));
    run_with_deep_stack([&] {
      if (kernels[k].mode == KernelMode::Primal) {
        KernelResult got = call_kernel(compiled[k].kernel, KernelMode::Primal, program.output_type, input);
        NormalForm<double> want = normal_form<double>(
            program.output_type, run_main<double>(program, rebuild<double>(program.input_type, input.index, input.coords)));
        ASSERT_EQ(got.output_index, want.index);
        ASSERT_EQ(got.output.size(), want.coords.size());
        for (std::size_t i = 0; i < want.coords.size(); ++i)
          EXPECT_NEAR(got.output[i], want.coords[i], tolerance(want.coords[i]));
        return;
      }
      const ChadMode mode = kernels[k].mode == KernelMode::Forward ? ChadMode::Forward : ChadMode::Reverse;
      JacobianResult got = jacobian_by_compiled_kernel(program, compiled[k], input);
      JacobianResult want = jacobian_by_chad(program, input, mode, kernels[k].sums);
      ASSERT_EQ(got.output_index, want.output_index);
      ASSERT_EQ(got.jacobian.size(), want.jacobian.size());
      for (std::size_t i = 0; i < want.jacobian.size(); ++i) {
        ASSERT_EQ(got.jacobian[i].size(), want.jacobian[i].size());
        for (std::size_t j = 0; j < want.jacobian[i].size(); ++j)
          EXPECT_NEAR(got.jacobian[i][j], want.jacobian[i][j], tolerance(want.jacobian[i][j])) << i << ", " << j;
      }
    });
  }
}

TEST(CompiledExamples, EvenExamplesAgreeWithTheInterpreterInEveryModeAndSumsStrategy) { check_examples(0, true); }
TEST(CompiledExamples, OddExamplesAgreeWithTheInterpreterInEveryModeAndSumsStrategy) { check_examples(1, false); }

// The examples whose values hold functions, in both functions strategies (the tests above use the
// default, efficient: packed environments in the runtime): fwd and rev kernels agree with
// interpreted CHAD of the same strategy, and the two strategies' Jacobians agree.
TEST(CompiledExamples, HigherOrderExamplesAgreeInBothFunctionsStrategies) {
  const std::vector<std::string> names = {"fold_to_function.chad", "higher_order.chad", "stream_fold.chad"};
  std::vector<CheckedProgram> programs;
  for (const std::string& name : names) programs.push_back(testing::load_example(name));
  struct Case {
    std::size_t example;
    ChadMode mode;
    FunctionsStrategy functions;
  };
  std::vector<Case> cases;
  std::vector<ProgramToCompile> batch;
  for (std::size_t p = 0; p < programs.size(); ++p)
    for (ChadMode mode : {ChadMode::Forward, ChadMode::Reverse})
      for (FunctionsStrategy functions : {FunctionsStrategy::Paper, FunctionsStrategy::Efficient}) {
        KernelOptions k;
        k.name = "higher" + std::to_string(p) + "_" + chad_mode_name(mode) + "_" + functions_strategy_name(functions);
        k.mode = mode == ChadMode::Forward ? KernelMode::Forward : KernelMode::Reverse;
        k.functions = functions;
        batch.push_back({&programs[p], k});
        cases.push_back({p, mode, functions});
      }
  std::vector<CompiledProgram> compiled;
  ASSERT_NO_THROW(compiled = compile_programs(batch, testing::test_kernel_compiler()));
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Case& c = cases[k];
    const CheckedProgram& program = programs[c.example];
    SCOPED_TRACE(names[c.example] + " " + chad_mode_name(c.mode) + " " + functions_strategy_name(c.functions));
    const NormalForm<double> input = read_input_point(program, testing::example_point(names[c.example]));
    run_with_deep_stack([&] {
      JacobianResult got = jacobian_by_compiled_kernel(program, compiled[k], input);
      JacobianResult want = jacobian_by_chad(program, input, c.mode, SumsStrategy::Biproduct, c.functions);
      JacobianResult other = jacobian_by_chad(program, input, c.mode, SumsStrategy::Biproduct,
                                              c.functions == FunctionsStrategy::Paper ? FunctionsStrategy::Efficient
                                                                                      : FunctionsStrategy::Paper);
      ASSERT_EQ(got.jacobian.size(), want.jacobian.size());
      for (std::size_t i = 0; i < want.jacobian.size(); ++i) {
        ASSERT_EQ(got.jacobian[i].size(), want.jacobian[i].size());
        for (std::size_t j = 0; j < want.jacobian[i].size(); ++j) {
          EXPECT_NEAR(got.jacobian[i][j], want.jacobian[i][j], tolerance(want.jacobian[i][j])) << i << ", " << j;
          EXPECT_NEAR(got.jacobian[i][j], other.jacobian[i][j], tolerance(other.jacobian[i][j])) << i << ", " << j;
        }
      }
    });
  }
}

}  // namespace
}  // namespace chad

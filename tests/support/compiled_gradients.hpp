// The compiled kernels' gradients of a program with one real output, for the codegen tests that
// check them against derivatives taken by hand: by every kernel a verify run compiles (fwd and rev
// in every sums strategy), and by one reverse kernel, with a fault injected into the code
// generator or none.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_kernel_compiler.hpp"
#include "codegen/generate_kernel.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "references/input_value.hpp"
#include "verify/verify.hpp"

namespace chad::testing {

struct KernelGradient {
  std::string kernel;  // "rev lifted"
  std::vector<double> gradient;
};

inline std::vector<double> only_row(const JacobianResult& result) {
  EXPECT_EQ(result.jacobian.size(), 1u) << "a gradient: one output coordinate";
  return result.jacobian.empty() ? std::vector<double>{} : result.jacobian[0];
}

inline std::vector<KernelGradient> gradients_by_every_kernel(const CheckedProgram& program, const std::string& point) {
  const std::vector<CompiledProgram> compiled =
      compiled_verify_kernels(program, test_kernel_compiler(), kDefaultFunctionsStrategy);
  EXPECT_EQ(compiled.size(), 2 * std::size(kAllSumsStrategies));
  std::vector<KernelGradient> out;
  for (const CompiledProgram& kernel : compiled)
    out.push_back({std::string(kernel_mode_name(kernel.mode)) + " " + sums_strategy_name(kernel.sums),
                   only_row(jacobian_by_compiled_kernel(program, kernel, read_input_point(program, point)))});
  return out;
}

// `name`: the kernel's symbol, one per kernel source in a test binary.
inline std::vector<double> reverse_gradient(const CheckedProgram& program, const std::string& point,
                                            CodegenFault fault, const std::string& name) {
  KernelOptions options;
  options.name = name;
  options.mode = KernelMode::Reverse;
  options.fault = fault;
  const CompiledProgram kernel = compile_programs({{&program, options}}, test_kernel_compiler()).at(0);
  return only_row(jacobian_by_compiled_kernel(program, kernel, read_input_point(program, point)));
}

}  // namespace chad::testing

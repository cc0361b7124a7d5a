// The compiled kernels' Jacobians against ones taken by hand, for the codegen tests of a program
// with several output coordinates (the reverse kernel then runs its backpropagators once per
// seed): every kernel a verify run compiles in every functions strategy, one kernel's Jacobian
// compared entry by entry, a reverse kernel's source, and the matches of a pattern in a source.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "codegen/generate_kernel.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "test_kernel_compiler.hpp"
#include "verify/verify.hpp"

namespace chad::testing {

// fwd and rev in every sums strategy, for every functions strategy.
inline std::vector<CompiledProgram> kernels_in_every_strategy(const CheckedProgram& program) {
  std::vector<CompiledProgram> compiled;
  for (FunctionsStrategy functions : kAllFunctionsStrategies) {
    std::vector<CompiledProgram> kernels;
    EXPECT_NO_THROW(kernels = compiled_verify_kernels(program, test_kernel_compiler(), functions));
    compiled.insert(compiled.end(), kernels.begin(), kernels.end());
  }
  EXPECT_EQ(compiled.size(), 2 * std::size(kAllSumsStrategies) * std::size(kAllFunctionsStrategies));
  return compiled;
}

// The kernel's Jacobian at `input` is `expected`, to 1e-12 relative.
inline void expect_jacobian(const CheckedProgram& program, const CompiledProgram& kernel,
                            const NormalForm<double>& input, const std::vector<std::vector<double>>& expected) {
  const JacobianResult got = jacobian_by_compiled_kernel(program, kernel, input);
  ASSERT_EQ(got.jacobian.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(got.jacobian[i].size(), expected[i].size());
    for (std::size_t j = 0; j < expected[i].size(); ++j)
      EXPECT_NEAR(got.jacobian[i][j], expected[i][j], 1e-12 * std::max(1.0, std::abs(expected[i][j])))
          << "row " << i << ", column " << j;
  }
}

inline std::string reverse_kernel_source(const CheckedProgram& program, SumsStrategy sums) {
  KernelOptions options;
  options.mode = KernelMode::Reverse;
  options.sums = sums;
  return generate_kernel_source(program, options);
}

// How many times the regular expression `pattern` matches in a generated source.
inline std::ptrdiff_t count_matches(const std::string& source, const std::string& pattern) {
  const std::regex re(pattern);
  return std::distance(std::sregex_iterator(source.begin(), source.end(), re), std::sregex_iterator());
}

}  // namespace chad::testing

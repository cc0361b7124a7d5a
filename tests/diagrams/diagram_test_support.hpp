// Test support for diagrams/: the examples of the fragment, Jacobians by sd-rev and by the
// reference, and comparing them.
#pragma once
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/tolerances.hpp"
#include "../support/example_programs.hpp"
#include "diagrams/sd_jacobian.hpp"
#include "references/input_value.hpp"
#include "oracle/compute_jacobian.hpp"

namespace chad::testing {

// Every example file name, sorted.
inline std::vector<std::string> all_examples() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CHAD_SOURCE_DIR) + "/examples"))
    if (e.path().extension() == ".chad") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Whether two matrices agree entrywise to `relative`; `what` names them in the failure.
inline ::testing::AssertionResult matrices_close(const std::vector<std::vector<double>>& a,
                                                  const std::vector<std::vector<double>>& b,
                                                  double relative) {
  if (a.size() != b.size()) return ::testing::AssertionFailure() << "row counts differ: " << a.size() << " vs " << b.size();
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].size() != b[i].size()) return ::testing::AssertionFailure() << "row " << i << " lengths differ";
    for (std::size_t j = 0; j < a[i].size(); ++j)
      if (!close_relative(a[i][j], b[i][j], relative))
        return ::testing::AssertionFailure() << "entry [" << i << "][" << j << "]: " << a[i][j] << " vs " << b[i][j];
  }
  return ::testing::AssertionSuccess();
}

// sd-rev and dual agree at this point (both succeed).
inline double kSdRelative() { return 1e-11; }

}  // namespace chad::testing

// The counterexample report of a failing gradient function (api/chad_oracle.hpp): the
// campaign's report (reports/counterexample.hpp), whose replay lines are made to name what
// re-runs the case here, the test with CHAD_ORACLE_SEED and CHAD_ORACLE_ONLY set (the
// function lives in the test, so `chad-oracle replay` cannot call it).
#pragma once
#include <cstdint>
#include <string>

#include "reports/counterexample.hpp"

namespace chad::api {

// "CHAD_ORACLE_SEED=S CHAD_ORACLE_ONLY=I <this executable> (with the test's --gtest_filter)".
std::string replay_command(std::uint64_t seed, std::size_t index);

// write_report(dir, c), then its replay lines replaced by `replay`.
void write_gradient_report(const std::string& dir, const Counterexample& c, const std::string& replay);

}  // namespace chad::api

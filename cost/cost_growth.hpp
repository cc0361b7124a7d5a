// The cost model's growth measurement (issue 17): a program's cost (cost/cost_measure.hpp)
// with its input grown to each of several sizes (cost/input_growth.hpp), or, for a stream
// output, observed that many times, and the fitted growth exponents (log-log slopes) of the
// primal, the JVP and the VJP. What `chad-oracle cost --sizes` prints and a campaign's cost
// check can judge.
#pragma once
#include <optional>
#include <vector>

#include "cost/cost_measure.hpp"

namespace chad {

struct CostGrowthRow {
  std::size_t size;
  ProgramCost cost;
};

struct CostGrowth {
  bool observed_output = false;  // sizes are observations of a stream output, the input as given
  std::vector<CostGrowthRow> rows;
  double primal_exponent = 0;
  std::optional<double> jvp_exponent, vjp_exponent;  // when measured
};

// Preconditions: as measure_cost; at least two sizes, each >= 1, not all equal. The full
// Jacobians are not measured (options.full_jacobian is ignored). Throws GrowthError
// (cost/input_growth.hpp) where a data output's input has nothing to grow, or no node to copy.
CostGrowth measure_cost_growth(const CheckedProgram& program, const NormalForm<double>& input,
                               const std::vector<std::size_t>& sizes, CostOptions options);

}  // namespace chad

// Measuring a program's cost in the cost model (model/cost_counter.hpp): the primal (the source
// evaluator on the input), one JVP (forward CHAD's program applied to the input, then its
// linear map applied to one tangent direction), one VJP (reverse CHAD's program applied to the
// input, then its linear map applied to one cotangent), and a full Jacobian (the program applied
// once, its map applied to every one-hot direction of the input's fibre, forward, or of the
// output's, reverse). The direction of the JVP and VJP is all ones. The transformation itself is
// not counted: it is reported as code size (term nodes of the source and of each target). Making
// the input and the (co)tangent values and reading the results back are not counted either.
// Outputs of coinductive (`nu`) types, such as streams, are lazy: their work is what an
// observation forces. Such an output (and the JVP's tangent of it) is observed `observations`
// times: that many lazy values forced, breadth-first from the output, inside the measurement.
// Its VJP pulls back the cotangent of all ones on the first `observations` nodes (depth first)
// and zero beyond, for outputs built from reals, unit, products and nu types over those (a
// stream of reals or tuples, a tree-shaped stream); for other coinductive outputs (sums or
// nested fixpoints inside the nu) the VJP is not measured. No reverse Jacobian is measured for
// a coinductive output; the forward Jacobian has one direction per input coordinate.
#pragma once
#include <cstddef>
#include <optional>

#include "chad/transformer.hpp"
#include "model/cost_counter.hpp"
#include "model/normal_form.hpp"

namespace chad {

struct CostOptions {
  // The transformation's options (sums strategy, rule table, and whatever strategy a later
  // option adds); `mode` is set by each measurement.
  ChadOptions chad;
  bool forward = true;        // measure the JVP and the forward Jacobian
  bool reverse = true;        // measure the VJP and the reverse Jacobian
  bool full_jacobian = true;  // measure the full Jacobians (one map application per direction)
  std::size_t observations = 3;  // lazy values forced in a coinductive output (and its tangent)
  // Bounds for programs whose cost may explode as their input grows (0: none): the primal may
  // take at most primal_step_limit steps (past it: PrimalCostLimitExceeded), the derivatives'
  // measurements together at most derivative_step_limit steps (past it:
  // DerivativeCostLimitExceeded, which carries the primal's counts).
  std::uint64_t primal_step_limit = 0;
  std::uint64_t derivative_step_limit = 0;
};

// The primal passed CostOptions::primal_step_limit.
class PrimalCostLimitExceeded : public CostLimitExceeded {
 public:
  using CostLimitExceeded::CostLimitExceeded;
};

// The derivatives passed CostOptions::derivative_step_limit; `primal` is what the primal cost.
class DerivativeCostLimitExceeded : public CostLimitExceeded {
 public:
  DerivativeCostLimitExceeded(const std::string& what, const CostCounts& primal)
      : CostLimitExceeded(what), primal(primal) {}
  CostCounts primal;
};

// Whether measure_cost can measure this output type: a data type, or one built from data types,
// products, sums and nu (no functions); `observed` says whether it is the latter.
bool measurable_output(const TypeP& output, bool& observed);

// One mode's measurements.
struct DerivativeCost {
  CostCounts one;            // the JVP (forward) or VJP (reverse)
  CostCounts jacobian;       // the full Jacobian (when measured)
  std::size_t directions = 0;  // how many map applications the Jacobian took
  std::size_t code_size = 0;   // term nodes of the transformed program
  bool measured = false;           // whether `one` was measured
  bool jacobian_measured = false;  // whether `jacobian` was (not for a coinductive output's VJP)
};

struct ProgramCost {
  CostCounts primal;
  std::size_t source_size = 0;  // term nodes of the source main function
  std::size_t input_dimension = 0, output_dimension = 0;  // output: 0 when observed
  bool observed_output = false;  // a coinductive output, observed `observations` times
  std::optional<DerivativeCost> forward, reverse;
};

// derivative / primal in total cost (the primal's cost is at least one step).
double cost_ratio(const CostCounts& derivative, const CostCounts& primal);

// Preconditions: `program` is checked, its input type is a data type and its output type
// measurable (above), `input` has the input type. Errors of the evaluation (DomainError, ComparisonUndecided, faults of the
// transformation) propagate. Run inside run_with_deep_stack for deep inputs.
ProgramCost measure_cost(const CheckedProgram& program, const NormalForm<double>& input,
                         const CostOptions& options);

// The work measured as one JVP (chad.mode forward) or one VJP (reverse) above, along `direction`
// (coordinates of the input's fibre, forward; of the output's at `output_index`, reverse):
// CHAD's already transformed program run on the input, its map applied. For timing it (the
// golden adapter's "timing" answers); the image is not read back.
void run_one_product(const CheckedProgram& program, const ChadProgram& chad, const NormalForm<double>& input,
                     const Index& output_index, const std::vector<double>& direction);

}  // namespace chad

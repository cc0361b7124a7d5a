// The sd-rev method: string-diagram reverse AD (diagrams/sd_jacobian.hpp) as a JacobianResult.
#include "diagrams/sd_jacobian.hpp"
#include "oracle/compute_jacobian.hpp"
#include "references/finite_result.hpp"
#include "references/not_differentiable.hpp"

namespace chad {

JacobianResult jacobian_by_string_diagrams(const CheckedProgram& program,
                                           const NormalForm<double>& input) {
  JacobianResult result = start_result(JacobianMethod::SdReverse, input);
  diagrams::SdJacobian j = diagrams::sd_jacobian(program, input);  // FragmentError: a SourceError
  result.output_index = j.output_index;
  result.output_coords = j.output;
  result.jacobian = j.jacobian;
  require_finite_result(program, result);  // NaN or infinity: a located error, not a number
  return result;
}

}  // namespace chad

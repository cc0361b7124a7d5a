// Small helpers shared by the Jacobian methods: starting a result, and turning it into the
// answer "not differentiable at this point" with a reason.
#pragma once
#include <string>

#include "references/jacobian.hpp"

namespace chad {

inline JacobianResult start_result(JacobianMethod method, const NormalForm<double>& input) {
  JacobianResult result;
  result.method = method;
  result.input_index = input.index;
  result.input_coords = input.coords;
  return result;
}

inline JacobianResult not_differentiable(JacobianResult result, std::string reason) {
  result.differentiable = false;
  result.reason = std::move(reason);
  result.jacobian.clear();
  result.enclosure.clear();
  result.error_estimate.clear();
  return result;
}

}  // namespace chad

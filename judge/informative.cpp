#include "judge/informative.hpp"

#include <cmath>

namespace chad {

bool informative_entry(double d) { return std::isfinite(d) && d != 0 && d != 1 && d != -1; }

bool informative_jacobian(const JacobianResult& reference) {
  if (!reference.differentiable || reference.input_coords.empty() || reference.output_coords.empty()) return false;
  for (const auto& row : reference.jacobian)
    for (double d : row)
      if (informative_entry(d)) return true;
  return false;
}

}  // namespace chad

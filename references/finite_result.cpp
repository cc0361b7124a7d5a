#include "references/finite_result.hpp"

#include <cmath>

namespace chad {
namespace {

[[noreturn]] void not_finite(const CheckedProgram& program, const JacobianResult& result,
                             const std::string& what, double value) {
  const Def& main = entry_point(program.program);
  const bool in_double = result.method != JacobianMethod::Interval &&
                         result.method != JacobianMethod::FiniteDifference;
  throw NotFiniteResult(main.body->loc,
                        std::string(method_name(result.method)) + ": " + what + " is " +
                            (std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf") +
                            (in_double ? " in double: the program overflows double at this point "
                                         "(`--method interval` or `--method fd` work in higher precision)"
                                       : ": the program overflows (or is undefined) at this point"));
}

}  // namespace

void require_finite_result(const CheckedProgram& program, const JacobianResult& result) {
  if (!result.differentiable) return;
  for (std::size_t i = 0; i < result.output_coords.size(); ++i)
    if (!std::isfinite(result.output_coords[i]))
      not_finite(program, result, "output coordinate " + std::to_string(i), result.output_coords[i]);
  for (std::size_t i = 0; i < result.jacobian.size(); ++i)
    for (std::size_t j = 0; j < result.jacobian[i].size(); ++j)
      if (!std::isfinite(result.jacobian[i][j]))
        not_finite(program, result, "Jacobian entry [" + std::to_string(i) + "][" + std::to_string(j) + "]",
                   result.jacobian[i][j]);
}

}  // namespace chad

// Every Jacobian method's last step: an output coordinate or Jacobian entry that is NaN or
// infinite in double (an overflow, or inf - inf) is a located error, never a number.
#pragma once
#include "references/jacobian.hpp"

namespace chad {

// A result that is NaN or infinite in double where the program itself is defined: the
// precision's range is exceeded (an adapter answers it as a domain error, not as a crash).
class NotFiniteResult : public SourceError {
 public:
  using SourceError::SourceError;
};

// A NaN or infinity in the derivative of the implementation under test (CHAD) where the
// dual-number reference's derivative at the same point is finite: the implementation produced
// it, not the program (exit 5, the implementation's fault, where NotFiniteResult is exit 3).
class ImplementationNotFinite : public NotFiniteResult {
 public:
  using NotFiniteResult::NotFiniteResult;
};

// Throws NotFiniteResult, located at the entry point's body, naming the method, the coordinate or
// entry and its value, when `result` is differentiable and holds a NaN or an infinity.
void require_finite_result(const CheckedProgram& program, const JacobianResult& result);

}  // namespace chad

// The Jacobian of `main : A -> B` by any method: the references (references/jacobian.hpp) or
// an implementation under test: CHAD's forward or reverse mode (oracle/chad_jacobian.hpp) in
// a sums strategy, interpreted or compiled (oracle/compiled_jacobian.hpp), or string-diagram
// reverse AD (diagrams/, its simply typed fragment only).
#pragma once
#include "codegen/kernel_compiler.hpp"
#include "references/jacobian.hpp"

namespace chad {

// Preconditions: the output type is a data type (else SourceError); `input` has the input
// type's shape; called inside run_with_deep_stack. Domain errors at the point propagate as
// DomainError. `sums` matters for the CHAD methods only, `compiler` for the compiled ones
// (oracle/compiled_jacobian.hpp); `reference` the reference methods' only (which columns, how
// many tangent directions per pass: references/jacobian.hpp).
JacobianResult compute_jacobian(const CheckedProgram& program, const NormalForm<double>& input,
                                JacobianMethod method,
                                SumsStrategy sums = SumsStrategy::Biproduct,
                                const CompilerOptions& compiler = {}, const ReferenceOptions& reference = {},
                                FunctionsStrategy functions = kDefaultFunctionsStrategy);

// sd-rev (oracle/jacobian_sd.cpp): programs outside the fragment are a located SourceError.
JacobianResult jacobian_by_string_diagrams(const CheckedProgram& program,
                                           const NormalForm<double>& input);

}  // namespace chad

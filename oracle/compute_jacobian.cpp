#include "oracle/compute_jacobian.hpp"

#include "oracle/chad_jacobian.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "syntax/printer.hpp"

namespace chad {

namespace {

// A located error (at main's def) when main's output type is not a data type: no Jacobian.
void require_data_output(const CheckedProgram& program) {
  if (!is_data_type(program.output_type)) {
    throw SourceError(entry_point(program.program).loc, "the output type `" + print_type(program.output_type) + "` of `" +
                               program.entry +
                               "` is not a data type (it holds a function or a `nu` type); "
                               "a Jacobian needs data types on both sides");
  }
}

}  // namespace

JacobianResult compute_jacobian(const CheckedProgram& program, const NormalForm<double>& input,
                                JacobianMethod method, SumsStrategy sums, const CompilerOptions& compiler,
                                const ReferenceOptions& reference, FunctionsStrategy functions) {
  require_data_output(program);
  switch (method) {
    case JacobianMethod::Dual: return jacobian_by_dual(program, input, reference);
    case JacobianMethod::Interval: return jacobian_by_interval(program, input, reference);
    case JacobianMethod::FiniteDifference: return jacobian_by_finite_differences(program, input, reference);
    case JacobianMethod::ChadForward: return jacobian_by_chad(program, input, ChadMode::Forward, sums, functions);
    case JacobianMethod::ChadReverse: return jacobian_by_chad(program, input, ChadMode::Reverse, sums, functions);
    case JacobianMethod::SdReverse: return jacobian_by_string_diagrams(program, input);
    case JacobianMethod::ChadForwardCompiled:
      return jacobian_by_compiled_chad(program, input, ChadMode::Forward, sums, compiler, functions);
    case JacobianMethod::ChadReverseCompiled:
      return jacobian_by_compiled_chad(program, input, ChadMode::Reverse, sums, compiler, functions);
  }
  CHAD_INTERNAL_ASSERT(false, "unknown Jacobian method");
}

}  // namespace chad

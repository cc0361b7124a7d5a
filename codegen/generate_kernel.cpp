// Placeholder until the emitter lands (integrator): the entry points of codegen/generate_kernel.hpp.
#include "codegen/generate_kernel.hpp"

#include "syntax/location.hpp"

namespace chad {

const char* kernel_mode_name(KernelMode mode) {
  switch (mode) {
    case KernelMode::Primal: return "primal";
    case KernelMode::Forward: return "fwd";
    case KernelMode::Reverse: return "rev";
  }
  return "?";
}

std::string generate_kernel_unit(const CheckedProgram&, const KernelOptions&) {
  throw InternalError("the code generator is not built yet");
}

std::string generate_kernel_source(const CheckedProgram& program, const KernelOptions& options) {
  return std::string(kernel_runtime_source()) + generate_kernel_unit(program, options);
}

}  // namespace chad

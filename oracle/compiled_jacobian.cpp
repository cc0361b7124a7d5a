#include "oracle/compiled_jacobian.hpp"

#include <set>

#include "references/finite_result.hpp"
#include "references/not_differentiable.hpp"

namespace chad {

namespace {

// The programs' options with distinct kernel names.
std::vector<KernelOptions> distinct_names(const std::vector<ProgramToCompile>& programs) {
  std::vector<KernelOptions> options;
  std::set<std::string> taken;
  for (std::size_t i = 0; i < programs.size(); ++i) {
    KernelOptions o = programs[i].options;
    o.standalone_main = false;
    if (!taken.insert(o.name).second) {
      CHAD_INTERNAL_ASSERT(programs[i].unit.empty(), "a generated kernel unit named " + o.name + " twice");
      o.name += "_" + std::to_string(i);
      CHAD_INTERNAL_ASSERT(taken.insert(o.name).second, "kernel name " + o.name + " given twice");
    }
    options.push_back(std::move(o));
  }
  return options;
}

// The translation unit of programs whose kernels are named `options`.
std::string batch_source(const std::vector<ProgramToCompile>& programs, const std::vector<KernelOptions>& options) {
  std::string source = kernel_runtime_source();
  for (std::size_t i = 0; i < programs.size(); ++i)
    source += programs[i].unit.empty() ? generate_kernel_unit(*programs[i].program, options[i]) : programs[i].unit;
  return source;
}

}  // namespace

std::string batch_source(const std::vector<ProgramToCompile>& programs) {
  return batch_source(programs, distinct_names(programs));
}

std::vector<CompiledProgram> compile_programs(const std::vector<ProgramToCompile>& programs,
                                              const CompilerOptions& compiler) {
  const std::vector<KernelOptions> options = distinct_names(programs);
  std::shared_ptr<const KernelLibrary> library =
      KernelLibrary::open(compile_kernel(batch_source(programs, options), compiler).library_path);
  std::vector<CompiledProgram> out;
  for (std::size_t i = 0; i < programs.size(); ++i)
    out.push_back({library->kernel(options[i].name), options[i].mode, options[i].sums,
                   programs[i].program->output_type});
  return out;
}

JacobianResult jacobian_by_compiled_kernel(const CheckedProgram& program, const CompiledProgram& kernel,
                                           const NormalForm<double>& input) {
  CHAD_INTERNAL_ASSERT(kernel.mode != KernelMode::Primal, "a Jacobian needs a fwd or rev kernel");
  const bool forward = kernel.mode == KernelMode::Forward;
  JacobianResult result =
      start_result(forward ? JacobianMethod::ChadForwardCompiled : JacobianMethod::ChadReverseCompiled, input);
  result.sums = kernel.sums;
  KernelResult r = call_kernel(kernel.kernel, kernel.mode, kernel.output_type, input);
  const std::size_t n = input.coords.size(), m = r.output.size();
  result.output_index = std::move(r.output_index);
  result.output_coords = std::move(r.output);
  if (forward) {  // vectors[j] is column j
    result.jacobian.assign(m, std::vector<double>(n, 0.0));
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t i = 0; i < m; ++i) result.jacobian[i][j] = r.vectors[j][i];
  } else {  // vectors[i] is row i
    result.jacobian = std::move(r.vectors);
  }
  require_finite_result(program, result);  // NaN or infinity: a located error, not a number
  return result;
}

JacobianResult jacobian_by_compiled_chad(const CheckedProgram& program, const NormalForm<double>& input,
                                         ChadMode mode, SumsStrategy sums, const CompilerOptions& compiler,
                                         FunctionsStrategy functions) {
  KernelOptions options;
  options.functions = functions;
  options.name = mode == ChadMode::Forward ? "chad_fwd" : "chad_rev";
  options.mode = mode == ChadMode::Forward ? KernelMode::Forward : KernelMode::Reverse;
  options.sums = sums;
  options.double_only = true;
  std::vector<CompiledProgram> kernels = compile_programs({{&program, options}}, compiler);
  return jacobian_by_compiled_kernel(program, kernels.front(), input);
}

}  // namespace chad

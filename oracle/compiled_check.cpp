#include "oracle/compiled_check.hpp"

#include <chrono>
#include <map>
#include <set>
#include <tuple>

#include "codegen/emitter.hpp"
#include "judge/case.hpp"
#include "oracle/chad_faults.hpp"
#include "oracle/compiled_jacobian.hpp"
#include "judge/double_jacobian_check.hpp"
#include "judge/implementation_under_test.hpp"
#include "references/input_value.hpp"
#include "syntax/parser.hpp"
#include "syntax/printer.hpp"

namespace chad {
namespace {

// What a program's kernel came to: loaded, or why not (a fault of CHAD or of the code
// generator, or a construct the code generator does not support).
struct KernelEntry {
  std::optional<CompiledProgram> kernel;
  std::string fault;        // non-empty: a TargetTypeError, a compile error
  std::string unsupported;  // non-empty: UnsupportedByCodegen's message
};

// Program text, mode, sums strategy, what was injected (CHAD's rules, a codegen fault), and the
// functions strategy.
using KernelKey = std::tuple<std::string, int, int, const void*, int, int>;
KernelKey key_of(const CampaignOptions& options, const std::string& text, ChadMode mode, SumsStrategy sums) {
  return {text, int(mode), int(sums), options.rules, options.compiled ? int(options.compiled->fault) : 0,
          int(options.functions)};
}
std::map<KernelKey, KernelEntry>& kernel_table() {
  static std::map<KernelKey, KernelEntry> table;
  return table;
}

// The programs prefetch_compiled_kernels parsed and checked, by their text, until their check
// takes them (check_case_prefetched).
std::map<std::string, std::shared_ptr<const CheckedProgram>>& prefetched_programs() {
  static std::map<std::string, std::shared_ptr<const CheckedProgram>> programs;
  return programs;
}

KernelOptions kernel_options(const CampaignOptions& options, ChadMode mode, SumsStrategy sums) {
  KernelOptions k;
  k.name = "k";
  k.mode = mode == ChadMode::Forward ? KernelMode::Forward : KernelMode::Reverse;
  k.sums = sums;
  k.rules = options.rules;
  k.functions = options.functions;
  if (options.compiled) k.fault = options.compiled->fault;
  return k;
}

// A campaign compiles its kernels to judge them once, not to time them: the cheap flags by default.
CompilerOptions compiler_of(const CampaignOptions& options) {
  CompilerOptions compiler = options.compiled ? options.compiled->compiler : CompilerOptions{};
  compiler.purpose = KernelPurpose::Check;
  return compiler;
}

struct Pending {
  KernelKey key;
  std::shared_ptr<const CheckedProgram> program;
  KernelOptions options;  // named uniquely in this process
  std::string unit;       // generated once, by add_pending
};

// Compiles `pending` as one translation unit; when it does not compile, halves it, so that a
// kernel the compiler rejects is pinned to its program.
void compile_pending(const CampaignOptions& options, const std::vector<Pending>& pending) {
  if (pending.empty()) return;
  std::vector<ProgramToCompile> programs;
  for (const Pending& p : pending) programs.push_back({p.program.get(), p.options, p.unit});
  try {
    std::vector<CompiledProgram> compiled = compile_programs(programs, compiler_of(options));
    for (std::size_t i = 0; i < pending.size(); ++i) kernel_table()[pending[i].key].kernel = compiled[i];
  } catch (const InternalError& e) {
    if (pending.size() == 1) {
      kernel_table()[pending[0].key].fault = e.what();
      return;
    }
    const auto middle = pending.begin() + std::ptrdiff_t(pending.size() / 2);
    compile_pending(options, {pending.begin(), middle});
    compile_pending(options, {middle, pending.end()});
  }
}

// Generates each kernel (once: the batch reuses the text), so that CHAD's own faults and
// unsupported constructs are recorded per program before the batch is compiled.
void add_pending(const CampaignOptions& options, const std::string& text,
                 const std::shared_ptr<const CheckedProgram>& program, std::vector<Pending>& pending) {
  for (ChadMode mode : options.modes)
    for (SumsStrategy sums : options.sums) {
      KernelKey key = key_of(options, text, mode, sums);
      if (kernel_table().count(key)) continue;
      static std::size_t next_name = 0;  // kernel names unique in the process
      KernelOptions k = kernel_options(options, mode, sums);
      k.name = "k" + std::to_string(next_name++);
      k.double_only = true;  // called in double only: bound, its templates cost clang nothing
      KernelEntry& entry = kernel_table()[key];
      std::string unit;
      try {
        ScopedChadFaults faults(options.faults);
        unit = generate_kernel_unit(*program, k);
      } catch (const UnsupportedByCodegen& e) {
        entry.unsupported = e.what();
        continue;
      } catch (const InternalError& e) {
        entry.fault = e.what();
        continue;
      }
      pending.push_back({key, program, k, std::move(unit)});
    }
}

const KernelEntry& kernel_for(const CampaignOptions& options, const std::string& text,
                              const std::shared_ptr<const CheckedProgram>& program, ChadMode mode, SumsStrategy sums) {
  KernelKey key = key_of(options, text, mode, sums);
  auto it = kernel_table().find(key);
  if (it == kernel_table().end()) {
    std::vector<Pending> pending;
    CampaignOptions one = options;
    one.modes = {mode};
    one.sums = {sums};
    add_pending(one, text, program, pending);
    compile_pending(options, pending);
    it = kernel_table().find(key);
  }
  return it->second;
}

}  // namespace

void prefetch_compiled_kernels(const CampaignOptions& options, const std::vector<std::size_t>& indices,
                               std::map<std::string, double>* seconds) {
  // The programs already batched, by their own seed and what is injected.
  static std::set<std::tuple<std::uint64_t, const void*, int>> considered;
  auto id = [&](std::size_t index) {
    return std::tuple{program_seed(options.seed, index), static_cast<const void*>(options.rules),
                      options.compiled ? int(options.compiled->fault) : 0};
  };
  if (indices.empty() || considered.count(id(indices.front()))) return;
  const auto start = std::chrono::steady_clock::now();
  std::vector<Pending> pending;
  for (std::size_t index : indices) {
    if (!considered.insert(id(index)).second) continue;
    const GeneratedCase generated = generate_program_at(options, index);
    std::shared_ptr<const CheckedProgram> program;
    try {
      program = std::make_shared<const CheckedProgram>(check_program(parse_program(generated.program, "<generated>")));
    } catch (const SourceError&) {
      continue;  // the check itself will say so
    }
    prefetched_programs()[generated.program] = program;
    if (!is_data_type(program->output_type)) continue;
    add_pending(options, generated.program, program, pending);
  }
  compile_pending(options, pending);
  if (seconds) (*seconds)["compile"] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

ProgramOutcome check_case_prefetched(const CampaignOptions& options, const GeneratedCase& generated,
                                     std::map<std::string, double>* seconds) {
  auto& prefetched = prefetched_programs();
  const auto found = prefetched.find(generated.program);
  if (found == prefetched.end()) return check_case(options, generated, seconds);
  const std::shared_ptr<const CheckedProgram> program = found->second;
  prefetched.erase(found);
  std::optional<Case> k;
  try {
    StageTimer t(seconds, "check");
    k.emplace(generated, program);
  } catch (const SourceError&) {  // its input does not read: the check from the text says so
    return check_case(options, generated, seconds);
  }
  return check_case(options, *k, seconds);
}

bool compiled_kernel_missing(const CampaignOptions& options, const std::string& text, const CheckedProgram& program,
                             ChadMode mode, SumsStrategy sums) {
  return is_data_type(program.output_type) && !kernel_table().count(key_of(options, text, mode, sums));
}

void prefetch_compiled_programs(
    const CampaignOptions& options,
    const std::vector<std::pair<std::string, std::shared_ptr<const CheckedProgram>>>& programs) {
  std::vector<Pending> pending;
  for (const auto& [text, program] : programs)
    if (is_data_type(program->output_type)) add_pending(options, text, program, pending);
  compile_pending(options, pending);
}

std::string compiled_kernel_source(const CampaignOptions& options, const CheckedProgram& program, ChadMode mode,
                                   SumsStrategy sums) {
  ScopedChadFaults faults(options.faults);
  KernelOptions k = kernel_options(options, mode, sums);
  k.standalone_main = true;
  return generate_kernel_source(program, k);
}

CheckOutcome check_compiled(const CampaignOptions& options, Case& k, ChadMode mode, SumsStrategy sums) {
  CheckOutcome c{mode, sums, Verdict::Pass, false, 0, {}};
  c.implementation = Implementation::ChadCompiled;
  const CheckedProgram& program = k.program();
  const NormalForm<double>& input = k.input();
  const KernelEntry& entry = kernel_for(options, k.text().program, k.shared_program(), mode, sums);
  if (!entry.unsupported.empty()) {
    c.verdict = Verdict::Skip;
    c.detail = entry.unsupported;
    return c;
  }
  if (!entry.fault.empty()) {
    c.verdict = Verdict::Fault;
    c.detail = "the compiled kernel: " + entry.fault;
    return c;
  }
  try {
    JacobianResult got = jacobian_by_compiled_kernel(program, *entry.kernel, input);
    judge_double_jacobian(c, "the compiled kernel", got.output_index, &got.output_coords, got.jacobian, program, input,
                          k.reference(), k.certified());
  } catch (const InternalError& e) {  // the kernel faulted (lifted-sum inconsistency, a bad value)
    c.verdict = Verdict::Fault;
    c.detail = std::string("the compiled kernel: ") + e.what();
  } catch (const DomainError& e) {
    c.verdict = Verdict::Fail;
    c.detail = "the compiled kernel raises a domain error the program does not: " + e.message();
  } catch (const SourceError& e) {  // a number that is not finite
    c.verdict = Verdict::FailNumeric;
    c.detail = std::string("the compiled kernel: ") + e.what();
  }
  return c;
}

}  // namespace chad

// CHAD compiled to native code under test (judge/implementation_under_test.hpp,
// oracle/compiled_check.hpp): one check per (mode, sums strategy), of programs whose output is a
// data type (the kernel ABI is over normal forms).
#include <memory>

#include "oracle/compiled_check.hpp"
#include "judge/implementation_under_test.hpp"

namespace chad {
namespace {

class CompiledUnderTest : public ImplementationUnderTest {
 public:
  explicit CompiledUnderTest(const CampaignOptions& options) : options_(options) {}

  std::string name() const override { return "the compiled kernel"; }

  std::optional<std::string> outside_fragment(const CheckedProgram& program) const override {
    if (is_data_type(program.output_type)) return std::nullopt;
    return "the compiled path judges programs whose output is a data type (the kernel ABI is over normal forms)";
  }

  std::vector<CheckPlan> checks() const override { return every_mode_and_sums(options_); }

  CheckOutcome check(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    StageTimer t(seconds, "chad-compiled");
    return check_compiled(options_, k, plan.mode, plan.sums);
  }

  bool draws_chad_output() const override { return true; }  // (the kernel is CHAD's output compiled)
  // Its failures are blamed by checking again in the interpreter (triage/blame_compiled.hpp):
  // CHAD's rule when interpreted CHAD fails too, the code generator's side when only the kernel does.
  bool blamed_by_chad_rules() const override { return true; }

  std::optional<std::string> derivative_source(const CheckedProgram& program, const CheckPlan& plan) const override {
    return compiled_kernel_source(options_, program, plan.mode, plan.sums);
  }

 private:
  const CampaignOptions& options_;
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> make_compiled_under_test(const CampaignOptions& options) {
  return std::make_unique<CompiledUnderTest>(options);
}

}  // namespace chad

// String-diagram reverse AD under test (judge/implementation_under_test.hpp, oracle/sd_check.hpp):
// one check (reverse mode; its sums are not represented) of the first-order programs of its
// simply typed fragment with a data output.
#include <memory>

#include "diagrams/translate.hpp"
#include "judge/implementation_under_test.hpp"
#include "oracle/sd_check.hpp"

namespace chad {
namespace {

class StringDiagramsUnderTest : public ImplementationUnderTest {
 public:
  explicit StringDiagramsUnderTest(const CampaignOptions& options) : options_(options) {}

  std::string name() const override { return "sd-rev"; }

  std::optional<std::string> outside_fragment(const CheckedProgram& program) const override {
    if (diagrams::program_in_fragment(program) && is_data_type(program.output_type)) return std::nullopt;
    return "outside the first-order programs of string-diagram AD's simply typed fragment";
  }

  std::vector<CheckPlan> checks() const override { return {CheckPlan{ChadMode::Reverse, SumsStrategy::Biproduct}}; }

  CheckOutcome check(Case& k, const CheckPlan&, StageSeconds* seconds) const override {
    StageTimer t(seconds, "sd-rev");
    return check_by_string_diagrams(k.program(), k.input(), k.reference(), options_.sd_rules);
  }

  // (its report draws CHAD's output on the same program beside the adjoint's failure)
  bool draws_chad_output() const override { return true; }

 private:
  const CampaignOptions& options_;
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> make_string_diagrams_under_test(const CampaignOptions& options) {
  return std::make_unique<StringDiagramsUnderTest>(options);
}

}  // namespace chad

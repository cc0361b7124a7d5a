// An outside AD tool under test through the adapter protocol (judge/implementation_under_test.hpp,
// adapter_client/adapter_check.hpp, docs/adapter-protocol.md): one check of each program with a data
// output (the full Jacobian, one JVP and one VJP, in the tool's own mode), named by the tool's
// hello; its cost check (oracle/adapter_cost_check.hpp) is one per mode of the campaign; its
// second-order check (`--order 2`) asks for hvp and hessian.
#include <memory>

#include "adapter_client/adapter_check.hpp"
#include "adapter_client/adapter_client.hpp"
#include "oracle/adapter_cost_check.hpp"
#include "adapter_client/adapter_order2_check.hpp"
#include "judge/implementation_under_test.hpp"

namespace chad {
namespace {

class AdapterUnderTest : public ImplementationUnderTest {
 public:
  explicit AdapterUnderTest(const CampaignOptions& options) : options_(options) {}

  std::string name() const override { return options_.adapter->hello().tool; }

  std::optional<std::string> outside_fragment(const CheckedProgram& program) const override {
    if (is_data_type(program.output_type)) return std::nullopt;
    return "an adapter judges programs whose output is a data type (the protocol is over normal forms)";
  }

  std::vector<CheckPlan> checks() const override { return {CheckPlan{ChadMode::Reverse, SumsStrategy::Biproduct}}; }

  CheckOutcome check(Case& k, const CheckPlan&, StageSeconds* seconds) const override {
    StageTimer t(seconds, "adapter");
    return check_by_adapter(options_, k.text().program, k.program(), k.input(), k.reference(), k.certified());
  }

  // The tool's own strategy: one per mode, no sums strategies.
  std::vector<CheckPlan> cost_checks() const override {
    std::vector<CheckPlan> plans;
    for (ChadMode mode : options_.modes) plans.push_back({mode, SumsStrategy::Biproduct});
    return plans;
  }

  CheckOutcome check_cost(Case& k, const CheckPlan& plan, StageSeconds* seconds) const override {
    StageTimer t(seconds, "cost");
    return check_cost_by_adapter(options_, k.text().program, k.program(), k.input(), plan.mode);
  }

  // One: the tool's hvp and hessian answers (adapter_client/adapter_order2_check.hpp), named by its mode.
  std::vector<CheckPlan> second_order_checks() const override {
    return {CheckPlan{ChadMode::Reverse, SumsStrategy::Biproduct}};
  }

  CheckOutcome check_second_order(Case& k, const CheckPlan&, StageSeconds* seconds) const override {
    StageTimer t(seconds, "adapter");
    CheckOutcome c = check_order2_by_adapter(k, options_);
    c.mode_name = options_.adapter->hello().name();
    return c;
  }

 private:
  const CampaignOptions& options_;
};

}  // namespace

std::unique_ptr<ImplementationUnderTest> make_adapter_under_test(const CampaignOptions& options) {
  return std::make_unique<AdapterUnderTest>(options);
}

}  // namespace chad
